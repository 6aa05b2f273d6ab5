/// Time spent in a piece of code, two ways: CPU time of the calling thread (what the code
/// cost) and wall-clock time (what it cost plus any time the thread was preempted — on a busy
/// two-core machine, most of the spikes).
package struct WorkTime: Sendable, Equatable {
    /// CPU time of the thread that did the work.
    package var cpu: Duration = .zero
    /// Wall-clock time from start to end.
    package var wall: Duration = .zero

    /// No work.
    package init() {}

    /// Runs `body` and adds its CPU and wall-clock time.
    /// - Complexity: `body`'s, plus four clock readings.
    package mutating func measure<T>(_ body: () -> T) -> T {
        let cpuStart = CPUTime.thread()
        let wallStart = ContinuousClock.now
        defer {
            wall += ContinuousClock.now - wallStart
            cpu += CPUTime.thread() - cpuStart
        }
        return body()
    }
}
