import Foundation
import SeededRandom
import WaterfallCore

/// Benchmarks of the layout engine against the seed port, in one run.
enum EngineBenchmarks {
    /// Deterministic item heights in 120...380 points.
    static func heights(count: Int, seed: UInt64 = 42) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in 120 + Double((random.next() >> 33) % 261) }
    }

    /// Runs every engine benchmark and records its figures.
    static func run(into report: inout BenchmarkReport) {
        let million = heights(count: 1_000_000)
        let sizes = million.map { ItemSize.height(Double($0)) }
        let width = 390.0

        // Full layout of 1,000,000 items in 4 columns (what a rotation costs).
        var seed = SeedWaterflow(columns: 4, width: width)
        var engine = WaterfallLayout(columns: .fixed(4), containerWidth: width)
        engine.append(contentsOf: sizes)
        var toggle = false
        let (seedFull, engineFull) = Timing.interleavedBest(rounds: 8, baseline: {
            seed.reloadData(numberOfCells: million.count) { million[$0] }
        }, contender: {
            toggle.toggle()
            engine.containerWidth = toggle ? width + 1 : width
        })
        report.add("full_layout_1m_seed_ms", seedFull * 1e3)
        report.add("full_layout_1m_engine_ms", engineFull * 1e3)
        report.add("full_layout_1m_speedup", seedFull / engineFull)
        report.add("engine_bytes_per_item_1m", Double(engine.memoryFootprint) / 1e6)
        runFirstBuild(million, width: width, into: &report)

        // A refresh: 50 items prepended to 1,000,000 as their own block (the old items move by
        // one constant, no placement) against the same insert at index 0 placing every item
        // again (what a prepend cost before blocks), interleaved. Each round adds 50 items (and
        // a block) to both.
        let fresh = (0..<50).map { ItemSize.aspectRatio(width: 3, height: Double(2 + $0 % 5)) }
        var blocked = WaterfallLayout(columns: .fixed(4), containerWidth: width)
        var reflowed = blocked
        blocked.append(contentsOf: sizes)
        reflowed.append(contentsOf: sizes)
        let (reflowPrepend, blockPrepend) = Timing.interleavedBest(rounds: 12, baseline: {
            reflowed.insert(contentsOf: fresh, at: 0)
        }, contender: {
            blocked.prepend(contentsOf: fresh)
        })
        report.add("prepend_50_on_1m_block_ms", blockPrepend * 1e3)
        report.add("prepend_50_on_1m_reflow_ms", reflowPrepend * 1e3)
        report.add("prepend_50_on_1m_speedup", reflowPrepend / blockPrepend)

        // Feed session: 20,000 items in pages of 50, each page followed by the visible query at
        // the bottom. The seed reloads everything per page. "warm" reuses one layout after
        // removeAll(), as a long-lived view does on a refresh; "cold" starts every run from a new
        // layout, so it grows its buffers from empty (the allocator hands back memory freed by
        // earlier runs, as it does for the seed's frame array, so few pages are faulted in).
        let feed = Array(million.prefix(20_000))
        let viewport = 844.0
        // The delegate's heightAtIndex, asked by both: the seed asks it for every item on every
        // reload, the engine only for the new page, which it is handed as a lazy map over the
        // closure, so neither side builds an intermediate array. Both read the content height
        // their layout keeps (the seed's reloadData computes it from its column maxima).
        let heightAtIndex: (Int) -> Double = { feed[$0] }
        var seedView = SeedWaterflow(columns: 4, width: width)
        let seedSession = {
            for end in stride(from: 50, through: feed.count, by: 50) {
                seedView.reloadData(numberOfCells: end, heightAtIndex: heightAtIndex)
                let bottom = seedView.contentHeight
                blackHole(seedView.visibleIndices(offset: bottom - viewport, height: viewport).count)
            }
        }
        func feedSession(_ layout: inout WaterfallLayout) {
            for start in stride(from: 0, to: feed.count, by: 50) {
                layout.append(contentsOf: (start..<start + 50).lazy.map { ItemSize.height(heightAtIndex($0)) })
                let bottom = layout.contentSize.height
                var visible = 0
                layout.forEachIndex(in: Rect(x: 0, y: bottom - viewport, width: width, height: viewport)) { _ in visible += 1 }
                blackHole(visible)
            }
        }
        var reused = WaterfallLayout(columns: .fixed(4), containerWidth: width)
        let (seedCold, coldSession) = Timing.interleavedBest(rounds: 16, baseline: seedSession, contenderRuns: 10) {
            var layout = WaterfallLayout(columns: .fixed(4), containerWidth: width)
            feedSession(&layout)
        }
        let (seedWarm, warmSession) = Timing.interleavedBest(rounds: 16, baseline: seedSession, contenderRuns: 10) {
            reused.removeAll()
            feedSession(&reused)
        }
        let seedSessionBest = min(seedCold, seedWarm)
        report.add("feed_session_20k_seed_ms", seedSessionBest * 1e3)
        report.add("feed_session_20k_engine_cold_ms", coldSession * 1e3)
        report.add("feed_session_20k_engine_warm_ms", warmSession * 1e3)
        report.add("feed_session_20k_speedup_cold", seedCold / coldSession)
        report.add("feed_session_20k_speedup_warm", seedWarm / warmSession)

        // Visible query at 1,000,000 items, 844 pt viewport: scroll steps down the content, and
        // random jumps (cold caches).
        let contentHeight = Double(engine.contentSize.height)
        let steps = 200_000
        let stepLength = (contentHeight - viewport) / Double(steps)
        var found = 0
        let scrolled = Timing.best(of: 3) {
            for step in 0..<steps {
                let rect = Rect(x: 0, y: Double(step) * stepLength, width: width, height: viewport)
                engine.forEachIndex(in: rect) { _ in found &+= 1 }
            }
        }
        var generator = SplitMix64(seed: 7)
        let offsets = (0..<steps).map { _ in Double((generator.next() >> 11) % UInt64(contentHeight - viewport)) }
        let jumped = Timing.best(of: 3) {
            for offset in offsets {
                engine.forEachIndex(in: Rect(x: 0, y: offset, width: width, height: viewport)) { _ in found &+= 1 }
            }
        }
        let sortedQuery = Timing.best(of: 3) {
            for offset in offsets.prefix(20_000) {
                found &+= engine.indices(in: Rect(x: 0, y: offset, width: width, height: viewport)).count
            }
        }
        blackHole(found)
        let seedQuery = Timing.best(of: 3) {
            blackHole(seed.visibleIndices(offset: contentHeight / 2, height: viewport).count)
        }
        report.add("visible_query_1m_scroll_us", scrolled / Double(steps) * 1e6)
        report.add("visible_query_1m_random_us", jumped / Double(steps) * 1e6)
        report.add("visible_query_1m_sorted_array_us", sortedQuery / 20_000 * 1e6)
        report.add("visible_query_1m_seed_us", seedQuery * 1e6)
    }

    /// The first build of 1,000,000 items from nothing, what opening a huge feed costs: a new
    /// seed view and a new layout each round, both growing their buffers from empty (the seed's
    /// frame array by appends, as its `NSMutableArray` does), both asking the same
    /// `heightAtIndex` closure for every item (the engine through a lazy map).
    static func runFirstBuild(_ heights: [Double], width: Double, into report: inout BenchmarkReport) {
        let heightAtIndex: (Int) -> Double = { heights[$0] }
        let (seedFirst, engineFirst) = Timing.interleavedBest(rounds: 8, baseline: {
            var seed = SeedWaterflow(columns: 4, width: width)
            seed.reloadData(numberOfCells: heights.count, heightAtIndex: heightAtIndex)
            blackHole(seed.contentHeight)
        }, contender: {
            var layout = WaterfallLayout(columns: .fixed(4), containerWidth: width)
            layout.append(contentsOf: (0..<heights.count).lazy.map { ItemSize.height(heightAtIndex($0)) })
            blackHole(layout.contentSize)
        })
        report.add("first_build_1m_seed_ms", seedFirst * 1e3)
        report.add("first_build_1m_engine_ms", engineFirst * 1e3)
        report.add("first_build_1m_speedup", seedFirst / engineFirst)
    }
}
