import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

/// Drag to reorder in the headless view model, against a simple reference: the data source's
/// list with the move applied (`insert(remove(at:), at:)`), laid out from scratch.
@MainActor
@Suite struct ViewModelReorderTests {
    /// A reorderable fixture: `count` random items in `columns` columns, 400 × 800.
    private static func fixture(count: Int, columns: Int, using rng: inout SplitMix64) -> Fixture {
        let fixture = Fixture(sizes: randomSizes(count, using: &rng), columns: columns)
        fixture.source.allowsMoving = true
        return fixture
    }

    /// The reference frames of `sizes` in the fixture's configuration (content coordinates).
    private static func referenceFrames(_ fixture: Fixture, _ sizes: [ItemSize]) -> [Rect] {
        let margin = fixture.source.margin
        let layout = WaterfallLayout(columns: .fixed(fixture.source.columns), insets: EdgeInsets(all: margin),
                                     columnSpacing: margin, rowSpacing: margin,
                                     containerWidth: fixture.model.viewportSize.width)
        return ReferenceMasonry(layout).layout(of: sizes).frames
    }

    /// Mid-drag: every item but the lifted one is live exactly when its place in the reference
    /// layout of the moved list overlaps the realized window, and is placed there; the lifted
    /// cell is at the pointer, above everything.
    private static func expectPreviewMatchesReference(_ fixture: Fixture, original: [ItemSize], _ context: String,
                                                      sourceLocation: SourceLocation = #_sourceLocation) {
        let model = fixture.model
        guard let source = model.liftedIndex, let destination = model.reorderDestination else {
            Issue.record("no drag (\(context))", sourceLocation: sourceLocation)
            return
        }
        let frames = referenceFrames(fixture, original.moving(from: source, to: destination))
        let move = ItemUpdate.move(from: source, to: destination)
        let window = fixture.window
        let expected = original.indices.filter { $0 != source && frames[move.map($0)!].overlaps(window) }
        #expect(model.liveIndices == expected, "live set (\(context))", sourceLocation: sourceLocation)
        for index in model.liveIndices {
            let frame = frames[move.map(index)!].offsetBy(dx: -model.contentOffset.x, dy: -model.contentOffset.y)
            guard let placed = model.cell(at: index)?.attributes?.frame, placed.isClose(to: frame, tolerance: 1e-6) else {
                Issue.record("item \(index) placed at \(String(describing: model.cell(at: index)?.attributes?.frame)), reference \(frame) (\(context))",
                             sourceLocation: sourceLocation)
                return
            }
        }
        #expect(model.liftedCell?.attributes == model.liftedAttributes, "lifted cell (\(context))",
                sourceLocation: sourceLocation)
        #expect(model.liftedAttributes?.zIndex == WaterfallViewModel<HeadlessCell>.liftedZIndex,
                sourceLocation: sourceLocation)
    }

    /// After a drop or cancel: the layout is the reference layout of the data source's list and
    /// the live set is exact.
    private static func expectSettled(_ fixture: Fixture, _ context: String,
                                      sourceLocation: SourceLocation = #_sourceLocation) {
        let frames = referenceFrames(fixture, fixture.source.sizes)
        #expect(fixture.model.numberOfItems == frames.count, "\(context)", sourceLocation: sourceLocation)
        if let bad = frames.indices.first(where: { !fixture.model.layout.frame(at: $0).isClose(to: frames[$0], tolerance: 1e-6) }) {
            Issue.record("item \(bad) at \(fixture.model.layout.frame(at: bad)), reference \(frames[bad]) (\(context))",
                         sourceLocation: sourceLocation)
        }
        #expect(!fixture.model.isReordering, "\(context)", sourceLocation: sourceLocation)
        fixture.expectConsistent(context, sourceLocation: sourceLocation)
    }

    /// The centre of the item at `index` as the view model shows it now (where a live item is
    /// placed, during a drag too), relative to the viewport.
    private static func centre(of index: Int, in model: WaterfallViewModel<HeadlessCell>) -> Point {
        let frame = model.placedAttributes(at: index)?.frame
            ?? model.layout.frame(at: index).offsetBy(dx: -model.contentOffset.x, dy: -model.contentOffset.y)
        return Point(x: frame.midX, y: frame.midY)
    }

    /// A visible item other than `excluded` and its viewport frame as shown now (during a drag
    /// too), chosen at random.
    private static func randomVisibleItem(_ fixture: Fixture, excluding excluded: Int?,
                                          using rng: inout SplitMix64) -> (index: Int, frame: Rect)? {
        let viewport = Rect(origin: .zero, size: fixture.model.viewportSize)
        let candidates = fixture.model.liveIndices.compactMap { index -> (index: Int, frame: Rect)? in
            guard let frame = fixture.model.placedAttributes(at: index)?.frame, index != excluded,
                  viewport.contains(Point(x: frame.midX, y: frame.midY)) else { return nil }
            return (index, frame)
        }
        return candidates.randomElement(using: &rng)
    }

    @Test func randomDragsShowAndDropTheReferenceLayout() {
        for seed in UInt64(0)..<60 {
            var rng = SplitMix64(seed: seed)
            let fixture = Self.fixture(count: Int.random(in: 30...400, using: &rng),
                                       columns: Int.random(in: 1...5, using: &rng), using: &rng)
            let model = fixture.model
            model.setContentOffset(Point(x: 0, y: Double.random(in: 0...fixture.maxOffset, using: &rng)))
            let original = fixture.source.sizes
            guard let start = Self.randomVisibleItem(fixture, excluding: nil, using: &rng) else {
                Issue.record("seed \(seed): nothing visible")
                continue
            }
            let grab = Point(x: start.frame.midX, y: start.frame.midY)
            #expect(model.beginReorder(at: grab), "seed \(seed)")
            #expect(model.liftedIndex == start.index && model.reorderDestination == start.index, "seed \(seed)")
            Self.expectPreviewMatchesReference(fixture, original: original, "seed \(seed), lifted")
            var lastTarget: Int?
            for step in 0..<8 {
                let context = "seed \(seed), step \(step)"
                if Int.random(in: 0..<4, using: &rng) == 0 {
                    // Anywhere, even outside the viewport: the landing place stays valid.
                    model.moveReorder(to: Point(x: Double.random(in: -200...600, using: &rng),
                                                  y: Double.random(in: -200...1000, using: &rng)))
                    lastTarget = model.reorder?.lastHit
                } else if let target = Self.randomVisibleItem(fixture, excluding: lastTarget ?? start.index, using: &rng) {
                    // Over another item: the lifted one takes its place.
                    let before = ItemUpdate.move(from: start.index, to: model.reorderDestination!).map(target.index)!
                    model.moveReorder(to: Point(x: target.frame.midX, y: target.frame.midY))
                    #expect(model.reorderDestination == before, "\(context): over \(target.index)")
                    lastTarget = target.index
                }
                Self.expectPreviewMatchesReference(fixture, original: original, context)
            }
            let destination = model.reorderDestination!
            let offset = model.contentOffset
            if Bool.random(using: &rng) {
                let transitions = model.endReorder()
                #expect(fixture.source.sizes == original.moving(from: start.index, to: destination), "seed \(seed)")
                #expect(fixture.source.moves.count == (destination == start.index ? 0 : 1), "seed \(seed)")
                let dropped = transitions.first { $0.oldIndex == start.index }
                #expect(dropped == nil || dropped?.newIndex == destination, "seed \(seed): dropped item's transition")
            } else {
                model.cancelReorder()
                #expect(fixture.source.sizes == original && fixture.source.moves.isEmpty, "seed \(seed)")
            }
            #expect(model.contentOffset == offset, "seed \(seed): the drop scrolled")
            Self.expectSettled(fixture, "seed \(seed), dropped")
        }
    }

    @Test("rows: during a drag the items are shown where the move puts them, along x (and mirrored right to left)",
          arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func rowsShowTheMovedLayoutDuringTheDrag(direction: LayoutDirection) throws {
        for seed in UInt64(0)..<30 {
            var rng = SplitMix64(seed: seed)
            let fixture = Fixture(sizes: randomSizes(Int.random(in: 30...300, using: &rng), using: &rng, fullSpan: false),
                                  columns: Int.random(in: 1...4, using: &rng), viewport: Size(width: 800, height: 400),
                                  layout: WaterfallCollectionLayout(WaterfallLayout(axis: .horizontal)))
            fixture.source.allowsMoving = true
            let model = fixture.model
            model.layoutDirection = direction
            let end = max(0, model.contentSize.width - model.viewportSize.width)
            model.setContentOffset(Point(x: Double.random(in: 0...end, using: &rng).rounded(), y: 0))
            let visible = model.visibleIndices
            guard let lifted = visible.randomElement(using: &rng), let target = visible.randomElement(using: &rng) else { continue }
            let grabbed = try #require(model.placedAttributes(at: lifted)).frame
            #expect(model.beginReorder(at: Point(x: grabbed.midX, y: grabbed.midY)), "seed \(seed)")
            if target != lifted, let over = model.placedAttributes(at: target)?.frame {
                model.moveReorder(to: Point(x: over.midX, y: over.midY))
            }
            let destination = try #require(model.reorderDestination)
            var moved = try #require(model.layout as? WaterfallCollectionLayout).engine
            moved.moveItem(from: lifted, to: destination)
            let move = ItemUpdate.move(from: lifted, to: destination)
            let context = "seed \(seed): \(lifted) → \(destination)"
            for index in 0..<model.numberOfItems where index != lifted {
                let expected = model.viewportRect(ofContentRect: moved.frame(at: move.map(index)!))
                if let shown = model.placedAttributes(at: index)?.frame {
                    #expect(shown.isClose(to: expected, tolerance: 1e-6), "\(context): \(index) shown at \(shown), moved to \(expected)")
                } else {
                    #expect(!expected.overlaps(Rect(origin: .zero, size: model.viewportSize)),
                            "\(context): \(index) is on screen after the move, at \(expected), but not live")
                }
            }
            model.cancelReorder()
        }
    }

    @Test func autoScrollGrowsWithClosenessAndStepsByExplicitFrames() {
        var rng = SplitMix64(seed: 7)
        let fixture = Self.fixture(count: 600, columns: 3, using: &rng)
        let model = fixture.model
        let original = fixture.source.sizes
        let start = Self.randomVisibleItem(fixture, excluding: nil, using: &rng)!
        #expect(model.beginReorder(at: Point(x: start.frame.midX, y: start.frame.midY)))
        // At the top edge at offset 0 nothing scrolls; in the middle neither.
        model.moveReorder(to: Point(x: 200, y: 2))
        #expect(model.reorderScrollVelocity == 0)
        model.moveReorder(to: Point(x: 200, y: 400))
        #expect(model.reorderScrollVelocity == 0)
        #expect(model.stepReorderAutoScroll(seconds: 1.0 / 60).isEmpty && model.contentOffset.y == 0)
        model.moveReorder(to: Point(x: 200, y: 800 - 40))
        let slow = model.reorderScrollVelocity
        model.moveReorder(to: Point(x: 200, y: 800 - 4))
        let fast = model.reorderScrollVelocity
        model.moveReorder(to: Point(x: 200, y: 900))
        #expect(0 < slow && slow < fast && fast < model.reorderScrollVelocity)
        #expect(model.reorderScrollVelocity == model.reorderMaximumScrollSpeed)
        for frame in 0..<90 {
            let before = model.contentOffset.y
            let velocity = model.reorderScrollVelocity
            model.stepReorderAutoScroll(seconds: 1.0 / 60)
            #expect(abs(model.contentOffset.y - min(before + velocity / 60, fixture.maxOffset)) < 1e-9, "frame \(frame)")
            Self.expectPreviewMatchesReference(fixture, original: original, "frame \(frame)")
        }
        #expect(model.contentOffset.y > 1000)
        // Back up toward the top edge.
        model.moveReorder(to: Point(x: 200, y: 10))
        #expect(model.reorderScrollVelocity < 0)
        let top = model.contentOffset.y
        for _ in 0..<10 { model.stepReorderAutoScroll(seconds: 1.0 / 60) }
        #expect(model.contentOffset.y < top)
        Self.expectPreviewMatchesReference(fixture, original: original, "scrolled back")
        let destination = model.reorderDestination!
        model.endReorder()
        #expect(fixture.source.sizes == original.moving(from: start.index, to: destination))
        Self.expectSettled(fixture, "auto-scrolled drop")
    }

    @Test func badInputIsIgnoredOrFallsBack() {
        var rng = SplitMix64(seed: 3)
        let fixture = Self.fixture(count: 120, columns: 3, using: &rng)
        let model = fixture.model
        // No drag: every drag call is a no-op.
        #expect(model.moveReorder(to: Point(x: 10, y: 10)).isEmpty)
        #expect(model.endReorder().isEmpty && model.cancelReorder().isEmpty)
        #expect(model.stepReorderAutoScroll(seconds: 1).isEmpty)
        // Off when the data source does not allow moving; nothing at a gap or off the content.
        fixture.source.allowsMoving = false
        #expect(!model.beginReorder(at: Point(x: 60, y: 60)))
        #expect(model.moveItem(at: 0, by: 1) == nil)
        fixture.source.allowsMoving = true
        #expect(!model.beginReorder(at: Point(x: 2, y: 2)))   // the inset
        #expect(!model.beginReorder(at: Point(x: Double.nan, y: 2)))
        #expect(!model.beginReorder(ofItemAt: 119, pointer: .zero))   // not live
        #expect(!model.beginReorder(ofItemAt: -1, pointer: .zero) && !model.beginReorder(ofItemAt: 5000, pointer: .zero))

        // Drop on itself: nothing moves, the data source is not told.
        let original = fixture.source.sizes
        #expect(model.beginReorder(at: Self.centre(of: 1, in: model)))
        #expect(!model.beginReorder(at: Self.centre(of: 1, in: model)))   // one drag at a time
        model.moveReorder(to: Point(x: -1000, y: Double.infinity))   // ignored
        model.moveReorder(to: Point(x: -1000, y: 5000))        // out of the viewport: clamped
        #expect((0..<120).contains(model.reorderDestination!))
        model.moveReorder(to: Self.centre(of: 1, in: model))
        if model.reorderDestination == 1 {
            model.endReorder()
            #expect(fixture.source.moves.isEmpty && fixture.source.sizes == original)
        } else {
            model.cancelReorder()
        }
        Self.expectSettled(fixture, "dropped on itself")

        // A page appended while dragging: the drag goes on, the landing place stays valid.
        #expect(model.beginReorder(at: Self.centre(of: 4, in: model)))
        model.moveReorder(to: Self.centre(of: 0, in: model))
        let landing = model.reorderDestination!
        fixture.source.sizes += randomSizes(50, using: &rng)
        model.performBatchUpdates([.insert(120..<170)])
        #expect(model.liftedIndex == 4 && model.reorderDestination == landing && model.numberOfItems == 170)
        Self.expectPreviewMatchesReference(fixture, original: fixture.source.sizes, "after an append")
        // Items deleted before the lifted one renumber it.
        fixture.source.sizes.remove(at: 2)
        model.performBatchUpdates([.delete(2..<3)])
        #expect(model.liftedIndex == 3)
        Self.expectPreviewMatchesReference(fixture, original: fixture.source.sizes, "after a delete above")
        let afterEdits = fixture.source.sizes
        let destination = model.reorderDestination!
        model.endReorder()
        #expect(fixture.source.sizes == afterEdits.moving(from: 3, to: destination))
        Self.expectSettled(fixture, "dropped after edits")

        // The lifted item deleted under the drag: the drag ends, nothing is lost.
        #expect(model.beginReorder(at: Self.centre(of: 6, in: model)))
        fixture.source.sizes.remove(at: 6)
        model.performBatchUpdates([.delete(6..<7)])
        #expect(!model.isReordering && model.liftedCell == nil)
        Self.expectSettled(fixture, "lifted item deleted")
        #expect(model.endReorder().isEmpty)

        // A reload during a drag ends it.
        #expect(model.beginReorder(at: Self.centre(of: 2, in: model)))
        model.reloadData()
        Self.expectSettled(fixture, "reloaded")
    }

    @Test func aLandingPlaceDeletedUnderTheDragBecomesTheLast() {
        let fixture = Fixture(sizes: Array(repeating: .height(60), count: 12), columns: 3)
        fixture.source.allowsMoving = true
        let model = fixture.model
        #expect(model.beginReorder(at: Self.centre(of: 0, in: model)))
        model.moveReorder(to: Self.centre(of: 11, in: model))
        #expect(model.reorderDestination == 11)
        fixture.source.sizes.removeSubrange(8..<12)
        model.performBatchUpdates([.delete(8..<12)])
        #expect(model.liftedIndex == 0 && model.reorderDestination == 7)
        Self.expectPreviewMatchesReference(fixture, original: fixture.source.sizes, "after the delete")
        model.endReorder()
        #expect(fixture.source.moves.count == 1 && fixture.source.moves[0] == (0, 7))
        Self.expectSettled(fixture, "dropped at the last place")
    }

    @Test func keyboardMovesTheItemOnePositionAndTheFocusFollows() throws {
        var rng = SplitMix64(seed: 11)
        let fixture = Self.fixture(count: 40, columns: 3, using: &rng)
        let model = fixture.model
        var expected = fixture.source.sizes
        model.focusedIndex = 5
        let before = try #require(model.placedAttributes(at: 5))
        let moved = model.moveItem(at: 5, by: 1)
        #expect(moved?.index == 6 && model.focusedIndex == 6)
        let transition = moved?.transitions.first { $0.newIndex == 6 }
        #expect(transition?.oldIndex == 5 && transition?.from == before, "the moved item animates from its old place")
        expected = expected.moving(from: 5, to: 6)
        #expect(fixture.source.sizes == expected)
        Self.expectSettled(fixture, "moved forward")
        #expect(model.moveItem(at: 6, by: -1)?.index == 5 && model.focusedIndex == 5)
        expected = expected.moving(from: 6, to: 5)
        #expect(fixture.source.sizes == expected)
        #expect(model.moveItem(at: 0, by: -1) == nil && model.moveItem(at: 39, by: 1) == nil)
        #expect(model.moveItem(at: 39, by: Int.min)?.index == 0)
        expected = expected.moving(from: 39, to: 0)
        #expect(fixture.source.sizes == expected)
        Self.expectSettled(fixture, "moved to the front")
    }

    @Test func layoutsWithoutSizesPreviewByPosition() {
        let fixture = Fixture(sizes: Array(repeating: .height(100), count: 20), layout: CarouselLayout())
        fixture.source.allowsMoving = true
        let model = fixture.model
        let first = model.layout.frame(at: 0), second = model.layout.frame(at: 1)
        #expect(model.beginReorder(ofItemAt: 0, pointer: Point(x: first.midX, y: first.midY)))
        model.moveReorder(to: Point(x: second.midX, y: second.midY))
        #expect(model.reorderDestination == 1)
        let session = model.reorder
        #expect(session?.frame(at: 1, in: model.layout) == first && session?.frame(at: 0, in: model.layout) == second,
                "the session shows the items by position after the move; the layout is unchanged")
        #expect(model.layout.frame(at: 0) == first)
        #expect(!model.liveIndices.contains(0))
        model.endReorder()
        #expect(fixture.source.moves.count == 1 && fixture.source.moves[0] == (0, 1))
        #expect(model.liveIndices.contains(0) && model.liveIndices.contains(1))
    }
}
