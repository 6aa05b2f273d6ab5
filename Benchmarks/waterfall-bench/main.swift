import Foundation

// waterfall-bench: measures the layout engine and view logic against a port of the seeds'
// algorithm in the same run. Run in release: `swift run -c release waterfall-bench [--json]`.
let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--help") {
    print("usage: waterfall-bench [--json]\n  --json  print one JSON object of figure name -> number")
    exit(0)
}
var report = BenchmarkReport()
EngineBenchmarks.run(into: &report)
ViewModelReport.run(into: &report)
print(arguments.contains("--json") ? report.json : report.text)
