import Foundation
import SeededRandom
import Testing
@testable import WaterfallCore

/// What the view model hands the layout: columns as the data source gives them (fixed or
/// adaptive), the host's direction, and one relayout per resize.
@MainActor
@Suite("Column metrics through the view model")
struct ColumnMetricsTests {
    /// The engine behind a fixture's model.
    private func engine(_ fixture: Fixture) throws -> WaterfallLayout {
        try #require(fixture.model.layout as? WaterfallCollectionLayout).engine
    }

    /// Reference: how many columns at least `minimum` wide fit in `width` with the seeds' 8 px
    /// insets and spacing — the largest n with 8 + n·minimum + (n − 1)·8 + 8 ≤ width, at least 1.
    private func fittingColumns(width: Double, minimum: Double) -> Int {
        var n = 1
        while 16 + Double(n + 1) * minimum + Double(n) * 8 <= width { n += 1 }
        return n
    }

    @Test("adaptive columns from the data source follow every viewport width", arguments: 0..<12)
    func adaptiveColumnsFollowWidth(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let minimum = Double(Int.random(in: 80...260, using: &generator))
        let fixture = Fixture(sizes: randomSizes(200, using: &generator))
        fixture.source.columnRule = .adaptive(minimumWidth: minimum)
        fixture.model.reloadData()
        for step in 0..<8 {
            let width = Double(Int.random(in: 120...2400, using: &generator))
            fixture.model.setViewportSize(Size(width: width, height: 800))
            let expected = fittingColumns(width: width, minimum: minimum)
            #expect(try engine(fixture).columnCount == expected,
                    "seed \(seed), step \(step): width \(width), minimum \(minimum)")
            // One column may be narrower than the minimum (it is all there is); more never are.
            #expect(try expected == 1 || engine(fixture).columnWidth >= minimum - 1e-9, "seed \(seed), step \(step)")
        }
    }

    @Test("a resize that changes the width and the column count lays every item out once")
    func resizeRelayoutsOnce() throws {
        var generator = SplitMix64(seed: 7)
        let fixture = Fixture(sizes: randomSizes(500, using: &generator), columns: 3)
        let before = try engine(fixture).fullRelayoutCount
        fixture.source.columns = 5
        fixture.model.setViewportSize(Size(width: 1200, height: 800))
        #expect(try engine(fixture).columnCount == 5)
        #expect(try engine(fixture).containerWidth == 1200)
        #expect(try engine(fixture).fullRelayoutCount == before + 1)

        fixture.source.columnRule = .adaptive(minimumWidth: 150)
        let adaptive = try engine(fixture).fullRelayoutCount
        fixture.model.setViewportSize(Size(width: 700, height: 800))
        #expect(try engine(fixture).columnCount == fittingColumns(width: 700, minimum: 150))
        #expect(try engine(fixture).fullRelayoutCount == adaptive + 1)
    }

    @Test("a right-to-left model mirrors every frame of the left-to-right layout", arguments: 0..<8)
    func rightToLeftMirrors(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let width = Double(Int.random(in: 300...1600, using: &generator))
        let sizes = randomSizes(150, using: &generator)
        let columns = Int.random(in: 1...6, using: &generator)
        let fixture = Fixture(sizes: sizes, columns: columns, viewport: Size(width: width, height: 700))
        let leftToRight = (0..<sizes.count).map { fixture.model.layout.frame(at: $0) }
        fixture.model.layoutDirection = .rightToLeft
        for index in sizes.indices {
            let mirrored = fixture.model.layout.frame(at: index)
            let original = leftToRight[index]
            #expect(abs(mirrored.minX - (width - original.maxX)) < 1e-6, "seed \(seed), item \(index)")
            #expect(mirrored.minY == original.minY && mirrored.size == original.size, "seed \(seed), item \(index)")
        }
        fixture.expectConsistent("seed \(seed), after mirroring")
    }
}
