import Glibc
import WaterfallShop

// waterfall-demo: seed 004's shop wall on GTK 4, the interactive app and its --snapshot. The
// measuring modes (--scroll-test, --compare-grid, --soak, …) belong to waterfall-harness, which
// this program hands them to (Harness.handOff). See Options.usage.

let options = Options.parseCommandLine(program: "waterfall-demo")
if options.mode.measures {
    Harness.handOff()
}
ShopApplication.requireDisplay(program: "waterfall-demo")
exit(ShopApplication.run(options) { application, finish in
    start(makeWallWindow(application: application, options: options, preloadAll: false), options: options, finish: finish)
})

/// Starts the demo's mode over `shop`, whichever cells its waterfall shows (the one place the demo
/// opens the `any WallWindow` it is given): the snapshot, or the app. Returns what to keep alive.
@MainActor
func start<Shop: WallWindow>(_ shop: Shop, options: Options, finish: @escaping @MainActor (Int32) -> Void) -> AnyObject {
    if case .snapshot(let path) = options.mode {
        let run = SnapshotRun(shop: shop, options: options, path: path)
        run.start(finish: finish)
        return run
    }
    shop.present()
    return shop
}
