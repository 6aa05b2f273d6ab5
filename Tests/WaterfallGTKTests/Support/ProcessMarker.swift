import Foundation
import Glibc

/// Ends, by PID, every process started under a marker: a test puts `name=value` in the
/// environment of the process it starts, and everything that process starts inherits it
/// (a `dbus-run-session`'s bus, the AT-SPI bus launcher and registry it activates, their own
/// `dbus-daemon`), even what outlives its parent and is re-parented to init.
struct ProcessMarker {
    /// The environment variable's name.
    let name = "WATERFALL_TEST_PROCESS"
    /// This marker's value.
    let value = UUID().uuidString

    /// `environment` with the marker added.
    func marking(_ environment: [String: String]) -> [String: String] {
        environment.merging([name: value]) { $1 }
    }

    /// The live processes that carry the marker.
    func processes() -> [pid_t] {
        let entry = Array("\(name)=\(value)".utf8)
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { pid_t($0) } ?? []
        return pids.filter { pid in
            guard pid != getpid(), let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return environ.split(separator: 0).contains { Array($0) == entry }
        }
    }

    /// Ends every process that carries the marker: SIGTERM, then SIGKILL for those still there
    /// after `grace`. Returns the PIDs that had to be ended.
    @discardableResult
    func endAll(grace: Duration = .seconds(2)) -> [pid_t] {
        let found = processes()
        for pid in found { kill(pid, SIGTERM) }
        let deadline = ContinuousClock.now + grace
        while ContinuousClock.now < deadline, !processes().isEmpty {
            usleep(20_000)
        }
        for pid in processes() { kill(pid, SIGKILL) }
        return found
    }
}
