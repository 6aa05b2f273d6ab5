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
            let created = ContinuousClock.now
            // Every item is loaded before the scrolling starts.
            let shop = makeWallWindow(application: application, options: options, preloadAll: true)
            return startScrollTest(over: shop, created: created, options: options, finish: finish)
        case .gridView:
            let run = GridViewRun(application: application, options: options)
            run.start(finish: finish)
            return run
        case .flowBox:
            let run = FlowBoxRun(application: application, options: options)
            run.start(finish: finish)
            return run
        case .soak(let seconds):
            let created = ContinuousClock.now
            let shop = makeWallWindow(application: application, options: options, preloadAll: false)
            return startSoak(seconds, over: shop, created: created, options: options, finish: finish)
        case .interactive, .snapshot, .compare, .compareGrid, .decodeBench:
            preconditionFailure("\(mode) does not run in a window of the harness")
        }
    }

    // The wall's modes are generic over the window, whichever cells its waterfall shows; these
    // two open the `any WallWindow` that `makeWallWindow` returns, once, where the mode starts.

    /// Starts `--scroll-test` over `shop`, whose building started at `created`; returns the run.
    private static func startScrollTest<Shop: WallWindow>(over shop: Shop, created: ContinuousClock.Instant, options: Options,
                                                          finish: @escaping @MainActor (Int32) -> Void) -> AnyObject {
        let run = ScrollTestRun(shop: shop, created: created, options: options)
        run.start(finish: finish)
        return run
    }

    /// Starts `--soak seconds` over `shop`, whose building started at `created`; returns the run.
    private static func startSoak<Shop: WallWindow>(_ seconds: Int, over shop: Shop, created: ContinuousClock.Instant,
                                                    options: Options, finish: @escaping @MainActor (Int32) -> Void) -> AnyObject {
        let run = SoakRun(shop: shop, created: created, options: options, seconds: seconds)
        run.start(finish: finish)
        return run
    }
}
