import CWaterfallSandbox
import Dispatch
import FoundationEssentials
import Synchronization
import WaterfallFeed

/// Worker processes that decode untrusted image bytes outside the app — JPEG, PNG and still WebP
/// with the streaming decoders, every other format with gdk-pixbuf's loaders: the sandbox a
/// `PixbufDecoder` decodes through when it has one (the standard pipeline's does).
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
/// `maximumWorkers` images decode at once, further callers wait for a worker. A worker loads
/// gdk-pixbuf's loaders only when a format needs them (a `pixbuf` worker; JPEG, PNG and WebP go
/// to workers that load nothing), so up to `maximumWorkers` of each kind may be alive.
public final class ImageWorkerPool: Sendable {
    /// How workers are started and bounded.
    public struct Configuration: Sendable {
        /// The worker executable's path (see `ImageWorkerPool.locateWorker()`).
        public var executable: String
        /// The most images decoding at once (and workers of each kind).
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

        /// A configuration for `executable`; by default 4 workers (whatever the processor count:
        /// in-process decoding runs as many decodes at once on Swift's threads, and fewer lose
        /// the CPU to other programs — docs/SANDBOX.md), 1 GiB of address space, 10 CPU seconds
        /// an image, 300 a worker, a 15 s deadline.
        public init(executable: String, maximumWorkers: Int = 4,
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
        var idle: [ImageWorker.Kind: [ImageWorker]] = [:]
        var live: Set<pid_t> = []
        /// Live workers that have not decoded an image yet (started ahead or on demand).
        var untried: Set<pid_t> = []
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
            defer { state.idle = [:] }
            return state.idle.values.flatMap { $0 }
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
        case .gif, .bmp: throw .failed("the streaming decoders do not decode \(format.rawValue)")
        }
        var request = wf_worker_request()
        request.magic = WF_WORKER_MAGIC
        request.format = wireFormat
        (request.source_width, request.source_height) = (Int32(source.width), Int32(source.height))
        (request.width, request.height) = (Int32(output.width), Int32(output.height))
        request.orientation = Int32(orientation.rawValue)
        request.fault = fault
        let expected = orientation.displayed(output)
        let pixels = try perform(request, data: data, kind: .streamed, deadline: deadline) { reply in
            reply.pixel_format == WF_WORKER_PIXELS_RGBA_PREMULTIPLIED && reply.frames == 1
                && Int(reply.width) == expected.width && Int(reply.height) == expected.height
        }
        let texture = Texture.frames(adoptingMapping: pixels.mapping, length: pixels.length, width: expected.width,
                                     height: expected.height, stride: pixels.stride,
                                     format: GDK_MEMORY_R8G8B8A8_PREMULTIPLIED, count: 1)[0]
        return DecodedImage(image: texture, pixelWidth: expected.width, pixelHeight: expected.height,
                            byteCount: pixels.frameBytes)
    }

    /// Decodes `data`, of any format gdk-pixbuf has a loader for (GIF, BMP, TIFF, SVG, animated
    /// WebP, AVIF, HEIC, …), to fit `box` in a pixbuf worker, as `PixbufDecoder` does in process
    /// (the same C code: `CWaterfallPixbufDecoding`): scaled to the box even when that enlarges
    /// the image with `enlarges` (SVG); an animation of `frameCount` frames comes back as its
    /// first frame carrying all of them, made smaller than the box if need be so that they take
    /// at most `maximumAnimationBytes`.
    ///
    /// - Complexity: O(data bytes) to pass the data, plus the worker's decode; O(frames) for the pixels.
    /// - Throws: `ImageWorkerError` (`unrecognized` when no loader knew the data).
    func decodeWithPixbuf(_ data: Data, box: ImagePixelSize, enlarges: Bool, frameCount: Int,
                          maximumAnimationBytes: Int, fault: UInt32 = 0) throws(ImageWorkerError) -> DecodedImage<Texture> {
        var request = wf_worker_request()
        request.magic = WF_WORKER_MAGIC
        request.format = UInt32(WF_WORKER_FORMAT_PIXBUF)
        (request.width, request.height) = (Int32(clamping: box.width), Int32(clamping: box.height))
        request.orientation = 1
        request.flags = enlarges ? UInt32(WF_WORKER_ENLARGES) : 0
        request.frame_count = Int32(clamping: max(1, frameCount))
        request.max_animation_bytes = UInt64(max(0, maximumAnimationBytes))
        request.fault = fault
        let pixels = try perform(request, data: data, kind: .pixbuf, deadline: nil) { reply in
            reply.pixel_format != WF_WORKER_PIXELS_RGBA_PREMULTIPLIED && reply.frames <= request.frame_count
                && reply.width <= request.width && reply.height <= request.height
        }
        let (width, height, count) = (Int(pixels.reply.width), Int(pixels.reply.height), Int(pixels.reply.frames))
        let format = pixels.reply.pixel_format == WF_WORKER_PIXELS_RGB ? GDK_MEMORY_R8G8B8 : GDK_MEMORY_R8G8B8A8
        // Only an animation's reply has delays after its frames (`Pixels.length(of:)`): a still
        // image's mapping ends with its pixels, at a page boundary when they fill whole pages.
        let delays = count == 1 ? [] : (0..<count).map { index in
            Int(pixels.mapping.loadUnaligned(fromByteOffset: count * pixels.frameBytes + index * 4, as: Int32.self))
        }
        let frames = Texture.frames(adoptingMapping: pixels.mapping, length: pixels.length, width: width, height: height,
                                    stride: pixels.stride, format: format, count: count)
        let image = count == 1 ? frames[0]
            : Texture(firstFrame: frames[0],
                      animation: TextureAnimation(timeline: AnimationTimeline(delays: delays), frames: .decoded(frames)))
        return DecodedImage(image: image, pixelWidth: width, pixelHeight: height, byteCount: pixels.frameBytes * count)
    }

    /// Sends `request` with `data` to an idle or new worker of `kind`, waiting at most
    /// `deadline` (default: the configuration's); the pixels the reply carries, checked by
    /// `accepts`. A worker that fails is ended, one that answers is kept for the next image.
    private func perform(_ request: wf_worker_request, data: Data, kind: ImageWorker.Kind, deadline: Duration?,
                         accepts: (wf_worker_reply) -> Bool) throws(ImageWorkerError) -> ImageWorker.Pixels {
        var request = request
        request.size = UInt64(data.count)
        slots.wait()
        defer { slots.signal() }
        let worker = try take(kind)
        let outcome = data.withUnsafeBytes { bytes in
            worker.run(request, data: bytes, deadline: deadline ?? configuration.deadline, accepts: accepts)
        }
        switch outcome {
        case .decoded(let pixels, let retiring):
            if state.withLock({ $0.untried.remove(worker.pid) }) != nil {
                Log.debug("image worker \(worker.pid) (\(configuration.executable)) decoded its first image; \(worker.confinement)")
            }
            if retiring { retire(worker) } else { giveBack(worker) }
            return pixels
        case .failed(let error):
            retire(worker)
            throw error
        case .died:
            let ending = retire(worker)
            throw .crashed(signal: ending.signal, exitStatus: ending.exitStatus)
        }
    }

    /// An idle worker of `kind`, or a new one.
    private func take(_ kind: ImageWorker.Kind) throws(ImageWorkerError) -> ImageWorker {
        let reused = state.withLock { state -> Result<ImageWorker?, ImageWorkerError> in
            guard !state.isShutDown else {
                return .failure(.unavailable(path: configuration.executable, reason: "the pool is shut down"))
            }
            return .success(state.idle[kind]?.popLast())
        }
        if let worker = try reused.get() { return worker }
        return try started(kind)
    }

    /// A new worker of `kind`, counted.
    private func started(_ kind: ImageWorker.Kind) throws(ImageWorkerError) -> ImageWorker {
        let worker = try ImageWorker.start(configuration, kind: kind)
        state.withLock { state in
            state.live.insert(worker.pid)
            state.untried.insert(worker.pid)
            state.started += 1
        }
        return worker
    }

    /// Starts the streamed workers now, off the calling thread, so that the first images do not
    /// wait for a worker to start (a pixbuf worker, which loads gdk-pixbuf's loaders first,
    /// starts when a format needs it).
    public func prestart() {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            for _ in 0..<configuration.maximumWorkers {
                guard !state.withLock({ $0.isShutDown }), let worker = try? started(.streamed) else { return }
                giveBack(worker)
            }
        }
    }

    /// Puts a worker back for the next image (or ends it when the pool is shut down or already
    /// keeps `maximumWorkers` of its kind).
    private func giveBack(_ worker: ImageWorker) {
        let kept = state.withLock { state -> Bool in
            guard !state.isShutDown, state.idle[worker.kind, default: []].count < configuration.maximumWorkers else {
                return false
            }
            state.idle[worker.kind, default: []].append(worker)
            return true
        }
        if !kept { retire(worker) }
    }

    /// Ends a worker by PID and forgets it.
    @discardableResult
    private func retire(_ worker: ImageWorker) -> (signal: Int32, exitStatus: Int32) {
        let ending = worker.end()
        state.withLock { state in
            state.live.remove(worker.pid)
            state.untried.remove(worker.pid)
        }
        return ending
    }
}
