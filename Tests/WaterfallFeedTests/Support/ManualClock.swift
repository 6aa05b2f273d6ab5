@testable import WaterfallFeed

/// A monotonic clock that moves only when a test says so: as a closure for
/// `ImagePipeline.Configuration.now` (`elapsed`), and as a `Clock` whose sleepers — the
/// deadline timers of `HTTPFeed` and `ImagePipeline` — wake only in `advance(by:)`.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        /// The time since the clock was made.
        var offset: Duration

        func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var time = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
    }

    /// Guarded by `Locked` (an NSLock), which ThreadSanitizer sees; it cannot see the futex of
    /// `Synchronization.Mutex` inside the uninstrumented standard library.
    private let state = Locked(State())

    /// The current time, as a closure for a configuration.
    var elapsed: @Sendable () -> Duration {
        { self.state.withLock { $0.time.offset } }
    }

    var now: Instant {
        state.withLock { $0.time }
    }

    var minimumResolution: Duration {
        .zero
    }

    /// How many tasks are sleeping on this clock (a deadline timer armed).
    var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Suspends until `advance(by:)` reaches `deadline`; throws `CancellationError` when the
    /// task is cancelled first.
    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let wakeNow = state.withLock { state -> Bool in
                    if deadline <= state.time || Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if wakeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    /// Moves the clock on and wakes the sleepers whose deadline it reached.
    func advance(by duration: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            state.time = state.time.advanced(by: duration)
            let time = state.time
            let due = state.sleepers.filter { $0.deadline <= time }
            state.sleepers.removeAll { $0.deadline <= time }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }
}

extension RetryPolicy {
    /// One attempt: transient failures are not retried within a load; the negative cache holds
    /// them for 1 s, then 2 s, … (up to 8 s).
    static let once = RetryPolicy(maximumAttempts: 1, baseDelay: .seconds(1), maximumDelay: .seconds(8))
}
