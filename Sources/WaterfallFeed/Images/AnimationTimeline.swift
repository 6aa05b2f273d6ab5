/// Which frame of a looping animation shows at a given time: the frames' delays laid end to end,
/// repeated forever.
public struct AnimationTimeline: Sendable, Hashable {
    /// Each frame's delay in milliseconds (as browsers do, delays under 20 ms count as 100 ms).
    public let delays: [Int]
    /// The sum of the delays: one loop, in milliseconds.
    public let loopDuration: Int
    private let starts: [Int]

    /// Creates a timeline of frames with `delays` (milliseconds).
    public init(delays: [Int]) {
        self.delays = delays.map { $0 < 20 ? 100 : $0 }
        var starts: [Int] = []
        var total = 0
        for delay in self.delays {
            starts.append(total)
            total += delay
        }
        self.starts = starts
        loopDuration = total
    }

    /// The frame shown `elapsed` milliseconds after the animation started (negative times show
    /// the first frame).
    ///
    /// - Complexity: O(log frames).
    public func frame(at elapsed: Int) -> Int {
        guard loopDuration > 0, elapsed > 0 else { return 0 }
        let time = elapsed % loopDuration
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= time { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
