/// Bounds how many downloads run at once and hands free slots to the waiting download of the
/// highest priority (first come, first served among equals). Priorities of waiting downloads can
/// change; a cancelled waiter leaves the queue at once.
final class DownloadScheduler: Sendable {
    private struct Waiter {
        var id: Int
        var priority: ImageRequest.Priority
        var sequence: Int
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var sequence = 0
        var waiters: [Waiter] = []
    }

    /// The most downloads running at once.
    let maximumConcurrent: Int
    private let state = Locked(State())

    init(maximumConcurrent: Int) {
        self.maximumConcurrent = max(1, maximumConcurrent)
    }

    /// The number of downloads holding a slot.
    var runningCount: Int {
        state.withLock { $0.running }
    }

    /// The number of downloads waiting for a slot.
    var waitingCount: Int {
        state.withLock { $0.waiters.count }
    }

    /// Waits for a slot; the caller must call `release()` once done with it.
    ///
    /// - Complexity: O(1) when a slot is free; otherwise waiting, with O(*w*) work per release
    ///   for *w* waiters.
    /// - Throws: `CancellationError` when the calling task is cancelled while waiting (the slot
    ///   is then not held).
    func acquire(id: Int, priority: ImageRequest.Priority) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.running < maximumConcurrent {
                        state.running += 1
                        return .success(())
                    }
                    state.sequence += 1
                    state.waiters.append(Waiter(id: id, priority: priority, sequence: state.sequence,
                                                continuation: continuation))
                    return nil
                }
                if let resumeNow { continuation.resume(with: resumeNow) }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Waiter? in
                guard let position = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: position)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Gives the caller's slot to the most urgent waiter, or frees it.
    func release() {
        let next = state.withLock { state -> Waiter? in
            guard let position = state.waiters.indices.max(by: { Self.isLessUrgent(state.waiters[$0], state.waiters[$1]) }) else {
                state.running -= 1
                return nil
            }
            return state.waiters.remove(at: position)
        }
        next?.continuation.resume()
    }

    /// Changes the priority of a waiting download; no effect once it runs.
    func setPriority(_ priority: ImageRequest.Priority, id: Int) {
        state.withLock { state in
            if let position = state.waiters.firstIndex(where: { $0.id == id }) {
                state.waiters[position].priority = priority
            }
        }
    }

    private static func isLessUrgent(_ lhs: Waiter, _ rhs: Waiter) -> Bool {
        lhs.priority != rhs.priority ? lhs.priority < rhs.priority : lhs.sequence > rhs.sequence
    }
}
