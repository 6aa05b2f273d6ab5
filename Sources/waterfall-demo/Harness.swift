import FoundationEssentials
import Glibc
import WaterfallGTK

/// The hand-over of the measuring modes to `waterfall-harness`, the executable built and
/// installed beside this one: the demo's command line stays what it was, and the demo itself
/// holds no benchmark code.
enum Harness {
    /// The harness's file name, looked up in this executable's directory.
    static let name = "waterfall-harness"

    /// Replaces this process with the harness, given this process's arguments unchanged and its
    /// environment; returns only by exiting with status 2 and a message when there is no
    /// harness to run.
    static func handOff() -> Never {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let harness = own.deletingLastPathComponent().appendingPathComponent(name).path
        var arguments: [UnsafeMutablePointer<CChar>?] = [strdup(harness)]
        arguments += CommandLine.arguments.dropFirst().map { strdup($0) }
        arguments.append(nil)
        execv(harness, arguments)
        let reason = String(cString: strerror(errno))
        StandardError.write("""
        waterfall-demo: the measuring modes (--scroll-test, --compare-grid, --grid-view, --flowbox, --compare,
          --soak, --decode-bench) run in \(name), and \(harness) cannot be run: \(reason).
          Build it beside the demo: swift build [-c release] --product \(name)
          (scripts/demo.sh and the measuring scripts build both).

        """)
        exit(2)
    }
}
