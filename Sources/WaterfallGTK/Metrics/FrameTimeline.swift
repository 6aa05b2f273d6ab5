/// What a run of frames cost as a whole, recorded tick by tick of a frame clock: for each
/// frame, the wall-clock interval since the previous tick and the CPU time the frame clock's
/// thread (GTK's main thread) used over that interval — which includes GTK's own measuring,
/// allocating, snapshotting and rendering of the widgets, not only the application's code —
/// and, over the whole run, the CPU time of every thread of the process.
///
/// Call ``tick()`` once per frame from a tick callback (``TickCallback``), or
/// ``tick(wall:threadCPU:processCPU:)`` with readings of your own (tests do).
package struct FrameTimeline: Sendable {
    /// Wall-clock time between consecutive ticks, ms (one per frame after the first tick).
    package private(set) var intervals: [Double] = []
    /// The ticking thread's CPU time between consecutive ticks, ms (one per interval).
    package private(set) var threadCPU: [Double] = []
    private var previous: (wall: ContinuousClock.Instant, thread: Duration)?
    private var processCPU: (first: Duration, last: Duration)?

    /// An empty timeline; the first tick starts it.
    package init() {}

    /// Records a tick now, reading the calling thread's and the process's CPU clocks.
    /// - Complexity: amortized O(1).
    package mutating func tick() {
        tick(wall: .now, threadCPU: CPUTime.thread(), processCPU: CPUTime.process())
    }

    /// Records a tick at `wall` with the ticking thread's and the process's CPU time so far.
    /// - Complexity: amortized O(1).
    package mutating func tick(wall: ContinuousClock.Instant, threadCPU thread: Duration, processCPU process: Duration) {
        if let previous {
            intervals.append((wall - previous.wall).milliseconds)
            threadCPU.append((thread - previous.thread).milliseconds)
        }
        previous = (wall, thread)
        processCPU = (processCPU?.first ?? process, process)
    }

    /// The frames recorded: one fewer than the ticks.
    package var frameCount: Int { intervals.count }

    /// All threads' CPU time from the first tick to the last, divided by the frames between
    /// them, ms; 0 before the second tick.
    package var processCPUPerFrame: Double {
        guard let processCPU, frameCount > 0 else { return 0 }
        return (processCPU.last - processCPU.first).milliseconds / Double(frameCount)
    }

    /// The frames whose interval exceeds 1.5 × `period` (ms, e.g. 16.667 at 60 Hz): each one
    /// means at least one refresh went by without a new frame.
    /// - Complexity: O(frames).
    package func droppedFrames(period: Double) -> Int {
        Self.droppedFrames(in: intervals, period: period)
    }

    /// The intervals (ms) longer than 1.5 × `period` (ms).
    /// - Complexity: O(`intervals.count`).
    package static func droppedFrames(in intervals: [Double], period: Double) -> Int {
        let limit = 1.5 * period
        return intervals.count { $0 > limit }
    }
}
