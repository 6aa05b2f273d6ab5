import Glibc

/// Time spent in a piece of code, two ways: CPU time of the calling thread (what the code
/// cost) and wall-clock time (what it cost plus any time the thread was preempted — on a busy
/// two-core machine, most of the spikes).
public struct WorkTime: Sendable, Equatable {
    /// CPU time of the thread that did the work.
    public var cpu: Duration = .zero
    /// Wall-clock time from start to end.
    public var wall: Duration = .zero

    /// No work.
    public init() {}

    /// Runs `body` and adds its CPU and wall-clock time.
    mutating func measure<T>(_ body: () -> T) -> T {
        let cpuStart = Self.threadCPUTime()
        let wallStart = ContinuousClock.now
        defer {
            wall += ContinuousClock.now - wallStart
            cpu += Self.threadCPUTime() - cpuStart
        }
        return body()
    }

    /// The calling thread's CPU time so far.
    private static func threadCPUTime() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }
}
