import CWaterfallSandbox
import Foundation
import Glibc
import Testing
import WaterfallFeed
@testable import WaterfallGTK

/// What a compromised image worker can reach: nothing of the app's (no inherited descriptor), no
/// path, no executable memory, no process or namespace, and no life after the app.
@Suite("Worker confinement", .serialized)
struct WorkerConfinementTests {
    /// The worker's open descriptors and what each points to.
    static func descriptors(of pid: pid_t) throws -> [String: String] {
        let directory = "/proc/\(pid)/fd"
        var found: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            found[name] = (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\(name)")) ?? "?"
        }
        return found
    }

    @Test func aWorkerHoldsOnlyItsChannelAndDevNull() throws {
        // Something the app holds open that a worker must not inherit.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("worker-fd-\(getpid()).log")
        let held = open(log.path, O_WRONLY | O_CREAT, 0o600)
        defer {
            close(held)
            try? FileManager.default.removeItem(at: log)
        }
        let pool = try ImageWorkerPoolTests.pool()
        defer { pool.shutDown() }
        _ = try ImageWorkerPoolTests.decode(try ImageWorkerPoolTests.png.get(), in: pool)
        let pid = try #require(pool.processIdentifiers.first)
        let descriptors = try Self.descriptors(of: pid)
        // Besides these, only the worker's own memfd of the pixels it just sent, until it closes it.
        let inherited = descriptors.filter { !$0.value.hasPrefix("/memfd:waterfall-") }
        #expect(inherited.keys.sorted() == ["0", "1", "2", "3"], "\(descriptors)")
        #expect(["0", "1", "2"].allSatisfy { descriptors[$0] == "/dev/null" }, "\(descriptors)")
        #expect(descriptors["3"]?.hasPrefix("socket:") == true, "\(descriptors)")
    }

    /// The filter's answer to each way out, in a streamed worker and in a pixbuf worker (which
    /// may start threads, and stat and access paths for GLib's MIME database and fontconfig):
    /// every other probe is refused.
    @Test func theFilterClosesEveryWayOut() throws {
        let pool = try ImageWorkerPoolTests.pool()
        defer { pool.shutDown() }
        let png = try ImageWorkerPoolTests.png.get()
        let box = ImagePixelSize(width: 32, height: 32)
        for (kind, probe) in [
            ("streamed", { try ImageWorkerPoolTests.decode(png, in: pool, fault: WF_WORKER_FAULT_ESCAPE) }),
            ("pixbuf", {
                try pool.decodeWithPixbuf(png, box: box, enlarges: false, frameCount: 1, maximumAnimationBytes: 1 << 20,
                                          fault: UInt32(WF_WORKER_FAULT_ESCAPE))
            }),
        ] as [(String, () throws -> DecodedImage<Texture>)] {
            do {
                _ = try probe()
                Issue.record("\(kind): the probe request succeeded")
            } catch let error as ImageWorkerError {
                guard case .failed(let findings) = error else {
                    Issue.record("\(kind): \(error)")
                    continue
                }
                let probes = findings.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(probes.count == 6, "\(kind): \(findings)")
                let paths = ["stat(/etc/passwd)", "access(/etc/passwd)"]
                let refused = kind == "pixbuf" ? probes.filter { probe in !paths.contains { probe.hasPrefix($0) } } : probes
                #expect(refused.count == (kind == "pixbuf" ? 4 : 6) && refused.allSatisfy { $0.hasSuffix(": EACCES") },
                        "\(kind): \(findings)")
            }
        }
    }

    /// SIGKILL the app while its worker decodes a 12000×12000 PNG (seconds of work): the worker
    /// is gone within a second, not when its decode or CPU limit ends.
    @Test func workersDieWithTheApp() async throws {
        let giant = try #require(try ImageFixtures.giant.get().first { $0.file == "giant.png" })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("worker-death-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: giant.url, to: folder.appendingPathComponent("giant.png"))
        let beside = (try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") as NSString)
            .deletingLastPathComponent
        let harness = Process()
        harness.executableURL = URL(fileURLWithPath: "\(beside)/waterfall-harness")
        harness.arguments = ["--decode-bench", folder.path, "--width", "600", "--height", "600"]
        harness.standardOutput = FileHandle.nullDevice
        harness.standardError = FileHandle.nullDevice
        try harness.run()
        defer { if harness.isRunning { kill(harness.processIdentifier, SIGKILL) } }
        // Wait for a worker of the harness that is busy (has used CPU) decoding.
        var busy: pid_t?
        for _ in 0..<600 where busy == nil {
            try await Task.sleep(for: .milliseconds(50))
            busy = Self.children(of: harness.processIdentifier).first { Self.cpuTicks(of: $0) > 20 }
        }
        let worker = try #require(busy, "no worker of the harness started decoding within 30 s")
        kill(harness.processIdentifier, SIGKILL)
        harness.waitUntilExit()
        var alive = true
        for _ in 0..<20 where alive {
            try await Task.sleep(for: .milliseconds(50))
            alive = Self.isRunning(worker)
        }
        #expect(!alive, "worker \(worker) still runs 1 s after its app was killed")
        if alive { kill(worker, SIGKILL) }
    }

    /// The processes whose parent is `parent`.
    static func children(of parent: pid_t) -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { pid_t($0) }.filter { pid in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            return status.split(separator: "\n").contains("PPid:\t\(parent)")
        }
    }

    /// User plus system CPU ticks of `pid` (0 when it is gone).
    static func cpuTicks(of pid: pid_t) -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
    }

    /// Whether `pid` exists and is not a zombie.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }
}
