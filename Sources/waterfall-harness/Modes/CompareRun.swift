import Foundation
import WaterfallShop

/// `--compare`: runs `--scroll-test` and `--flowbox` with the same items and window in two
/// child processes (so neither's memory counts against the other) and prints one JSON line
/// with both reports and the FlowBox ÷ waterfall ratios.
enum CompareRun {
    /// Runs both and prints; returns the exit status.
    static func run(_ options: Options) -> Int32 {
        let shared = ChildRun.sharedArguments(options)
        guard let waterfall = ChildRun.run(shared + ["--scroll-test"]),
              let flowBox = ChildRun.run(shared + ["--flowbox"]) else { return 1 }
        func ratio(_ key: String) -> JSONLine.Value {
            guard let a = flowBox.fields[key] as? Double, let b = waterfall.fields[key] as? Double, b > 0 else {
                return .string("n/a")
            }
            return .double(a / b)
        }
        JSONLine.print([
            ("waterfall", .raw(waterfall.line)),
            ("flowbox", .raw(flowBox.line)),
            ("flowbox_over_waterfall", .object([
                ("first_frame", ratio("first_frame_ms")),
                ("frame_interval_p50", ratio("frame_interval_ms_p50")),
                ("frame_interval_p99", ratio("frame_interval_ms_p99")),
                ("rss", ratio("rss_mb")),
            ])),
        ])
        return 0
    }
}
