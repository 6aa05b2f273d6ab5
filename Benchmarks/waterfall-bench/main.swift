import Foundation

// waterfall-bench: measures the layout engine and view logic against a port of the seeds'
// algorithm in the same run. Run in release: `swift run -c release waterfall-bench [--json]`.
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") {
    print("""
    usage: waterfall-bench [--json] [--only engine|viewmodel|reorder|scroll|append|resize|firstbuild] [--case C]
      --json          print one JSON object of figure name -> number
      --only GROUP    run one group of benchmarks (scroll, append: parts of viewmodel; firstbuild: of engine;
                      resize: a 4 -> 5 column resize at 1M and 10M items, reader at the top, middle, end)
      --case C        with --only resize, run one case alone: 1m-top, 1m-middle, 1m-end, 10m-top, ...
    """)
    exit(0)
}
/// The value after `flag` on the command line, if any.
func value(after flag: String) -> String? {
    arguments.firstIndex(of: flag).flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
}
let only = value(after: "--only")
var report = BenchmarkReport()
if only == nil || only == "engine" { EngineBenchmarks.run(into: &report) }
if only == "firstbuild" {
    EngineBenchmarks.runFirstBuild(EngineBenchmarks.heights(count: 1_000_000), width: 390, into: &report)
}
if only == nil || only == "viewmodel" { ViewModelReport.run(into: &report) }
if only == nil || only == "reorder" { ReorderBenchmark.run(into: &report) }
if only == "scroll" { ViewModelReport.runScroll(into: &report) }
if only == "append" { ViewModelReport.runAppend(into: &report) }
if only == nil || only == "resize" { ResizeBenchmark.run(into: &report, only: value(after: "--case")) }
print(arguments.contains("--json") ? report.json : report.text)
