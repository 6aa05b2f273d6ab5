import Glibc

/// CPU time consumed so far, read from the kernel's per-thread and per-process clocks
/// (`clock_gettime`). Differences of two readings give what a piece of work or a frame cost,
/// independent of preemption.
package enum CPUTime {
    /// The calling thread's CPU time so far (`CLOCK_THREAD_CPUTIME_ID`).
    package static func thread() -> Duration {
        read(CLOCK_THREAD_CPUTIME_ID)
    }

    /// The CPU time of all the process's threads so far (`CLOCK_PROCESS_CPUTIME_ID`).
    package static func process() -> Duration {
        read(CLOCK_PROCESS_CPUTIME_ID)
    }

    private static func read(_ clock: clockid_t) -> Duration {
        var now = timespec()
        clock_gettime(clock, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }
}
