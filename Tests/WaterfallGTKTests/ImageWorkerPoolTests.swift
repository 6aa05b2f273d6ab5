import CWaterfallImageWorker
import CWaterfallSandbox
import Foundation
import Glibc
import Testing
import WaterfallFeed
@testable import WaterfallGTK

/// The sandboxed decoder: `waterfall-image-worker` processes (built beside the test binary by
/// `swift build`) under seccomp and resource limits. Every pool is shut down by the test that made
/// it (its workers ended by PID), whether the test passes or not.
@Suite("ImageWorkerPool", .serialized)
struct ImageWorkerPoolTests {
    /// A pool of one worker that honours the test faults: `executable`, by default the
    /// standalone worker.
    static func pool(executable: String? = nil, memoryLimitBytes: Int = 1 << 30, cpuSecondsPerImage: Int = 10,
                     deadline: Duration = patience) throws -> ImageWorkerPool {
        let executable = try executable ?? #require(ImageWorkerPool.locateWorker(),
                                                    "no waterfall-image-worker in \(ImageWorkerPool.workerCandidates())")
        var configuration = ImageWorkerPool.Configuration(executable: executable, maximumWorkers: 1,
                                                          memoryLimitBytes: memoryLimitBytes,
                                                          cpuSecondsPerImage: cpuSecondsPerImage, deadline: deadline)
        configuration.allowsTestFaults = true
        return ImageWorkerPool(configuration: configuration)
    }

    /// How long a decode that must succeed may take: a bound on waiting, never a figure tested
    /// (under the shared machine's load a worker's start and a small decode took seconds).
    static let patience: Duration = .seconds(300)

    /// Decodes `data` (a PNG, JPEG or WebP) through `pool` as `PixbufDecoder` would, with `fault`,
    /// waiting at most `deadline` (default: the pool's).
    static func decode(_ data: Data, in pool: ImageWorkerPool, box: ImagePixelSize = ImagePixelSize(width: 64, height: 64),
                       fault: Int = WF_WORKER_FAULT_NONE, deadline: Duration? = nil) throws -> DecodedImage<Texture> {
        let header = try #require(ImageHeader.read(from: data))
        let stored = ImagePixelSize(width: header.pixelWidth, height: header.pixelHeight)
        return try pool.decode(data, format: header.format, source: stored,
                               output: StreamingDecoder.outputSize(stored: stored, fitting: box, orientation: header.orientation),
                               orientation: header.orientation, fault: UInt32(fault), deadline: deadline)
    }

    static let png = Result { try PixbufDecoderTests.encoded("png", width: 300, height: 200) }

    /// Decodes the PNG in `pool` and returns its worker's id and `/proc/PID/status`, having
    /// checked the image and that the worker runs under its seccomp filter.
    static func confinedWorker(of pool: ImageWorkerPool) throws -> (pid: pid_t, status: String) {
        let decoded = try decode(try png.get(), in: pool)
        #expect(decoded.pixelWidth == 64 && decoded.pixelHeight == 43)
        let pid = try #require(pool.processIdentifiers.first)
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        #expect(status.contains("Seccomp:\t2\n"), "\(status)")
        return (pid, status)
    }

    @Test func workerRunsUnderSeccompFilterMode() throws {
        let pool = try Self.pool()
        defer { pool.shutDown() }
        let (pid, status) = try Self.confinedWorker(of: pool)
        #expect(status.contains("NoNewPrivs:\t1\n"))
        let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
        let addressSpace = limits.split(separator: "\n").first { $0.hasPrefix("Max address space") }
        #expect(addressSpace?.contains("1073741824") == true, "\(limits)")
    }

    @Test func workersAreReused() throws {
        let pool = try Self.pool()
        defer { pool.shutDown() }
        for _ in 0..<5 { _ = try Self.decode(try Self.png.get(), in: pool) }
        #expect(pool.workersStarted == 1)
        #expect(pool.processIdentifiers.count == 1)
    }

    @Test func pixelsEqualInProcessDecoding() throws {
        let fixtures = try ImageFixtures.standard.get().filter { ["jpeg", "png", "webp"].contains($0.format) && !$0.animated }
        try #require(!fixtures.isEmpty)
        let pool = try Self.pool()
        defer { pool.shutDown() }
        let compared = try Self.compareWithInProcess(fixtures, through: pool)
        #expect(compared >= 6, "only \(compared) comparisons")
        #expect(pool.workersStarted == 1, "a worker was replaced while every image decoded")
    }

    /// Decodes every fixture at a cell's size and at full size through `pool` and in process, and
    /// expects the same pixels, frames and delays (`ImageWorkerPixbufTests.same`); a fixture that
    /// fails in process must fail in the worker too. Returns the number of comparisons.
    static func compareWithInProcess(_ fixtures: [ImageFixtures.Fixture], through pool: ImageWorkerPool) throws -> Int {
        let sandboxed = PixbufDecoder(decoding: .sandboxed(pool)), inProcess = PixbufDecoder(decoding: .inProcess)
        var compared = 0
        for fixture in fixtures {
            let data = try Data(contentsOf: fixture.url)
            for box in [ImagePixelSize(width: 48, height: 48), ImagePixelSize(width: 4096, height: 4096)] {
                let expected: DecodedImage<Texture>
                do {
                    expected = try inProcess.decode(data, maxPixelSize: box)
                } catch {
                    #expect(throws: (any Error).self, "\(fixture): \(error)") { try sandboxed.decode(data, maxPixelSize: box) }
                    continue
                }
                let actual = try sandboxed.decode(data, maxPixelSize: box)
                #expect(ImageWorkerPixbufTests.same(actual, expected), "\(fixture) at \(box)")
                #expect(actual.byteCount <= expected.byteCount, "\(fixture) at \(box): \(actual.byteCount) bytes")
                compared += 1
            }
        }
        return compared
    }

    /// Starts the pool's worker with an image, decodes with `fault` (under the pool's deadline) in
    /// the background while `act` does something to the worker, and returns the decode's error;
    /// then checks that the worker is gone and that the pool decodes the next image with a new
    /// one. The images that must decode wait `patience`, whatever the pool's deadline.
    static func failure(fault: Int, pool: ImageWorkerPool,
                        act: @Sendable (pid_t) async throws -> Void = { _ in }) async throws -> ImageWorkerError? {
        let data = try png.get()
        _ = try decode(data, in: pool, deadline: patience)
        let pid = try #require(pool.processIdentifiers.first)
        let decoding = Task.detached { () -> ImageWorkerError? in
            do {
                _ = try decode(data, in: pool, fault: fault)
                return nil
            } catch let error as ImageWorkerError {
                return error
            }
        }
        try await act(pid)
        let error = try await decoding.value
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "worker \(pid) is still there")
        let next = try decode(data, in: pool, deadline: patience)
        #expect(next.pixelWidth == 64)
        #expect(pool.workersStarted == 2)
        return error
    }

    @Test func workerKilledMidDecodeWithSIGKILL() async throws {
        let pool = try Self.pool()
        defer { pool.shutDown() }
        let error = try await Self.failure(fault: WF_WORKER_FAULT_HANG, pool: pool) { pid in
            // Mid-decode: the worker is spinning in the faulted request once its CPU time grows.
            let start = try Self.cpuTicks(of: pid)
            while try Self.cpuTicks(of: pid) < start + 2 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(kill(pid, SIGKILL) == 0)
        }
        #expect(error == .crashed(signal: SIGKILL, exitStatus: 0))
    }

    /// The user and system CPU time of a process so far, in clock ticks (`/proc/PID/stat`).
    static func cpuTicks(of pid: pid_t) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the parenthesised command name: state is the 3rd, utime the 14th, stime the 15th.
        let fields = try #require(stat.split(separator: ")").last).split(separator: " ")
        return try #require(Int(fields[11])) + #require(Int(fields[12]))
    }

    @Test func workerCrashingWithSIGSEGV() async throws {
        let pool = try Self.pool()
        defer { pool.shutDown() }
        let error = try await Self.failure(fault: WF_WORKER_FAULT_SEGV, pool: pool)
        #expect(error == .crashed(signal: SIGSEGV, exitStatus: 0))
        #expect(error.map { String(describing: $0) }?.contains("SIGSEGV") == true)
    }

    @Test func hangingWorkerIsKilledAtTheDeadline() async throws {
        let pool = try Self.pool(deadline: .milliseconds(500))
        defer { pool.shutDown() }
        let error = try await Self.failure(fault: WF_WORKER_FAULT_HANG, pool: pool)
        #expect(error == .timedOut(.milliseconds(500)))
    }

    @Test func spinningWorkerMeetsItsCPULimit() async throws {
        // Only the CPU limit ends the spin, after one CPU second however long the loaded machine
        // takes to give it that: the deadline is out of the way.
        let pool = try Self.pool(cpuSecondsPerImage: 1, deadline: Self.patience)
        defer { pool.shutDown() }
        let error = try await Self.failure(fault: WF_WORKER_FAULT_HANG, pool: pool)
        #expect(error == .crashed(signal: SIGXCPU, exitStatus: 0))
    }

    @Test func imageOverTheMemoryLimitFails() async throws {
        // 4500×4500 at full size is 81 MB of pixels, over a 64 MB address space.
        let data = try PixbufDecoderTests.encoded("png", width: 4500, height: 4500)
        let pool = try Self.pool(memoryLimitBytes: 64 << 20)
        defer { pool.shutDown() }
        let decoder = PixbufDecoder(decoding: .sandboxed(pool))
        let small = try decoder.decode(data, maxPixelSize: ImagePixelSize(width: 200, height: 200))
        #expect(small.pixelWidth == 200)
        let first = try #require(pool.processIdentifiers.first)
        #expect(throws: ImageWorkerError.self) {
            try decoder.decode(data, maxPixelSize: ImagePixelSize(width: 4500, height: 4500))
        }
        do {
            _ = try decoder.decode(data, maxPixelSize: ImagePixelSize(width: 4500, height: 4500))
        } catch let error as ImageWorkerError {
            #expect(String(describing: error).contains("out of memory"), "\(error)")
        }
        #expect(kill(first, 0) == -1 && errno == ESRCH, "the worker that failed is still there")
        #expect(try decoder.decode(data, maxPixelSize: ImagePixelSize(width: 100, height: 100)).pixelWidth == 100)
    }

    @Test func faultsNeedTheTestFlag() throws {
        var configuration = try Self.pool().configuration
        configuration.allowsTestFaults = false
        let pool = ImageWorkerPool(configuration: configuration)
        defer { pool.shutDown() }
        #expect(throws: ImageWorkerError.failed("test faults are not enabled")) {
            try Self.decode(try Self.png.get(), in: pool, fault: WF_WORKER_FAULT_SEGV)
        }
    }

    @Test func missingWorkerFailsClearly() throws {
        let pool = ImageWorkerPool(configuration: .init(executable: "/nonexistent/waterfall-image-worker"))
        defer { pool.shutDown() }
        #expect(throws: ImageWorkerError.unavailable(path: "/nonexistent/waterfall-image-worker",
                                                     reason: "No such file or directory")) {
            try Self.decode(try Self.png.get(), in: pool)
        }
    }

    /// Every executable that links WaterfallGTK holds the worker: this test binary, started
    /// again as a worker, decodes in the sandbox like the standalone executable.
    @Test func theAppsOwnExecutableServesAsTheWorker() throws {
        #expect(wf_image_worker_in_executable() != 0)
        let pool = try Self.pool(executable: ImageWorkerPool.ownExecutable)
        defer { pool.shutDown() }
        let status = try Self.confinedWorker(of: pool).status
        #expect(status.contains("Name:\twaterfall-image\n"), "\(status)")
        #expect(throws: ImageWorkerError.crashed(signal: SIGSEGV, exitStatus: 0)) {
            try Self.decode(try Self.png.get(), in: pool, fault: WF_WORKER_FAULT_SEGV)
        }
    }

    /// The standard decoder is sandboxed or decodes nothing: never in-process by default.
    @Test func theStandardDecoderNeverFallsBackToInProcess() throws {
        let turnedOff = ImageWorkerError.unavailable(
            path: "none", reason: "the sandboxed image decoder is turned off (WATERFALL_IMAGE_WORKER=none)")
        #expect(ImageWorkerPool.standardExecutable(environment: ["WATERFALL_IMAGE_WORKER": "none"]) == .failure(turnedOff))
        #expect(ImageWorkerPool.standardExecutable(environment: ["WATERFALL_IMAGE_WORKER": "/nonexistent/w"])
                == .failure(.unavailable(path: "/nonexistent/w", reason: "WATERFALL_IMAGE_WORKER names no executable file")))
        let found = try ImageWorkerPool.standardExecutable(environment: [:]).get()
        #expect(found.hasSuffix("/waterfall-image-worker") || found == ImageWorkerPool.ownExecutable, "\(found)")
        guard case .sandboxed = PixbufDecoder.Decoding.standard else {
            Issue.record("the test binary's standard decoder is sandboxed")
            return
        }
        #expect(throws: turnedOff) {
            try PixbufDecoder(decoding: .unavailable(turnedOff)).decode(try Self.png.get(), maxPixelSize: ImagePixelSize(width: 9, height: 9))
        }
        #expect(turnedOff.description == "cannot start the sandboxed image decoder none: the sandboxed image decoder is turned off "
                + "(WATERFALL_IMAGE_WORKER=none)")
    }

    @Test func lookupHonoursTheEnvironment() {
        #expect(ImageWorkerPool.workerCandidates(environment: ["WATERFALL_IMAGE_WORKER": "/opt/w"]) == ["/opt/w"])
        #expect(ImageWorkerPool.workerCandidates(environment: ["WATERFALL_IMAGE_WORKER": "none"]).isEmpty)
        let beside = ImageWorkerPool.workerCandidates(environment: [:])
        #expect(beside.first?.hasSuffix("/waterfall-image-worker") == true)
    }
}
