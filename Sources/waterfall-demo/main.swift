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
    if case .snapshot(let path) = options.mode {
        let run = SnapshotRun(application: application, options: options, path: path)
        run.start(finish: finish)
        return run
    }
    let shop = makeWallWindow(application: application, options: options, preloadAll: false)
    shop.present()
    return shop
})
