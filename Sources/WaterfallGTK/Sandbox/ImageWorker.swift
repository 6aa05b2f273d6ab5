import CWaterfallSandbox
import Glibc

/// One `waterfall-image-worker` process and its end of the socket; used by one decode at a time,
/// owned by an `ImageWorkerPool`.
struct ImageWorker: Sendable {
    /// What a worker decodes.
    enum Kind: Hashable, Sendable {
        /// JPEG, PNG and still WebP, with the streaming decoders (no threads, nothing loaded).
        case streamed
        /// Also every format of gdk-pixbuf's loaders, which it loads before its filter (whose
        /// allow-list then also has threads: libheif, dav1d and librsvg start them).
        case pixbuf
    }

    /// The process.
    let pid: pid_t
    /// The app's end of the worker's socket.
    let socket: Int32
    /// What it decodes.
    let kind: Kind

    /// Starts a worker of `configuration` of `kind`.
    /// - Throws: `ImageWorkerError.unavailable`.
    static func start(_ configuration: ImageWorkerPool.Configuration, kind: Kind) throws(ImageWorkerError) -> ImageWorker {
        let arguments = [configuration.executable, String(configuration.memoryLimitBytes),
                         String(configuration.cpuSecondsPerImage), String(configuration.cpuSecondsPerWorker)]
            + (kind == .pixbuf ? ["pixbuf"] : [])
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var socket: Int32 = -1
        let pid = argv.withUnsafeBufferPointer { argv in
            wf_worker_spawn(configuration.executable, argv.baseAddress, configuration.allowsTestFaults ? 1 : 0, &socket)
        }
        guard pid > 0 else {
            throw .unavailable(path: configuration.executable, reason: String(cString: strerror(errno)))
        }
        return ImageWorker(pid: pid, socket: socket, kind: kind)
    }

    /// The pixels of a reply, mapped read-only: `reply.frames` frames of `frameBytes` each (rows
    /// of `stride` bytes), then an animation's delays (Int32 milliseconds each).
    struct Pixels {
        /// The mapping, which the receiver unmaps (`Texture.frames(adoptingMapping:…)` does).
        let mapping: UnsafeMutableRawPointer
        /// Its length.
        let length: Int
        /// The reply that came with it.
        let reply: wf_worker_reply
        /// The bytes of a row.
        var stride: Int { Int(reply.width) * (reply.pixel_format == WF_WORKER_PIXELS_RGB ? 3 : 4) }
        /// The bytes of a frame.
        var frameBytes: Int { stride * Int(reply.height) }

        /// The bytes the pixels of `reply` take, or `nil` for a layout no request asks for.
        static func length(of reply: wf_worker_reply) -> Int? {
            let channels: Int
            switch reply.pixel_format {
            case Int32(WF_WORKER_PIXELS_RGBA_PREMULTIPLIED), Int32(WF_WORKER_PIXELS_RGBA): channels = 4
            case Int32(WF_WORKER_PIXELS_RGB): channels = 3
            default: return nil
            }
            guard reply.width > 0, reply.height > 0, reply.frames >= 1 else { return nil }
            let (frame, overflow) = (Int(reply.width) * Int(reply.height)).multipliedReportingOverflow(by: channels * Int(reply.frames))
            guard !overflow else { return nil }
            return frame + (reply.frames > 1 ? Int(reply.frames) * MemoryLayout<Int32>.size : 0)
        }
    }

    /// What one request came to.
    enum Outcome {
        /// The pixels, and whether the worker retires after them.
        case decoded(Pixels, retiring: Bool)
        /// The worker gave no image and must not be reused (it is exiting or untrusted).
        case failed(ImageWorkerError)
        /// The worker's socket closed: it died (`end()` tells how).
        case died
    }

    /// Sends one request with `data` and waits at most `deadline` for the answer, whose size,
    /// layout and frames `accepts` must allow.
    func run(_ request: wf_worker_request, data: UnsafeRawBufferPointer, deadline: Duration,
             accepts: (wf_worker_reply) -> Bool) -> Outcome {
        let dataFD = wf_memfd_with_bytes("waterfall-image", data.baseAddress, data.count)
        guard dataFD >= 0 else { return .failed(.failed("cannot pass the data: \(String(cString: strerror(errno)))")) }
        defer { close(dataFD) }
        var request = request
        guard wf_channel_send(socket, &request, MemoryLayout<wf_worker_request>.size, dataFD) == 0 else {
            return .died
        }
        let milliseconds = deadline.components.seconds * 1000 + deadline.components.attoseconds / 1_000_000_000_000_000
        switch wf_channel_wait(socket, Int32(clamping: milliseconds)) {
        case 0: return .failed(.timedOut(deadline))
        case 1: break
        default: return .failed(.protocolViolation("cannot wait for the worker: \(String(cString: strerror(errno)))"))
        }
        var reply = wf_worker_reply()
        var pixelsFD: Int32 = -1
        let received = wf_channel_receive(socket, &reply, MemoryLayout<wf_worker_reply>.size, &pixelsFD)
        defer { if pixelsFD >= 0 { close(pixelsFD) } }
        if received == 0 { return .died }
        guard received == MemoryLayout<wf_worker_reply>.size, reply.magic == WF_WORKER_MAGIC else {
            return .failed(.protocolViolation("a reply of \(received) bytes"))
        }
        guard reply.status == 0 else {
            let message = withUnsafeBytes(of: reply.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .failed(reply.unknown_type != 0 ? .unrecognized(message) : .failed(message))
        }
        guard pixelsFD >= 0, accepts(reply), let length = Pixels.length(of: reply) else {
            return .failed(.protocolViolation("\(reply.width)×\(reply.height) pixels (layout \(reply.pixel_format), "
                                              + "\(reply.frames) frames) for this request"))
        }
        guard let mapping = wf_memfd_map_sealed(pixelsFD, length) else {
            return .failed(.protocolViolation("cannot seal and map the pixels: \(String(cString: strerror(errno)))"))
        }
        return .decoded(Pixels(mapping: mapping, length: length, reply: reply), retiring: reply.retiring != 0)
    }

    /// The sandbox lines of the process's `/proc/PID/status` (`Seccomp: 2`, `NoNewPrivs: 1` once
    /// confined), for the debug log.
    var confinement: String {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let lines = status.split(separator: "\n").filter { $0.hasPrefix("Seccomp:") || $0.hasPrefix("NoNewPrivs:") }
        return lines.isEmpty ? "no /proc status" : lines.map { $0.replacing("\t", with: " ") }.joined(separator: ", ")
    }

    /// Ends the process — SIGKILL (which cannot change how an already dying process ends), then
    /// reaped — and closes the socket.
    /// - Returns: how it ended: the signal that ended it (0 if none) and its exit status.
    @discardableResult
    func end() -> (signal: Int32, exitStatus: Int32) {
        close(socket)
        let status = wf_worker_reap(pid, 0)
        guard status >= 0 else { return (0, -1) }
        return (status & 0x7f, (status >> 8) & 0xff)
    }
}
