import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

/// The view model over rows (a horizontal ``WaterfallCollectionLayout``): it scrolls sideways,
/// takes the rows from the viewport's height, keeps the live set exact along x, keeps the
/// screen still across a refresh, and moves the keyboard focus along and across rows.
@MainActor
@Suite("View model: rows scrolling sideways")
struct ViewModelRowsTests {
    /// A wall of rows over random sizes, spanning items included.
    private func rowsWall(_ generator: inout SplitMix64) -> Fixture {
        var sizes = randomSizes(Int.random(in: 200...800, using: &generator), using: &generator)
        for index in stride(from: 5, to: sizes.count, by: 9) {
            sizes[index] = .spanningAspectRatio(2, width: 300, height: Double(Int.random(in: 100...400, using: &generator)))
        }
        return Fixture(sizes: sizes, columns: Int.random(in: 2...5, using: &generator),
                       viewport: Size(width: Double(Int.random(in: 400...1400, using: &generator)),
                                        height: Double(Int.random(in: 300...900, using: &generator))),
                       layout: WaterfallCollectionLayout(WaterfallLayout(axis: .horizontal)))
    }

    @Test func theLiveSetIsExactAlongXAndTheRowsFillTheViewportsHeight() {
        for seed in UInt64(0)..<12 {
            var generator = SplitMix64(seed: seed)
            let fixture = rowsWall(&generator)
            let engine = (fixture.model.layout as! WaterfallCollectionLayout).engine
            #expect(fixture.model.layout.scrollAxis == .horizontal, "seed \(seed)")
            #expect(engine.containerWidth == fixture.model.viewportSize.height && engine.columnCount == fixture.source.columns,
                    "seed \(seed)")
            #expect(fixture.model.contentSize.height == fixture.model.viewportSize.height, "seed \(seed)")
            fixture.expectExactLiveSetScrollingHorizontally(steps: 20, seed: seed) { step, x in
                #expect(fixture.model.contentOffset == Point(x: x, y: 0), "seed \(seed) step \(step)")
            }
        }
    }

    @Test func aRefreshKeepsTheVisibleItemsStillAlongX() {
        for seed in UInt64(0)..<12 {
            var generator = SplitMix64(seed: seed)
            let fixture = rowsWall(&generator)
            let maximum = max(0, fixture.model.contentSize.width - fixture.model.viewportSize.width)
            fixture.model.setContentOffset(Point(x: Double.random(in: 0...maximum, using: &generator), y: 0))
            let before = fixture.model.visibleIndices.map { ($0, fixture.model.placedAttributes(at: $0)!.frame) }
            #expect(!before.isEmpty, "seed \(seed)")
            let count = Int.random(in: 1...60, using: &generator)
            fixture.source.sizes.insert(contentsOf: randomSizes(count, using: &generator), at: 0)
            fixture.model.performBatchUpdates([.insert(0..<count)])
            for (index, frame) in before {
                let now = fixture.model.placedAttributes(at: index + count)?.frame
                #expect(now.map { abs($0.minX - frame.minX) <= 1e-6 && $0.minY == frame.minY && $0.size == frame.size } == true,
                        "seed \(seed): item \(index) was at \(frame), now \(String(describing: now))")
            }
            let window = fixture.model.visibleBounds.insetBy(dx: -fixture.model.overscan, dy: 0)
            #expect(fixture.model.liveIndices == fixture.bruteForceIndices(in: window), "seed \(seed) after the refresh")
        }
    }

    @Test func arrowsMoveTheFocusAlongTheRowAndToTheRowAboveOrBelow() {
        // Two rows of 100 (container 200, no insets or spacing): 0 and 2 in row 0, 1 in row 1.
        let source = HeadlessDataSource(sizes: [.height(150), .height(300), .height(100)], columns: 2, margin: 0)
        let model = WaterfallViewModel<HeadlessCell>(layout: WaterfallCollectionLayout(WaterfallLayout(axis: .horizontal)))
        let host = HeadlessHost()
        model.dataSource = source
        model.delegate = source
        model.setViewportSize(Size(width: 600, height: 200))
        model.attach(to: host)
        #expect(model.layout.frame(at: 2) == Rect(x: 150, y: 0, width: 100, height: 100))
        #expect(model.focusTarget(from: 0, moving: .down) == 1)
        #expect(model.focusTarget(from: 1, moving: .up) == 2)     // above item 1's middle (x 150)
        #expect(model.focusTarget(from: 2, moving: .down) == 1)   // row 1 reaches under item 2
        // Left and Right along the row; past its end, the next index.
        #expect(model.focusTarget(from: 0, moving: .right) == 2)
        #expect(model.focusTarget(from: 2, moving: .left) == 0)
        #expect(model.focusTarget(from: 1, moving: .right) == 2)  // nothing right of it in row 1
        #expect(model.focusTarget(from: 0, moving: .left) == 0)
    }
}
