import Foundation
import WaterfallCore

/// A width change that also changes the column count (4 → 5), through the view model, with
/// the rest of the layout done in idle slices of at most 2 ms, as the GTK view runs them.
/// Deep in the feed the view model lays out an island around the first visible item (see
/// `WaterfallLayout.place(around:clearance:itemBudget:)`); the idle slices then reach it and
/// the scroll offset absorbs its move.
@MainActor
enum ResizeBenchmark {
    /// What a resize cost.
    struct Figures {
        /// Main-thread time of `setViewportSize` (what the next frame waits for), in ms.
        var blockingMilliseconds: Double
        /// Items given frames before `setViewportSize` returned: the placed prefix plus the
        /// island's items.
        var laidOutAtOnce: Int
        /// Of those, the island's items (0 when the first visible item was near enough the top
        /// to place every item before it).
        var islandItems: Int
        /// Time of all the idle slices together, in ms.
        var slicesMilliseconds: Double
        /// The longest slice, in ms.
        var longestSliceMilliseconds: Double
        /// The most CPU time one slice took, in ms (wall-clock slices include preemption by
        /// other processes on a loaded machine).
        var longestSliceCPUMilliseconds: Double
        /// How many slices it took.
        var slices: Int
        /// How far the scroll offset moved when the island joined the placed prefix, in points
        /// (the island's estimated place against its real one), and whether the first visible
        /// item stayed at the same place on screen through it.
        var shiftPoints: Double
        /// Whether the first visible item's place on screen was the same after the last slice
        /// as right after the resize.
        var anchorStayed: Bool
    }

    /// Resizes a wall of `itemCount` items scrolled to `fraction` of its height (0: the top).
    static func resize(itemCount: Int, readerAt fraction: Double) -> Figures {
        let (model, source, _) = ViewModelBenchmarks.makeModel(
            itemCount: itemCount, columns: 4, viewport: Size(width: 1000, height: 1650))
        model.setContentOffset(Point(x: 0, y: (model.contentSize.height - 1650) * fraction))
        source.columns = 5
        let blocking = Timing.once { model.setViewportSize(Size(width: 1200, height: 1650)) }
        let island = (model.layout as? WaterfallCollectionLayout)?.engine.islandRange?.count ?? 0
        let laidOut = model.placedItemCount + island
        let anchor = model.visibleIndices.first
        let placed = anchor.flatMap { model.placedAttributes(at: $0)?.frame }
        let offset = model.contentOffset.y
        var slices = 0, longest = 0.0, longestCPU = 0.0, total = 0.0
        while model.isLayoutPending {
            var cpu = 0.0
            let slice = Timing.once { cpu = Timing.threadCPU { model.continueLayout(within: .milliseconds(2)) } }
            slices += 1
            total += slice
            longest = max(longest, slice)
            longestCPU = max(longestCPU, cpu)
        }
        return Figures(blockingMilliseconds: blocking * 1e3, laidOutAtOnce: laidOut, islandItems: island,
                       slicesMilliseconds: total * 1e3, longestSliceMilliseconds: longest * 1e3,
                       longestSliceCPUMilliseconds: longestCPU * 1e3, slices: slices,
                       shiftPoints: Double(model.contentOffset.y - offset),
                       anchorStayed: anchor.flatMap { model.placedAttributes(at: $0)?.frame } == placed)
    }

    /// The same resize, then at once (the island still waiting to join) an edit of the first
    /// visible item (`.reload`, the delegate answering the same size): what an edit costs the
    /// main thread while a deep estimated part of the layout exists, in ms.
    /// With `inserting`, the edit inserts an item before the first visible one instead.
    static func editWithIsland(itemCount: Int, readerAt fraction: Double, inserting: Bool = false) -> Double {
        let (model, source, _) = ViewModelBenchmarks.makeModel(
            itemCount: itemCount, columns: 4, viewport: Size(width: 1000, height: 1650))
        model.setContentOffset(Point(x: 0, y: (model.contentSize.height - 1650) * fraction))
        source.columns = 5
        model.setViewportSize(Size(width: 1200, height: 1650))
        guard let first = model.visibleIndices.first else { return 0 }
        guard inserting else { return Timing.once { model.performBatchUpdates([.reload(first..<first + 1)]) } * 1e3 }
        source.sizes.insert(.height(200), at: first)
        return Timing.once { model.performBatchUpdates([.insert(first..<first + 1)]) } * 1e3
    }

    /// Records the figures at 1,000,000 and 10,000,000 items, the reader at the top, halfway
    /// and near the end (95 %). `join_jump_viewports` is the scroll offset's move when the
    /// island joins, in viewport heights (1,650 pt). `only` ("10m-top", …) runs one case alone.
    static func run(into report: inout BenchmarkReport, only: String? = nil) {
        for (count, name) in [(1_000_000, "1m"), (10_000_000, "10m")] {
            for (fraction, place) in [(0.0, "top"), (0.5, "middle"), (0.95, "end")] where only == nil || only == "\(name)-\(place)" {
                let figures = resize(itemCount: count, readerAt: fraction)
                report.add("resize_\(name)_\(place)_main_thread_ms", figures.blockingMilliseconds)
                report.add("resize_\(name)_\(place)_laid_out_at_once", Double(figures.laidOutAtOnce))
                report.add("resize_\(name)_\(place)_island_items", Double(figures.islandItems))
                report.add("resize_\(name)_\(place)_idle_total_ms", figures.slicesMilliseconds)
                report.add("resize_\(name)_\(place)_longest_slice_ms", figures.longestSliceMilliseconds)
                report.add("resize_\(name)_\(place)_longest_slice_cpu_ms", figures.longestSliceCPUMilliseconds)
                report.add("resize_\(name)_\(place)_slices", Double(figures.slices))
                report.add("resize_\(name)_\(place)_shift_pt", figures.shiftPoints)
                report.add("resize_\(name)_\(place)_anchor_stayed", figures.anchorStayed ? 1 : 0)
                report.add("resize_\(name)_\(place)_join_jump_viewports", abs(figures.shiftPoints) / 1650)
                report.add("resize_\(name)_\(place)_edit_with_island_ms", editWithIsland(itemCount: count, readerAt: fraction))
                report.add("resize_\(name)_\(place)_insert_with_island_ms",
                           editWithIsland(itemCount: count, readerAt: fraction, inserting: true))
            }
        }
    }
}
