import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

/// Rows (`axis: .horizontal`): the vertical reference transposed (the same right to left: a view
/// mirrors rows in its viewport), queries and hit tests against a scan of the frames, and a few
/// cases by hand.
@Suite struct HorizontalLayoutTests {
    /// `rect` with x and y swapped.
    private static func transposed(_ rect: Rect) -> Rect {
        Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width)
    }

    /// An item as a column layout sees the same item along a row: an image's width and height
    /// swap (a row's aspect ratio gives a width), everything else is a length along the axis.
    private static func transposed(_ item: ItemSize) -> ItemSize {
        switch item {
        case .aspectRatio(let w, let h): return .aspectRatio(width: h, height: w)
        case .fullSpanAspectRatio(let w, let h): return .fullSpanAspectRatio(width: h, height: w)
        case .spanningAspectRatio(let k, let w, let h): return .spanningAspectRatio(k, width: h, height: w)
        default: return item
        }
    }

    /// The reference for `layout` (a row layout) as a left-to-right column layout: insets
    /// transposed, the container's height as its width.
    static func reference(_ layout: WaterfallLayout, _ items: [ItemSize]) -> (frames: [Rect], size: Size) {
        var columns = layout
        columns.configure {
            $0.axis = .vertical
            $0.direction = .leftToRight
            $0.insets = EdgeInsets(top: layout.insets.left, left: layout.insets.top,
                                   bottom: layout.insets.right, right: layout.insets.bottom)
        }
        let reference = ReferenceMasonry(columns).layout(of: items.map(transposed))
        let frames = reference.frames.map(transposed)
        let width = Double(reference.contentHeight)
        return (frames, Size(width: width, height: Double(max(0, layout.containerWidth.isFinite ? layout.containerWidth : 0))))
    }

    @Test func rowsAreTheColumnReferenceTransposedThroughEveryChange() {
        for seed in UInt64(0)..<800 {
            var rng = SplitMix64(seed: seed)
            var layout = RandomLayouts.layout(&rng)
            layout.axis = .horizontal
            var items = RandomLayouts.items(&rng, count: Int.random(in: 0...120, using: &rng))
            layout.append(contentsOf: items)
            for step in 0..<4 {
                let context = "seed \(seed) step \(step)"
                let (frames, size) = Self.reference(layout, items)
                let actual = layout.allFrames
                if let mismatch = actual.indices.first(where: { !actual[$0].isClose(to: frames[$0]) }) {
                    Issue.record("\(context): item \(mismatch) (\(items[mismatch])) at \(actual[mismatch]), reference \(frames[mismatch])")
                }
                #expect(Rect(origin: .zero, size: layout.contentSize).isClose(to: Rect(origin: .zero, size: size)),
                        "\(context): \(layout.contentSize), reference \(size)")
                // Queries and hit tests, against a scan of the frames.
                for _ in 0..<10 {
                    let rect = Rect(x: Double.random(in: -50...(Double(size.width) + 50), using: &rng), y: 0,
                                      width: Double.random(in: 0...600, using: &rng), height: 1)
                    let expected = actual.indices.filter { actual[$0].maxX > rect.minX && actual[$0].minX < rect.maxX }
                    #expect(layout.indices(in: rect) == expected, "\(context): query \(rect)")
                    let point: Point
                    if let frame = actual.randomElement(using: &rng), Bool.random(using: &rng) {
                        point = Point(x: [frame.minX, frame.midX, frame.maxX].randomElement(using: &rng)!,
                                        y: [frame.minY, frame.midY].randomElement(using: &rng)!)
                    } else {
                        point = Point(x: Double.random(in: 0...max(1, Double(size.width)), using: &rng),
                                        y: Double.random(in: 0...max(1, Double(size.height)), using: &rng))
                    }
                    let containing = actual.indices.filter { actual[$0].contains(point) }
                    if let hit = layout.index(at: point) {
                        #expect(containing.contains(hit), "\(context): point \(point) hit \(hit)")
                    } else {
                        #expect(containing.isEmpty, "\(context): point \(point) missed \(containing)")
                    }
                }
                // Then an edit, a page, or a change of configuration.
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    let page = RandomLayouts.items(&rng, count: Int.random(in: 1...30, using: &rng))
                    layout.append(contentsOf: page)
                    items += page
                case 1:
                    let lower = Int.random(in: 0...items.count, using: &rng)
                    let upper = Int.random(in: lower...min(items.count, lower + 10), using: &rng)
                    let replacement = RandomLayouts.items(&rng, count: Int.random(in: 0...10, using: &rng))
                    layout.replaceSubrange(lower..<upper, with: replacement)
                    items.replaceSubrange(lower..<upper, with: replacement)
                case 2:
                    layout.containerWidth = RandomLayouts.length(&rng, upTo: 1500)
                default:
                    layout.direction = layout.direction == .leftToRight ? .rightToLeft : .leftToRight
                }
            }
        }
    }

    @Test func itemsGoAtTheEndOfTheShortestRow() {
        // Two rows of 100 in a container 200 high, no insets or spacing.
        var layout = WaterfallLayout(columns: .fixed(2), insets: EdgeInsets(all: 0), columnSpacing: 0, rowSpacing: 0,
                                     axis: .horizontal, containerWidth: 200)
        #expect(layout.columnWidth == 100)
        // A 3:2 image is 150 wide at a row height of 100; a length of 50 is a width.
        layout.append(contentsOf: [.aspectRatio(width: 300, height: 200), .height(50), .aspectRatio(width: 100, height: 100)])
        #expect(layout.frame(at: 0) == Rect(x: 0, y: 0, width: 150, height: 100))
        #expect(layout.frame(at: 1) == Rect(x: 0, y: 100, width: 50, height: 100))
        #expect(layout.frame(at: 2) == Rect(x: 50, y: 100, width: 100, height: 100))
        #expect(layout.contentSize == Size(width: 150, height: 200))
        // Spanning both rows: below (after) both, across the container's height.
        layout.append(.spanning(2, height: 30))
        #expect(layout.frame(at: 3) == Rect(x: 150, y: 0, width: 30, height: 200))
        #expect(layout.indices(in: Rect(x: 140, y: 0, width: 20, height: 1)) == [0, 2, 3])
        #expect(layout.index(at: Point(x: 60, y: 150)) == 2)
        // Rows ignore the direction: a view mirrors them in its viewport, not in the content.
        layout.direction = .rightToLeft
        #expect(layout.frame(at: 0) == Rect(x: 0, y: 0, width: 150, height: 100))
        #expect(layout.frame(at: 3) == Rect(x: 150, y: 0, width: 30, height: 200))
    }

    @Test func insetsAreTheContainersEdgesAndSpacingsSwapRoles() {
        // columnSpacing separates rows, rowSpacing the items of a row; insets.left is where rows
        // start, insets.top above the first row.
        var layout = WaterfallLayout(columns: .fixed(2), insets: EdgeInsets(top: 10, left: 20, bottom: 30, right: 40),
                                     columnSpacing: 6, rowSpacing: 4, axis: .horizontal, containerWidth: 206)
        #expect(layout.columnWidth == 80)   // (206 − 10 − 30 − 6) / 2
        layout.append(contentsOf: [.height(50), .height(70), .height(10)])
        #expect(layout.frame(at: 0) == Rect(x: 20, y: 10, width: 50, height: 80))
        #expect(layout.frame(at: 1) == Rect(x: 20, y: 96, width: 70, height: 80))
        #expect(layout.frame(at: 2) == Rect(x: 74, y: 10, width: 10, height: 80))
        #expect(layout.contentSize == Size(width: 20 + 70 + 40, height: 206))
    }

    @Test func theCollectionLayoutScrollsSidewaysAcrossTheViewportsHeight() {
        var rows = WaterfallCollectionLayout(WaterfallLayout(axis: .horizontal))
        rows.prepare(for: Size(width: 500, height: 320), with: LayoutMetrics())
        #expect(rows.scrollAxis == .horizontal)
        #expect(rows.engine.containerWidth == 320)
        #expect(rows.engine.columnWidth == 96)   // 3 rows: (320 − 8 − 8 − 2 · 8) / 3
        #expect(rows.cellWidth == 0)
        #expect(WaterfallCollectionLayout().scrollAxis == .vertical)
    }
}
