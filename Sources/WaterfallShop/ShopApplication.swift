import FoundationEssentials
import WaterfallGTK

/// The shop wall's GTK application, which the demo's modes and the harness's run in.
@MainActor
package enum ShopApplication {
    /// The running mode's controller, kept alive for the application's lifetime.
    private static var controller: AnyObject?
    private static var exitStatus: Int32 = 0

    /// Runs the application with `options`' animation setting; `start` builds what the run
    /// shows once the application is up and returns the object to keep alive, and the run ends
    /// when it calls `finish` with an exit status (or the last window closes: status 0).
    /// Returns the exit status.
    package static func run(_ options: Options,
                            start: @escaping @MainActor (Application, _ finish: @escaping @MainActor (Int32) -> Void) -> AnyObject) -> Int32 {
        let application = Application(name: tr("Waterfall Shop Wall"), id: "io.github.waterfall.ShopWall")
        if !options.animations { Application.animationsEnabled = false }
        application.run { application in
            controller = start(application) { status in
                exitStatus = status
                application.quit()
            }
        }
        return exitStatus
    }

    /// Exits with status 3 and what to do instead when there is no display to open a window on;
    /// `program` names the executable in the message.
    package static func requireDisplay(program: String) {
        let environment = ProcessEnvironment.current
        guard (environment["DISPLAY"] ?? "").isEmpty, (environment["WAYLAND_DISPLAY"] ?? "").isEmpty else { return }
        StandardError.write("""
        \(program): no display (neither DISPLAY nor WAYLAND_DISPLAY is set), so no window can open.
          Headless, the demo script starts a virtual X server by itself:
            scripts/demo.sh --snapshot shop-wall.png    write a screenshot
            scripts/demo.sh --scroll-test               print the scrolling figures as JSON
            scripts/demo.sh --compare                   the same against a GtkFlowBox
          Or run it under a virtual X server yourself:  xvfb-run -a scripts/demo.sh [options]

        """)
        exit(3)
    }
}
