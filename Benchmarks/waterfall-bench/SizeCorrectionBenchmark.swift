import Foundation
import SeededRandom
import WaterfallCore

/// A burst of size corrections (images of unknown size whose headers arrive together) against
/// the view model: coalesced into one flush, as a front end applies them once per frame, and
/// applied one by one, as a flush per correction would.
@MainActor
enum SizeCorrectionBenchmark {
    /// What a burst cost.
    struct Figures {
        /// Relayouts of the coalesced burst (one flush).
        var coalescedRelayouts: Int
        /// Time of the coalesced burst: the corrections recorded, then one flush.
        var coalescedMicroseconds: Double
        /// Relayouts when each correction is flushed on its own.
        var oneByOneRelayouts: Int
        /// Time of the same corrections flushed one by one.
        var oneByOneMicroseconds: Double
    }

    /// `corrections` random items from the first half of an `itemCount` feed (4 columns, the
    /// viewport in the middle) get a new aspect ratio; both ways start from the same state.
    static func burst(itemCount: Int, corrections: Int = 50) -> Figures {
        let clock = ContinuousClock()
        func run(coalesced: Bool) -> (relayouts: Int, microseconds: Double) {
            let (model, source, _) = ViewModelBenchmarks.makeModel(
                itemCount: itemCount, columns: 4, viewport: Size(width: 1000, height: 1650))
            model.setContentOffset(Point(x: 0, y: model.contentSize.height / 2))
            var generator = SplitMix64(seed: 14)
            let changed = (0..<corrections).map { _ in Int.random(in: 0..<itemCount / 2, using: &generator) }
            for index in changed {
                source.sizes[index] = .aspectRatio(width: 100, height: Double.random(in: 60...300, using: &generator))
            }
            let elapsed = clock.measure {
                if coalesced {
                    model.invalidateSizes(at: changed)
                    model.applyPendingSizeChanges()
                } else {
                    for index in changed {
                        model.invalidateSize(at: index)
                        model.applyPendingSizeChanges()
                    }
                }
            }
            return (model.sizeChangeStatistics.relayouts, elapsed.microseconds)
        }
        let coalesced = run(coalesced: true)
        let oneByOne = run(coalesced: false)
        return Figures(coalescedRelayouts: coalesced.relayouts, coalescedMicroseconds: coalesced.microseconds,
                       oneByOneRelayouts: oneByOne.relayouts, oneByOneMicroseconds: oneByOne.microseconds)
    }
}
