import Foundation
import WaterfallFeed

// waterfall-demo: seed 004's shop wall on GTK 4. See Options.usage.

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch .helpRequested {
    print(Options.usage)
    exit(0)
} catch .invalidValue(let flag, let reason) {
    // A bad value is one line: the usage would only bury it.
    FileHandle.standardError.write(Data("waterfall-demo: \(flag): \(reason)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("waterfall-demo: \(error)\n\n\(Options.usage)\n".utf8))
    exit(2)
}

if case .decodeBench(let directory) = options.mode {
    exit(DecodeBenchRun.run(directory: directory, box: ImagePixelSize(width: options.width, height: options.height)))
}

let environment = ProcessInfo.processInfo.environment
guard !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty else {
    FileHandle.standardError.write(Data("""
    waterfall-demo: no display (neither DISPLAY nor WAYLAND_DISPLAY is set), so no window can open.
      Headless, the demo script starts a virtual X server by itself:
        scripts/demo.sh --snapshot shop-wall.png    write a screenshot
        scripts/demo.sh --scroll-test               print the scrolling figures as JSON
        scripts/demo.sh --compare                   the same against a GtkFlowBox
      Or run it under a virtual X server yourself:  xvfb-run -a scripts/demo.sh [options]

    """.utf8))
    exit(3)
}

if options.mode == .compare {
    exit(CompareRun.run(options))
}
if options.mode == .compareGrid {
    exit(CompareGridRun.run(options))
}
exit(DemoApp.run(options))
