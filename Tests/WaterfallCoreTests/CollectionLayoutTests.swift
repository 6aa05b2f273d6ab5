import Foundation
import SeededRandom
import Testing
import WaterfallCore

/// A minimal horizontal layout (one row of equal squares, like seed 003's line layout without
/// the scaling), to show that the protocol serves horizontal layouts and that its defaults work.
struct RowLayout: CollectionLayout {
    var itemCount = 0
    var side: Double = 100
    var spacing: Double = 10
    var scrollAxis: ScrollAxis { .horizontal }
    var cellWidth: Double { side }
    var contentSize: Size { Size(width: Double(itemCount) * (side + spacing), height: side) }

    mutating func prepare(for containerSize: Size, with metrics: LayoutMetrics) {
        side = containerSize.height
        spacing = metrics.columnSpacing
    }
    mutating func replaceItems<C: Collection>(in range: Range<Int>, with sizes: C) where C.Element == ItemSize {
        itemCount += sizes.count - range.count
    }
    func frame(at index: Int) -> Rect {
        Rect(x: Double(index) * (side + spacing), y: 0, width: side, height: side)
    }
    func layoutAttributes(at index: Int) -> LayoutAttributes {
        LayoutAttributes(index: index, frame: frame(at: index), zIndex: index)
    }
    func forEachIndex(in rect: Rect, _ body: (Int) -> Void) {
        guard itemCount > 0 else { return }
        let pitch = side + spacing
        let first = max(0, Int((rect.minX / pitch).rounded(.down)) - 1)
        let last = min(itemCount - 1, Int((rect.maxX / pitch).rounded(.up)))
        guard first <= last else { return }
        for index in first...last where frame(at: index).overlaps(rect) { body(index) }
    }
}

@MainActor
@Suite("CollectionLayout")
struct CollectionLayoutTests {
    @Test("the waterfall adapter reports exactly the items overlapping a rectangle", arguments: [91, 92, 93] as [UInt64])
    func adapterQueriesAreExact(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var engine = WaterfallLayout(columns: .fixed(Int.random(in: 1...6, using: &generator)), containerWidth: 500)
        engine.append(contentsOf: randomSizes(1_500, using: &generator))
        let layout = WaterfallCollectionLayout(engine)
        for probe in 0..<200 {
            let rect = Rect(x: Double.random(in: -50...450, using: &generator),
                              y: Double.random(in: -100...engine.contentSize.height, using: &generator),
                              width: Double.random(in: 0...600, using: &generator),
                              height: Double.random(in: 0...1_500, using: &generator))
            var reported: [Int] = []
            layout.forEachIndex(in: rect) { reported.append($0) }
            let expected = (0..<engine.count).filter { engine.frame(at: $0).overlaps(rect) }
            #expect(reported.sorted() == expected, "seed \(seed), probe \(probe), rect \(rect)")
            #expect(layout.layoutAttributes(in: rect).map(\.index) == expected, "seed \(seed), probe \(probe)")
        }
        // Against the README's numbers, not against the engine the adapter forwards to.
        let columns = Double(engine.columnCount)
        #expect(layout.cellWidth == (500 - 8 - 8 - (columns - 1) * 8) / columns)
        let tallest = (0..<engine.count).map { engine.frame(at: $0).maxY }.max() ?? 0
        #expect(layout.contentSize == Size(width: 500, height: tallest + 8))
    }

    @Test("configure and prepare reach the engine")
    func adapterConfiguration() {
        var layout = WaterfallCollectionLayout()
        layout.prepare(for: Size(width: 600, height: 900),
                       with: LayoutMetrics(columns: .fixed(5), insets: EdgeInsets(all: 4), columnSpacing: 2, rowSpacing: 6))
        #expect(layout.engine.columns == .fixed(5))
        #expect(layout.engine.insets == EdgeInsets(all: 4))
        #expect(layout.engine.columnSpacing == 2 && layout.engine.rowSpacing == 6)
        #expect(layout.engine.containerWidth == 600)
        layout.replaceItems(in: 0..<0, with: [.height(10), .height(20)])
        layout.replaceItems(in: 2..<2, with: [.height(30)])
        layout.replaceItems(in: 0..<1, with: EmptyCollection())
        #expect(layout.itemCount == 2 && layout.frame(at: 0).height == 20)
    }

    @Test("the defaults: hit test by z-index, no invalidation")
    func protocolDefaults() {
        var layout = RowLayout()
        layout.replaceItems(in: 0..<0, with: Array(repeating: ItemSize.height(1), count: 10))
        #expect(layout.index(at: Point(x: 115, y: 50)) == 1)
        #expect(layout.index(at: Point(x: 105, y: 50)) == nil, "the spacing hits nothing")
        #expect(!layout.shouldInvalidate(forBoundsChange: .zero))
        #expect(layout.layoutAttributes(in: Rect(x: 0, y: 0, width: 250, height: 10)).map(\.index) == [0, 1, 2])
    }

    @Test("the view model drives a horizontal layout: visible set equals brute force")
    func horizontalScrolling() {
        let fixture = Fixture(sizes: Array(repeating: .height(1), count: 500),
                              viewport: Size(width: 800, height: 120), layout: RowLayout())
        let model = fixture.model
        fixture.expectExactLiveSetScrollingHorizontally(steps: 200, seed: 99) { _, x in
            #expect(model.index(at: Point(x: 5, y: 5)) == model.layout.index(at: Point(x: x + 5, y: 5)))
        }
        model.scrollToItem(at: 250)
        #expect(model.contentOffset.x == model.layout.frame(at: 250).minX)
        #expect(model.targetContentOffset(forProposed: Point(x: 7, y: 0), velocity: .zero) == Point(x: 7, y: 0),
                "a layout that does not snap keeps the proposed offset")
        fixture.source.allowsMoving = true
        #expect(model.moveItem(at: 3, by: 1)?.index == 4, "a layout without moveItem is moved by a remove and an insert")
        #expect(model.layout.itemCount == 500 && fixture.source.moves.count == 1 && fixture.source.moves[0] == (3, 4))
    }

    @Test("attributes interpolate for transitions")
    func interpolation() {
        let a = LayoutAttributes(index: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10), scale: 1, alpha: 0)
        let b = LayoutAttributes(index: 2, frame: Rect(x: 10, y: 20, width: 30, height: 10), scale: 0.5, alpha: 1, zIndex: 3)
        let mid = a.interpolated(to: b, fraction: 0.5)
        #expect(mid.frame == Rect(x: 5, y: 10, width: 20, height: 10))
        #expect(mid.scale == 0.75 && mid.alpha == 0.5 && mid.zIndex == 3 && mid.index == 2)
        #expect(a.interpolated(to: b, fraction: 1) == b)
        #expect(b.center == Point(x: 25, y: 25))
    }

    @Test("a carousel in the view model: exact live set, scales that follow the offset, snapping")
    func carouselInViewModel() {
        let fixture = Fixture(sizes: Array(repeating: .height(1), count: 40),
                              viewport: Size(width: 390, height: 200), layout: CarouselLayout())
        let model = fixture.model
        fixture.expectExactLiveSetScrollingHorizontally(steps: 150, seed: 101) { step, x in
            for index in model.liveIndices {
                let placed = model.cell(at: index)?.attributes
                #expect(placed == model.layout.layoutAttributes(at: index).offsetBy(dx: -x, dy: 0), "step \(step), item \(index)")
            }
        }
        let target = model.targetContentOffset(forProposed: Point(x: 1_003, y: 0), velocity: .zero)
        #expect((0..<40).contains { abs(model.layout.frame(at: $0).midX - (target.x + 195)) < 0.001 },
                "settles with an item centred, not at \(target)")
    }

    @Test("switching waterfall → circle → waterfall keeps the live set exact")
    func switchingLayouts() {
        let fixture = Fixture(sizes: Array(repeating: .height(120), count: 12))
        let toCircle = fixture.model.setLayout(CircleLayout())
        #expect(fixture.model.contentOffset == .zero)
        #expect(fixture.model.liveIndices == Array(0..<12), "every item of the circle is on screen")
        #expect(toCircle.allSatisfy { $0.kind == .move }, "no item is new or gone")
        let back = fixture.model.setLayout(WaterfallCollectionLayout())
        #expect(back.count == fixture.model.liveCellCount)
        fixture.expectConsistent("after switching back")
    }

    @Test("detaching gives every cell back to the host")
    func detach() {
        let fixture = Fixture(sizes: Array(repeating: .height(100), count: 100))
        let live = fixture.model.liveCellCount
        fixture.model.setContentOffset(Point(x: 0, y: 3_000))
        let pooled = fixture.model.pooledCellCount
        fixture.model.detach()
        #expect(fixture.model.liveCellCount == 0 && fixture.model.pooledCellCount == 0)
        #expect(fixture.host.discardCount == fixture.source.cellsCreated, "\(live) live, \(pooled) pooled")
        fixture.model.attach(to: fixture.host)
        fixture.expectConsistent("after attaching again")
    }
}
