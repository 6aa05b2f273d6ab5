import SeededRandom
import Testing
import WaterfallFeed

@Suite("Animation timeline")
struct AnimationTimelineTests {
    @Test func seededRandomTimesPickTheFrameAReferenceScanPicks() {
        for seed in UInt64(1)...200 {
            var random = SplitMix64(seed: seed)
            let delays = (0..<Int.random(in: 1...12, using: &random)).map { _ in Int.random(in: 0...400, using: &random) }
            let timeline = AnimationTimeline(delays: delays)
            let effective = delays.map { $0 < 20 ? 100 : $0 }
            #expect(timeline.loopDuration == effective.reduce(0, +), "seed \(seed)")
            for _ in 0..<50 {
                let elapsed = Int.random(in: -100...(timeline.loopDuration * 3), using: &random)
                // Reference: walk the frames, looping.
                var time = elapsed > 0 ? elapsed % timeline.loopDuration : 0
                var expected = 0
                while time >= effective[expected] {
                    time -= effective[expected]
                    expected += 1
                }
                #expect(timeline.frame(at: elapsed) == expected, "seed \(seed): \(delays) at \(elapsed) ms")
            }
        }
    }
}
