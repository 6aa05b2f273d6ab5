import CWaterfallSandbox
import Dispatch
import Foundation
import Synchronization
import WaterfallFeed

/// Worker processes that decode untrusted JPEG, PNG and still WebP bytes outside the app: the
/// sandbox a `PixbufDecoder` decodes through when it has one (the standard pipeline's does).
///
/// Each worker is a `waterfall-image-worker` process confined by seccomp (no files, no network,
/// no exec) under limits on its address space and CPU time, installed before it reads any
/// untrusted byte. The encoded data goes to it in a sealed memfd; the pixels come back in a
/// memfd the app seals and maps read-only, and the texture is made over that mapping without a
/// copy. Workers are reused; one that crashes, misses the deadline (killed), fails an image, or
/// spends its CPU budget is ended by PID and replaced by a new one for the next image. See
/// docs/SANDBOX.md.
///
/// `decode` blocks the calling thread (the pipeline calls it off the main thread); at most
/// `maximumWorkers` images decode at once, further callers wait for a worker.
public final class ImageWorkerPool: Sendable {
    /// How workers are started and bounded.
    public struct Configuration: Sendable {
        /// The worker executable's path (see `ImageWorkerPool.locateWorker()`).
        public var executable: String
        /// The most workers (and images decoding at once).
        public var maximumWorkers: Int
        /// Each worker's address-space limit (RLIMIT_AS), in bytes: a larger image fails.
        public var memoryLimitBytes: Int
        /// The CPU seconds one image may take (the RLIMIT_CPU soft limit, moved per image).
        public var cpuSecondsPerImage: Int
        /// The CPU seconds a worker may take in its life (the RLIMIT_CPU hard limit); a worker
        /// retires when what is left cannot cover another image.
        public var cpuSecondsPerWorker: Int
        /// How long the app waits for one image before it kills the worker.
        public var deadline: Duration
        /// Whether workers honour the test faults of `CWaterfallSandbox.h` (tests only).
        var allowsTestFaults = false

        /// A configuration for `executable`; by default as many workers as processors (at most
        /// 4), 1 GiB of address space, 10 CPU seconds an image, 300 a worker, a 15 s deadline.
        public init(executable: String, maximumWorkers: Int = min(4, ProcessInfo.processInfo.activeProcessorCount),
                    memoryLimitBytes: Int = 1 << 30, cpuSecondsPerImage: Int = 10, cpuSecondsPerWorker: Int = 300,
                    deadline: Duration = .seconds(15)) {
            self.executable = executable
            self.maximumWorkers = max(1, maximumWorkers)
            self.memoryLimitBytes = memoryLimitBytes
            self.cpuSecondsPerImage = max(1, cpuSecondsPerImage)
            self.cpuSecondsPerWorker = max(self.cpuSecondsPerImage, cpuSecondsPerWorker)
            self.deadline = deadline
        }
    }

    /// What the pool holds.
    private struct State {
        var idle: [ImageWorker] = []
        var live: Set<pid_t> = []
        var isShutDown = false
        var started = 0
    }

    /// The configuration the pool was made with.
    public let configuration: Configuration
    private let slots: DispatchSemaphore
    private let state = Mutex(State())

    /// Makes a pool; workers start when the first images need them.
    public init(configuration: Configuration) {
        self.configuration = configuration
        slots = DispatchSemaphore(value: configuration.maximumWorkers)
    }

    deinit {
        shutDown()
    }

    /// The PIDs of the workers alive now, idle or decoding.
    public var processIdentifiers: [pid_t] { state.withLock { Array($0.live) } }

    /// The number of workers started so far (replacements included).
    public var workersStarted: Int { state.withLock { $0.started } }

    /// Ends every idle worker by PID; a worker still decoding is ended when its image is done.
    /// Later decodes fail with `ImageWorkerError.unavailable`.
    public func shutDown() {
        let idle = state.withLock { state -> [ImageWorker] in
            state.isShutDown = true
            defer { state.idle = [] }
            return state.idle
        }
        for worker in idle { retire(worker) }
    }

    /// Decodes `data`, a `format` image of `source` pixels as stored, at `output` (in the stored
    /// orientation), then turned by `orientation`, in a worker, waiting at most `deadline`
    /// (default: the configuration's) for it.
    ///
    /// - Complexity: O(data bytes) to pass the data, plus the worker's decode; O(1) for the pixels.
    /// - Throws: `ImageWorkerError`.
    func decode(_ data: Data, format: ImageHeader.Format, source: ImagePixelSize, output: ImagePixelSize,
                orientation: ImageOrientation, fault: UInt32 = 0,
                deadline: Duration? = nil) throws(ImageWorkerError) -> DecodedImage<Texture> {
        let wireFormat: UInt32
        switch format {
        case .jpeg: wireFormat = UInt32(WF_WORKER_FORMAT_JPEG)
        case .png: wireFormat = UInt32(WF_WORKER_FORMAT_PNG)
        case .webp: wireFormat = UInt32(WF_WORKER_FORMAT_WEBP)
        case .gif, .bmp: throw .failed("the worker does not decode \(format.rawValue)")
        }
        let request = wf_worker_request(magic: WF_WORKER_MAGIC, format: wireFormat, source_width: Int32(source.width),
                                        source_height: Int32(source.height), width: Int32(output.width),
                                        height: Int32(output.height), orientation: Int32(orientation.rawValue),
                                        fault: fault, size: UInt64(data.count))
        let expected = orientation.displayed(output)
        slots.wait()
        defer { slots.signal() }
        let (worker, isNew) = try take()
        let outcome = data.withUnsafeBytes { bytes in
            worker.run(request, data: bytes, expected: expected, deadline: deadline ?? configuration.deadline)
        }
        switch outcome {
        case .decoded(let mapping, let width, let height, let retiring):
            if isNew { Log.debug("image worker \(worker.pid) (\(configuration.executable)) decoded its first image; \(worker.confinement)") }
            if retiring { retire(worker) } else { giveBack(worker) }
            return DecodedImage(image: Texture(adoptingMappedRGBA: mapping, width: width, height: height),
                                pixelWidth: width, pixelHeight: height, byteCount: width * height * 4)
        case .failed(let error):
            retire(worker)
            throw error
        case .died:
            let ending = retire(worker)
            throw .crashed(signal: ending.signal, exitStatus: ending.exitStatus)
        }
    }

    /// An idle worker, or a new one (`isNew`).
    private func take() throws(ImageWorkerError) -> (worker: ImageWorker, isNew: Bool) {
        let reused = state.withLock { state -> Result<ImageWorker?, ImageWorkerError> in
            guard !state.isShutDown else {
                return .failure(.unavailable(path: configuration.executable, reason: "the pool is shut down"))
            }
            return .success(state.idle.popLast())
        }
        if let worker = try reused.get() { return (worker, false) }
        let worker = try ImageWorker.start(configuration)
        state.withLock { state in
            state.live.insert(worker.pid)
            state.started += 1
        }
        return (worker, true)
    }

    /// Puts a worker back for the next image (or ends it when the pool is shut down).
    private func giveBack(_ worker: ImageWorker) {
        let kept = state.withLock { state -> Bool in
            guard !state.isShutDown else { return false }
            state.idle.append(worker)
            return true
        }
        if !kept { retire(worker) }
    }

    /// Ends a worker by PID and forgets it.
    @discardableResult
    private func retire(_ worker: ImageWorker) -> (signal: Int32, exitStatus: Int32) {
        let ending = worker.end()
        _ = state.withLock { $0.live.remove(worker.pid) }
        return ending
    }
}
