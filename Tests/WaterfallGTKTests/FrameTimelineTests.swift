import SeededRandom
import Testing
import WaterfallGTK

/// The whole-frame figures of `--scroll-test`: intervals, CPU time per frame, dropped frames
/// and percentiles, against a reference computed from the raw increments.
@Suite struct FrameTimelineTests {
    @Test("intervals, CPU per frame and dropped frames match the increments fed in (seeded)")
    func matchesIncrements() {
        for seed in UInt64(1)...40 {
            var random = SplitMix64(seed: seed)
            let frames = 1 + random.next(below: 300)
            let period = [1000.0 / 60, 1000.0 / 144, 8.0][random.next(below: 3)]
            // Whole microseconds, so the reference has no rounding of its own.
            let intervalMicros = (0..<frames).map { _ in
                random.next(below: 4) == 0 ? random.next(below: 80_000) : 15_000 + random.next(below: 3_000)
            }
            let threadMicros = intervalMicros.map { random.next(below: $0 + 1) }
            let processMicros = threadMicros.map { $0 + random.next(below: 10_000) }

            var timeline = FrameTimeline()
            var wall = ContinuousClock.now
            var thread = Duration.seconds(3), process = Duration.seconds(7)
            timeline.tick(wall: wall, threadCPU: thread, processCPU: process)
            for i in 0..<frames {
                wall += .microseconds(intervalMicros[i])
                thread += .microseconds(threadMicros[i])
                process += .microseconds(processMicros[i])
                timeline.tick(wall: wall, threadCPU: thread, processCPU: process)
            }

            #expect(timeline.frameCount == frames, "seed \(seed)")
            #expect(timeline.intervals == intervalMicros.map { Double($0) / 1000 }, "seed \(seed)")
            #expect(timeline.threadCPU == threadMicros.map { Double($0) / 1000 }, "seed \(seed)")
            let perFrame = Double(processMicros.reduce(0, +)) / 1000 / Double(frames)
            #expect(abs(timeline.processCPUPerFrame - perFrame) < 1e-9, "seed \(seed)")
            var dropped = 0
            for micros in intervalMicros where Double(micros) / 1000 > 1.5 * period { dropped += 1 }
            #expect(timeline.droppedFrames(period: period) == dropped, "seed \(seed)")
        }
    }

    @Test("an interval of exactly 1.5 periods is not dropped, one just longer is")
    func droppedBoundary() {
        #expect(FrameTimeline.droppedFrames(in: [16, 25, 25.001, 50], period: 50.0 / 3) == 2)
    }

    @Test("before two ticks there are no frames and no CPU per frame")
    func emptyTimeline() {
        var timeline = FrameTimeline()
        #expect(timeline.frameCount == 0)
        #expect(timeline.processCPUPerFrame == 0)
        timeline.tick()
        #expect(timeline.frameCount == 0)
        #expect(timeline.processCPUPerFrame == 0)
        #expect(timeline.droppedFrames(period: 16.7) == 0)
    }

    @Test("nearest-rank percentiles: the smallest sample at or above p % of the samples (seeded)")
    func percentiles() {
        for seed in UInt64(1)...40 {
            var random = SplitMix64(seed: seed)
            let samples = (0..<(1 + random.next(below: 200))).map { _ in Double(random.next(below: 50)) }
            let percentiles = Percentiles(samples)
            for p in [0.0, 1, 50, 90, 99, 99.9, 100] {
                // Reference: scan the samples for the smallest one with enough samples at or below it.
                let needed = max(1, Int((p / 100 * Double(samples.count)).rounded(.up)))
                let expected = samples.filter { candidate in samples.count { $0 <= candidate } >= needed }.min()
                #expect(percentiles.value(p) == expected, "seed \(seed), p\(p)")
            }
        }
        #expect(Percentiles([]).value(50) == 0)
    }
}
