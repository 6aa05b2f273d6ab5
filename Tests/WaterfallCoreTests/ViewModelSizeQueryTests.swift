import Foundation
import SeededRandom
import Testing
import WaterfallCore

/// A delegate that answers sizes for a range at once, optionally with the wrong number of them,
/// and records what it was asked.
@MainActor
private final class RangeAnsweringDelegate: WaterfallDelegate {
    typealias Cell = HeadlessCell
    let source: HeadlessDataSource
    /// Answers this many sizes more (> 0) or fewer (< 0) than asked.
    var lengthError = 0
    private(set) var ranges: [Range<Int>] = []
    private(set) var singleQueries = 0

    init(source: HeadlessDataSource) { self.source = source }

    func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, sizeAt index: Int) -> ItemSize {
        singleQueries += 1
        return source.sizes[index]
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, sizesIn range: Range<Int>) -> [ItemSize] {
        ranges.append(range)
        let kept = Array(source.sizes[range].prefix(max(0, range.count + lengthError)))
        return kept + Array(repeating: .height(9_999), count: max(0, lengthError))
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, marginFor type: MarginType) -> Double {
        source.margin
    }
}

/// A delegate that answers one size at a time (the protocol's default range answer).
@MainActor
private final class OneByOneDelegate: WaterfallDelegate {
    typealias Cell = HeadlessCell
    let source: HeadlessDataSource

    init(source: HeadlessDataSource) { self.source = source }

    func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, sizeAt index: Int) -> ItemSize {
        source.sizes[index]
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, marginFor type: MarginType) -> Double {
        source.margin
    }
}

@MainActor
@Suite("View model: asking the delegate for sizes")
struct ViewModelSizeQueryTests {
    @Test("runs of new items are asked at once; an answer of the wrong length is mended to the one-by-one layout (seeded)")
    func rangeAnswersMatchOneByOne() {
        for seed in UInt64(0)..<24 {
            var rng = SplitMix64(seed: 0x512E_0000 + seed)
            let sizes = randomSizes(Int.random(in: 1...6_000, using: &rng), using: &rng)
            let ranged = Fixture(sizes: sizes), reference = Fixture(sizes: sizes)
            let delegate = RangeAnsweringDelegate(source: ranged.source)
            let oneByOne = OneByOneDelegate(source: reference.source)
            ranged.model.delegate = delegate
            reference.model.delegate = oneByOne
            for step in 0..<6 {
                delegate.lengthError = [0, 0, -1, 1, -Int.random(in: 2...100, using: &rng),
                                        Int.random(in: 2...100, using: &rng)].randomElement(using: &rng)!
                let (asked, single) = (delegate.ranges.count, delegate.singleQueries)
                let count = ranged.model.numberOfItems
                let expectedRanges: [Range<Int>]
                if step == 0 {
                    for fixture in [ranged, reference] { fixture.model.reloadData() }
                    expectedRanges = stride(from: 0, to: count, by: 4_096).map { $0..<min($0 + 4_096, count) }
                } else {
                    let page = randomSizes(Int.random(in: 1...80, using: &rng), using: &rng)
                    let at = Bool.random(using: &rng) ? count : Int.random(in: 0...count, using: &rng)
                    for fixture in [ranged, reference] {
                        fixture.source.sizes.insert(contentsOf: page, at: at)
                        fixture.model.performBatchUpdates([.insert(at..<at + page.count)])
                    }
                    expectedRanges = [at..<at + page.count]
                }
                let context = "seed \(seed), step \(step), length error \(delegate.lengthError)"
                #expect(Array(delegate.ranges[asked...]) == expectedRanges, "\(context): asked for each run at once")
                let missing = expectedRanges.reduce(0) { $0 + min($1.count, max(0, -delegate.lengthError)) }
                #expect(delegate.singleQueries - single == missing, "\(context): missing sizes asked one by one")
                let frames = (0..<ranged.model.numberOfItems).map { ranged.model.layout.frame(at: $0) }
                let expected = (0..<reference.model.numberOfItems).map { reference.model.layout.frame(at: $0) }
                #expect(frames == expected, "\(context): the same layout as sizes asked one by one")
                ranged.expectConsistent(context)
            }
        }
    }

    @Test("an insert in a batch that a later move renumbers asks each size at its final index")
    func tracedInsertAsksOneByOne() {
        let fixture = Fixture(sizes: (0..<200).map { .height(Double(60 + $0 % 7 * 20)) })
        let delegate = RangeAnsweringDelegate(source: fixture.source)
        fixture.model.delegate = delegate
        fixture.source.sizes.insert(contentsOf: [.height(111), .height(222)], at: 10)
        fixture.source.sizes.insert(fixture.source.sizes.remove(at: 11), at: 0)   // the second new item moves to 0
        fixture.model.performBatchUpdates([.insert(10..<12), .move(from: 11, to: 0)])
        // The insert is traced through the move, item by item; the move's own insert comes
        // last in the batch and is asked as a run.
        #expect(delegate.singleQueries == 2)
        #expect(delegate.ranges == [0..<1])
        #expect(fixture.model.layout.frame(at: 0).height == 222)
        #expect(fixture.model.layout.frame(at: 11).height == 111)
        fixture.expectConsistent("after the traced insert")
    }
}
