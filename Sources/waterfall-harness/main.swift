import Foundation
import WaterfallFeed
import WaterfallShop

// waterfall-harness: the shop wall's measuring modes (--scroll-test, --compare-grid, --grid-view,
// --flowbox, --compare, --soak, --decode-bench), each printing JSON lines; waterfall-demo hands
// these flags over to it unchanged. The command line is the demo's (Options.usage).

let options = Options.parseCommandLine(program: "waterfall-harness")
guard options.mode.measures else {
    FileHandle.standardError.write(Data("""
    waterfall-harness: give a measuring mode (--scroll-test [--compare-grid], --grid-view, --flowbox, --compare,
      --soak S, --decode-bench DIR); the app and its --snapshot are waterfall-demo's.

    """.utf8))
    exit(2)
}

// The folder is copied out of the mode first: Swift 6.0.3 (Debian 13) crashes in its ownership
// verifier on a release build when the `if case` binding is passed on directly.
let decodeBenchDirectory: String? = if case .decodeBench(let directory) = options.mode { directory } else { nil }
if let decodeBenchDirectory {
    exit(DecodeBenchRun.run(directory: decodeBenchDirectory, box: ImagePixelSize(width: options.width, height: options.height)))
}
ShopApplication.requireDisplay(program: "waterfall-harness")
if options.mode == .compare {
    exit(CompareRun.run(options))
}
if options.mode == .compareGrid {
    exit(CompareGridRun.run(options))
}
exit(ShopApplication.run(options) { application, finish in
    MeasuringRun.start(options.mode, application: application, options: options, finish: finish)
})
