import Foundation
import WaterfallCore

/// Figures from scrolling a headless view model through a feed from top to bottom.
struct ScrollBenchmarkFigures: Equatable, Sendable {
    /// Items in the feed.
    var itemCount: Int
    /// Content height in points.
    var contentHeight: Double
    /// Scroll steps taken from top to bottom.
    var steps: Int
    /// Mean cost of one scroll step (`setContentOffset`: window diff, cell recycling, placing
    /// every live cell on the headless host, events), in microseconds.
    var diffMicrosecondsPerStep: Double
    /// Median cost of one scroll step, in microseconds.
    var medianMicrosecondsPerStep: Double
    /// 99th-percentile cost of one scroll step, in microseconds.
    var p99MicrosecondsPerStep: Double
    /// Mean number of items overlapping the viewport.
    var averageVisibleCells: Double
    /// Largest number of live cells (visible + overscan) at any step.
    var maxLiveCells: Int
    /// Cells the data source had to create (the pool had none) over the whole scroll.
    var cellsCreated: Int
}

/// Figures for inserting pages at one end of a long feed.
struct PageInsertFigures: Equatable, Sendable {
    /// Items in the feed before the inserts.
    var itemCount: Int
    /// Items per page.
    var pageSize: Int
    /// Cost of one `performBatchUpdates([.insert(…)])` in microseconds (mean over the pages).
    var insertMicroseconds: Double
    /// The median cost of one insert in microseconds (leaves out one-time growth, such as the
    /// room the first prepend makes at the front of the engine's storage).
    var insertMedianMicroseconds: Double
    /// The fastest insert in microseconds (the least disturbed by the rest of the machine).
    var insertBestMicroseconds: Double
    /// Visible cells that moved on screen (by more than 1e-6 pt) because of the inserts
    /// (should be 0).
    var visibleCellsMoved: Int
}

/// Where a page goes in ``ViewModelBenchmarks/insertPages(itemCount:at:pageSize:pages:columns:viewport:)``.
enum FeedEnd {
    /// Appended at the bottom (load-more), with the reader at the bottom.
    case bottom
    /// Prepended at the top (a refresh), with the reader halfway down.
    case top
}

/// The view-model benchmarks: plain numbers, measured with `ContinuousClock` on a
/// `HeadlessHost`, in a release build.
@MainActor
enum ViewModelBenchmarks {
    /// A feed of `itemCount` items 150–345 pt tall (mean ~250), repeating every 16 items so
    /// that the masonry settles into a periodic pattern: a long feed then shows the same
    /// windows as a short one, and cell counts can be compared across sizes.
    private static func feed(_ itemCount: Int) -> [ItemSize] {
        (0..<itemCount).map { .height(150 + Double(($0 * 7) % 16) * 13) }
    }

    /// A view model on a headless host showing `itemCount` items in `columns` columns.
    static func makeModel(itemCount: Int, columns: Int, viewport: Size)
    -> (WaterfallViewModel<HeadlessCell>, HeadlessDataSource, HeadlessHost) {
        let source = HeadlessDataSource(sizes: feed(itemCount), columns: columns)
        let host = HeadlessHost()
        let model = WaterfallViewModel<HeadlessCell>()
        model.dataSource = source
        model.delegate = source
        model.setViewportSize(viewport)
        model.attach(to: host)
        return (model, source, host)
    }

    /// Scrolls from top to bottom in steps of `stepPoints` and times every step.
    ///
    /// The defaults give about 30 visible cells: a 1000×1650 viewport, 4 columns of items
    /// ~250 pt tall, 200 pt overscan. Compare `cellsCreated` at 10,000 and 1,000,000 items:
    /// it must be the same, about the live count.
    /// - Complexity: O(n) to build the feed, then O(steps · (c log n + k)).
    static func scrollThrough(itemCount: Int, columns: Int = 4,
                                     viewport: Size = Size(width: 1000, height: 1650),
                                     stepPoints: Double = 97) -> ScrollBenchmarkFigures {
        let (model, source, _) = makeModel(itemCount: itemCount, columns: columns, viewport: viewport)
        let end = max(0, model.contentSize.height - viewport.height)
        let stepCount = Int((end / stepPoints).rounded(.up))
        var durations: [Duration] = []
        durations.reserveCapacity(stepCount)
        var visibleTotal = 0
        var maxLive = 0
        let clock = ContinuousClock()
        var offset: Double = 0
        while offset < end {
            offset = min(offset + stepPoints, end)
            let start = clock.now
            model.setContentOffset(Point(x: 0, y: offset))
            durations.append(clock.now - start)
            maxLive = max(maxLive, model.liveCellCount)
            if durations.count % 64 == 0 { visibleTotal += model.visibleIndices.count }
        }
        let micro = durations.map(\.microseconds)
        let sorted = micro.sorted()
        func percentile(_ p: Double) -> Double {
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        }
        return ScrollBenchmarkFigures(
            itemCount: itemCount,
            contentHeight: Double(model.contentSize.height),
            steps: durations.count,
            diffMicrosecondsPerStep: micro.isEmpty ? 0 : micro.reduce(0, +) / Double(micro.count),
            medianMicrosecondsPerStep: percentile(0.5),
            p99MicrosecondsPerStep: percentile(0.99),
            averageVisibleCells: Double(visibleTotal) / Double(max(1, durations.count / 64)),
            maxLiveCells: maxLive,
            cellsCreated: source.cellsCreated)
    }

    /// The seeds' `layoutSubviews` for comparison: every scroll step tests all n frames for
    /// visibility (``SeedWaterflow``). Returns microseconds per step (mean over `steps` steps
    /// spread over the content).
    /// - Complexity: O(steps · n).
    static func seedScanMicrosecondsPerStep(itemCount: Int, columns: Int = 4,
                                            viewport: Size = Size(width: 1000, height: 1650),
                                            steps: Int = 20) -> Double {
        let heights = feed(itemCount).map { size -> Double in
            guard case .height(let height) = size else { preconditionFailure("the feed has plain heights") }
            return Double(height)
        }
        var seed = SeedWaterflow(columns: columns, width: Double(viewport.width))
        seed.reloadData(numberOfCells: itemCount) { heights[$0] }
        let end = max(0, (seed.cellFrames.map(\.maxY).max() ?? 0) + 8 - Double(viewport.height))
        var visible = 0
        let elapsed = Timing.once {
            for step in 0..<steps {
                let top = end * Double(step) / Double(max(1, steps - 1))
                visible += seed.visibleIndices(offset: top, height: Double(viewport.height)).count
            }
        }
        precondition(visible > 0, "the scan saw nothing")
        return elapsed * 1e6 / Double(steps)
    }

    /// Inserts `pages` pages of `pageSize` at one end of `itemCount` items and times each
    /// insert; counts visible cells that moved on screen. With `perItemSizes` the delegate
    /// answers sizes one item at a time (``PerItemSizeDelegate``), as an app without
    /// `waterfallView(_:sizesIn:)` does.
    /// - Complexity: O(n) to build the feed, then per page O(pageSize log c + k) at the bottom,
    ///   plus one O(n) pass over the engine's storage at the top.
    static func insertPages(itemCount: Int, at end: FeedEnd, pageSize: Int = 50, pages: Int = 20, columns: Int = 4,
                            viewport: Size = Size(width: 1000, height: 1650),
                            perItemSizes: Bool = false) -> PageInsertFigures {
        let (model, source, _) = makeModel(itemCount: itemCount, columns: columns, viewport: viewport)
        // The view model holds its delegate weakly: the wrapper lives to the end of the run.
        let perItem = perItemSizes ? PerItemSizeDelegate(source: source) : nil
        if let perItem { model.delegate = perItem }
        defer { withExtendedLifetime(perItem) {} }
        let bottom = max(0, model.contentSize.height - viewport.height)
        model.setContentOffset(Point(x: 0, y: end == .bottom ? bottom : bottom / 2))
        let page = (0..<pageSize).map { ItemSize.aspectRatio(width: 3, height: Double(2 + $0 % 5)) }
        let clock = ContinuousClock()
        var durations: [Duration] = []
        var moved = 0
        for _ in 0..<pages {
            let before = model.visibleIndices.map { ($0, model.placedAttributes(at: $0)!.frame) }
            let count = model.numberOfItems
            let (range, shift) = end == .bottom ? (count..<count + pageSize, 0) : (0..<pageSize, pageSize)
            source.sizes.replaceSubrange(range.lowerBound..<range.lowerBound, with: page)
            durations.append(clock.measure { model.performBatchUpdates([.insert(range)]) })
            moved += before.filter { index, frame in
                guard let now = model.placedAttributes(at: index + shift)?.frame else { return true }
                return abs(now.minX - frame.minX) > 1e-6 || abs(now.minY - frame.minY) > 1e-6
                    || now.size != frame.size
            }.count
        }
        let total = durations.reduce(Duration.zero, +)
        return PageInsertFigures(itemCount: itemCount, pageSize: pageSize,
                                 insertMicroseconds: total.microseconds / Double(max(1, pages)),
                                 insertMedianMicroseconds: durations.sorted()[durations.count / 2].microseconds,
                                 insertBestMicroseconds: durations.min()!.microseconds,
                                 visibleCellsMoved: moved)
    }
}
