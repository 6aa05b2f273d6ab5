import Foundation
import WaterfallGTK

/// Starts the GTK application in the mode the options ask for.
@MainActor
enum DemoApp {
    /// The running mode's controller, kept alive for the application's lifetime.
    private static var controller: AnyObject?
    private static var exitStatus: Int32 = 0

    /// Runs the application; returns the process exit status.
    static func run(_ options: Options) -> Int32 {
        let application = Application(name: tr("Waterfall Shop Wall"), id: "io.github.waterfall.ShopWall")
        if !options.animations { Application.animationsEnabled = false }
        application.run { application in
            let finish: @MainActor (Int32) -> Void = { status in
                exitStatus = status
                application.quit()
            }
            switch options.mode {
            case .interactive:
                let shop = makeWallWindow(application: application, options: options, preloadAll: false)
                shop.present()
                controller = shop
            case .snapshot(let path):
                let run = SnapshotRun(application: application, options: options, path: path)
                run.start(finish: finish)
                controller = run
            case .scrollTest:
                let run = ScrollTestRun(application: application, options: options)
                run.start(finish: finish)
                controller = run
            case .gridView:
                let run = GridViewRun(application: application, options: options)
                run.start(finish: finish)
                controller = run
            case .flowBox:
                let run = FlowBoxRun(application: application, options: options)
                run.start(finish: finish)
                controller = run
            case .soak(let seconds):
                let run = SoakRun(application: application, options: options, seconds: seconds)
                run.start(finish: finish)
                controller = run
            case .compare, .compareGrid, .decodeBench:
                preconditionFailure("--compare, --compare-grid and --decode-bench run without a window")
            }
        }
        return exitStatus
    }
}
