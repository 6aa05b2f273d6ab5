import Foundation

/// Wall-clock timing helpers for the benchmark.
enum Timing {
    /// Seconds taken by one call of `body`.
    static func once(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        return (ContinuousClock.now - start).microseconds / 1e6
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
