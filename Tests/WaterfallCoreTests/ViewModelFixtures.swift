import Foundation
import SeededRandom
import Testing
import WaterfallCore

/// Random item sizes: mostly heights and image ratios, a few full-span banners.
func randomSizes(_ count: Int, using generator: inout SplitMix64, fullSpan: Bool = true) -> [ItemSize] {
    (0..<count).map { _ in
        switch Int.random(in: 0..<20, using: &generator) {
        case 0 where fullSpan: return .fullSpan(height: Double.random(in: 40...120, using: &generator).rounded())
        case 1...9: return .aspectRatio(width: Double.random(in: 200...800, using: &generator).rounded(),
                                        height: Double.random(in: 200...1000, using: &generator).rounded())
        default: return .height(Double.random(in: 60...320, using: &generator).rounded())
        }
    }
}

/// A view model wired to a headless host and data source.
@MainActor
final class Fixture {
    let source: HeadlessDataSource
    let host = HeadlessHost()
    let model: WaterfallViewModel<HeadlessCell>

    init(sizes: [ItemSize], columns: Int = 3, viewport: Size = Size(width: 400, height: 800),
         layout: any CollectionLayout = WaterfallCollectionLayout(),
         identifier: @escaping (Int) -> String = { _ in "cell" }) {
        model = WaterfallViewModel<HeadlessCell>(layout: layout)
        source = HeadlessDataSource(sizes: sizes, columns: columns, identifier: identifier)
        model.dataSource = source
        model.delegate = source
        model.setViewportSize(viewport)
        model.attach(to: host)
    }

    /// The realized window, computed independently from the public settings.
    var window: Rect { model.visibleBounds.insetBy(dx: 0, dy: -model.overscan) }

    /// Brute force: every laid-out index whose frame overlaps `rect` (after a resize the
    /// items past what the screen needs wait for placement). Deep in the feed the waterfall
    /// may lay out an island ahead of the placed prefix, in coordinates of its own: a
    /// rectangle that island items overlap is the island's, and shows only them.
    func bruteForceIndices(in rect: Rect) -> [Int] {
        let island = (model.layout as? WaterfallCollectionLayout)?.engine.islandRange ?? 0..<0
        let islandItems = island.filter { model.layout.frame(at: $0).overlaps(rect) }
        guard islandItems.isEmpty else { return islandItems }
        return (0..<model.placedItemCount).filter { model.layout.frame(at: $0).overlaps(rect) }
    }

    /// The live set the view model must hold for the realized `window`: the items overlapping it
    /// (brute force), and the pinned section header wherever its frame is (unless a drag lifted it).
    func expectedLiveIndices(in window: Rect) -> [Int] {
        let indices = bruteForceIndices(in: window)
        guard let pinned = model.pinnedHeader?.index, pinned != model.liftedIndex, !indices.contains(pinned) else { return indices }
        return (indices + [pinned]).sorted()
    }

    /// Scrolls a horizontal layout to `steps` random offsets drawn from `seed`, checking after
    /// each that the live set is exactly the items overlapping the horizontally overscanned
    /// viewport; `body` adds the caller's own checks for each step and offset.
    func expectExactLiveSetScrollingHorizontally(steps: Int, seed: UInt64,
                                                sourceLocation: SourceLocation = #_sourceLocation,
                                                _ body: (_ step: Int, _ x: Double) -> Void = { _, _ in }) {
        var generator = SplitMix64(seed: seed)
        for step in 0..<steps {
            let x = Double.random(in: 0...(model.contentSize.width - model.viewportSize.width), using: &generator)
            model.setContentOffset(Point(x: x, y: 0))
            let window = model.visibleBounds.insetBy(dx: -model.overscan, dy: 0)
            #expect(model.liveIndices == expectedLiveIndices(in: window), "step \(step), x \(x)", sourceLocation: sourceLocation)
            body(step, x)
        }
    }

    /// Checks every invariant of the live set against brute force.
    func expectConsistent(_ context: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = expectedLiveIndices(in: window)
        let live = model.liveIndices
        #expect(live == expected, "live set differs from brute force (\(context()))", sourceLocation: sourceLocation)
        var seen = Set<ObjectIdentifier>()
        for index in live {
            guard let cell = model.cell(at: index) else {
                Issue.record("no cell for live index \(index) (\(context()))", sourceLocation: sourceLocation)
                continue
            }
            #expect(seen.insert(ObjectIdentifier(cell)).inserted, "cell shown twice (\(context()))",
                    sourceLocation: sourceLocation)
            #expect(cell.isInserted, "cell for \(index) not inserted (\(context()))",
                    sourceLocation: sourceLocation)
            var frame = model.layout.frame(at: index)
                .offsetBy(dx: -model.contentOffset.x, dy: -model.contentOffset.y)
            if model.layoutDirection == .rightToLeft, model.layout.scrollAxis != .vertical {
                // Shown mirrored in the viewport's width.
                frame.origin.x = model.viewportSize.width - frame.maxX
            }
            if let pinned = model.pinnedHeader, pinned.index == index {
                // The pinned section header keeps its column and size but is held at the pin line.
                frame.origin.y = pinned.attributes.frame.minY
            }
            #expect(cell.attributes?.frame == frame, "cell for \(index) misplaced (\(context()))",
                    sourceLocation: sourceLocation)
            #expect(cell.reuseIdentifier == source.identifier(index), "wrong identifier (\(context()))",
                    sourceLocation: sourceLocation)
        }
    }

    /// A fresh layout of the data source's sizes with the waterfall engine's configuration,
    /// except that the items from each block start on (the seams a layout island leaves, see
    /// `WaterfallLayout.place(around:clearance:itemBudget:)`) are laid out alone from one row
    /// below every column before them: the frames a finished layout must have, and its
    /// content height.
    func freshFramesWithSeams() -> (frames: [Rect], height: Double) {
        let engine = (model.layout as? WaterfallCollectionLayout)?.engine ?? WaterfallLayout()
        let bounds = [0] + engine.blockStarts + [source.sizes.count]
        var frames: [Rect] = []
        for (lower, upper) in zip(bounds, bounds.dropFirst()) {
            var piece = WaterfallLayout(columns: engine.columns, insets: engine.insets, columnSpacing: engine.columnSpacing,
                                        rowSpacing: engine.rowSpacing, placement: engine.placement,
                                        direction: engine.direction, containerWidth: engine.containerWidth)
            if let level = frames.map(\.maxY).max() { piece.insets.top = level + engine.rowSpacing }
            piece.append(contentsOf: source.sizes[lower..<upper])
            frames += (0..<piece.count).map(piece.frame(at:))
        }
        return (frames, (frames.map(\.maxY).max() ?? engine.insets.top) + engine.insets.bottom)
    }

    /// Whether two lists of frames agree to float rounding (a block moved by one constant
    /// differs from one placed where it ends up in the last bits).
    static func areClose(_ a: [Rect], _ b: [Rect]) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-6 * max(1, abs(x), abs(y)) }
        return a.count == b.count && zip(a, b).allSatisfy {
            close($0.minX, $1.minX) && close($0.minY, $1.minY) && close($0.width, $1.width) && close($0.height, $1.height)
        }
    }

    /// The maximum scroll offset.
    var maxOffset: Double { max(0, model.contentSize.height - model.viewportSize.height) }
}
