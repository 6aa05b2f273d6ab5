import Foundation
import WaterfallCore

/// A width change that also changes the column count (4 → 5), through the view model, with
/// the rest of the layout done in idle slices of at most 2 ms, as the GTK view runs them.
@MainActor
enum ResizeBenchmark {
    /// What a resize cost.
    struct Figures {
        /// Main-thread time of `setViewportSize` (what the next frame waits for), in ms.
        var blockingMilliseconds: Double
        /// Items laid out before `setViewportSize` returned.
        var laidOutAtOnce: Int
        /// Time of all the idle slices together, in ms.
        var slicesMilliseconds: Double
        /// The longest slice, in ms.
        var longestSliceMilliseconds: Double
        /// The most CPU time one slice took, in ms (wall-clock slices include preemption by
        /// other processes on a loaded machine).
        var longestSliceCPUMilliseconds: Double
        /// How many slices it took.
        var slices: Int
    }

    /// Resizes a wall of `itemCount` items scrolled to `fraction` of its height (0: the top).
    static func resize(itemCount: Int, readerAt fraction: Double) -> Figures {
        let (model, source, _) = ViewModelBenchmarks.makeModel(
            itemCount: itemCount, columns: 4, viewport: CGSize(width: 1000, height: 1650))
        model.setContentOffset(CGPoint(x: 0, y: (model.contentSize.height - 1650) * fraction))
        source.columns = 5
        let blocking = Timing.once { model.setViewportSize(CGSize(width: 1200, height: 1650)) }
        let laidOut = model.laidOutItemCount
        var slices = 0, longest = 0.0, longestCPU = 0.0, total = 0.0
        while model.isLayoutPending {
            var cpu = 0.0
            let slice = Timing.once { cpu = Timing.threadCPU { model.continueLayout(within: .milliseconds(2)) } }
            slices += 1
            total += slice
            longest = max(longest, slice)
            longestCPU = max(longestCPU, cpu)
        }
        return Figures(blockingMilliseconds: blocking * 1e3, laidOutAtOnce: laidOut,
                       slicesMilliseconds: total * 1e3, longestSliceMilliseconds: longest * 1e3,
                       longestSliceCPUMilliseconds: longestCPU * 1e3, slices: slices)
    }

    /// Records the figures at 1,000,000 and 10,000,000 items, the reader at the top and halfway.
    static func run(into report: inout BenchmarkReport) {
        for (count, name) in [(1_000_000, "1m"), (10_000_000, "10m")] {
            for (fraction, place) in [(0.0, "top"), (0.5, "middle")] {
                let figures = resize(itemCount: count, readerAt: fraction)
                report.add("resize_\(name)_\(place)_main_thread_ms", figures.blockingMilliseconds)
                report.add("resize_\(name)_\(place)_laid_out_at_once", Double(figures.laidOutAtOnce))
                report.add("resize_\(name)_\(place)_idle_total_ms", figures.slicesMilliseconds)
                report.add("resize_\(name)_\(place)_longest_slice_ms", figures.longestSliceMilliseconds)
                report.add("resize_\(name)_\(place)_longest_slice_cpu_ms", figures.longestSliceCPUMilliseconds)
                report.add("resize_\(name)_\(place)_slices", Double(figures.slices))
            }
        }
    }
}
