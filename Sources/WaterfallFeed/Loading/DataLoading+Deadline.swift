import FoundationEssentials

/// The deadline timer of ``DataLoading/result(within:on:_:)`` fired first.
struct DeadlineMissed: Error {}

extension DataLoading {
    /// Runs `transfer` next to a timer of `deadline` on `clock` and returns as soon as the first
    /// of them ends: the transfer's outcome, or ``DeadlineMissed`` when the timer fires first,
    /// or `CancellationError` at once when the calling task is cancelled. The other one is
    /// cancelled and left to end on its own — never awaited, so a transfer that is slow to stop
    /// (a loader may take many seconds to end a cancelled transfer) cannot hold
    /// the caller past its deadline.
    static func result(within deadline: Duration?, on clock: any Clock<Duration>,
                       _ transfer: @escaping @Sendable () async throws -> (Data, DataResponse))
        async -> Result<(Data, DataResponse), any Error> {
        guard let deadline else {
            do { return .success(try await transfer()) } catch { return .failure(error) }
        }
        let race = FirstFinisher<(Data, DataResponse)>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.start(resuming: continuation, contenders: [
                    {
                        do { return .success(try await transfer()) } catch { return .failure(error) }
                    },
                    {
                        do {
                            try await clock.sleep(for: deadline)
                            return .failure(DeadlineMissed())
                        } catch {
                            return nil   // cancelled: it lost
                        }
                    },
                ])
            }
        } onCancel: {
            race.finish(with: .failure(CancellationError()))
        }
    }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// A continuation resumed once, by the first of several unstructured tasks to give an outcome
/// (or by ``finish(with:)`` from outside, as on cancellation); the other tasks are then
/// cancelled and nobody waits for them.
private final class FirstFinisher<Value: Sendable>: Sendable {
    typealias Outcome = Result<Value, any Error>

    private struct State {
        /// The caller, until it is resumed.
        var continuation: CheckedContinuation<Outcome, Never>?
        /// The running contenders, cancelled when the first one finishes.
        var tasks: [Task<Void, Never>] = []
        /// Whether an outcome was given (possibly before ``start(resuming:contenders:)``).
        var finished = false
    }

    private let state = Locked(State())

    /// Starts one task per contender; the first to return a non-`nil` outcome resumes
    /// `continuation`. If ``finish(with:)`` came first (the caller was cancelled before it
    /// started), the contenders are not started and the caller gets `CancellationError`.
    func start(resuming continuation: CheckedContinuation<Outcome, Never>,
               contenders: [@Sendable () async -> Outcome?]) {
        let alreadyFinished = state.withLock { state in
            if !state.finished { state.continuation = continuation }
            return state.finished
        }
        if alreadyFinished {
            continuation.resume(returning: .failure(CancellationError()))
            return
        }
        let tasks = contenders.map { contender in
            Task { [self] in
                if let outcome = await contender() { finish(with: outcome) }
            }
        }
        let lateTasks = state.withLock { state in
            if !state.finished { state.tasks = tasks }
            return state.finished
        }
        if lateTasks {
            for task in tasks { task.cancel() }
        }
    }

    /// Resumes the caller with `outcome` unless an outcome was given already, and cancels the
    /// contenders still running.
    func finish(with outcome: Outcome) {
        let (continuation, tasks) = state.withLock { state in
            defer {
                state.finished = true
                state.continuation = nil
                state.tasks = []
            }
            return (state.continuation, state.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(returning: outcome)
    }
}
