import Foundation

/// Wall-clock timing helpers for the benchmark.
enum Timing {
    /// Seconds taken by one call of `body`.
    static func once(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        return (ContinuousClock.now - start).microseconds / 1e6
    }

    /// Seconds of this thread's CPU time taken by one call of `body` (unlike wall-clock time,
    /// not counting the time other processes held the core).
    static func threadCPU(_ body: () -> Void) -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let start = now()
        body()
        return now() - start
    }

    /// The fastest of `runs` calls of `body`, in seconds (the least disturbed measurement).
    static func best(of runs: Int, _ body: () -> Void) -> Double {
        (0..<runs).map { _ in once(body) }.min()!
    }

    /// The fastest calls of two competitors measured in alternation, in seconds: each round
    /// times `baseline` once and `contender` `contenderRuns` times, so both see the same bursts
    /// of noise from the rest of the machine and their ratio stays meaningful on a shared VM.
    static func interleavedBest(rounds: Int, baseline: () -> Void,
                                contenderRuns: Int = 1, contender: () -> Void) -> (baseline: Double, contender: Double) {
        var best = (baseline: Double.infinity, contender: Double.infinity)
        for _ in 0..<rounds {
            best.baseline = min(best.baseline, once(baseline))
            best.contender = min(best.contender, Timing.best(of: contenderRuns, contender))
        }
        return best
    }
}

/// Keeps a computed value alive so the optimizer cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

extension Duration {
    /// The duration in microseconds.
    var microseconds: Double {
        Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12
    }
}
