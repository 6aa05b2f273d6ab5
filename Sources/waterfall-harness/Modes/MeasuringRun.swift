import WaterfallGTK
import WaterfallShop

/// Starts the measuring mode that runs in a window of its own.
@MainActor
enum MeasuringRun {
    /// Builds and starts `mode`'s run in `application`; returns it (to keep alive until it calls
    /// `finish`). The modes without a window (`--compare`, `--compare-grid`, `--decode-bench`)
    /// and the demo's own are started elsewhere.
    static func start(_ mode: Options.Mode, application: Application, options: Options,
                      finish: @escaping @MainActor (Int32) -> Void) -> AnyObject {
        switch mode {
        case .scrollTest:
            let run = ScrollTestRun(application: application, options: options)
            run.start(finish: finish)
            return run
        case .gridView:
            let run = GridViewRun(application: application, options: options)
            run.start(finish: finish)
            return run
        case .flowBox:
            let run = FlowBoxRun(application: application, options: options)
            run.start(finish: finish)
            return run
        case .soak(let seconds):
            let run = SoakRun(application: application, options: options, seconds: seconds)
            run.start(finish: finish)
            return run
        case .interactive, .snapshot, .compare, .compareGrid, .decodeBench:
            preconditionFailure("\(mode) does not run in a window of the harness")
        }
    }
}
