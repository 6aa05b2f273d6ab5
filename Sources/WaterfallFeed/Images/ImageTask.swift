/// The pipeline side of an `ImageTask`: what a task tells the pipeline that created it.
protocol ImageTaskOwner: AnyObject, Sendable {
    func imageTaskDidCancel(id: Int, key: ImageCacheKey)
    func imageTaskDidChangePriority(id: Int, key: ImageCacheKey, to priority: ImageRequest.Priority)
}

/// One requester's handle on an image load: await its result, change its priority, or cancel
/// it. Requests for the same URL and size share one load; cancelling a task completes it with
/// `ImagePipelineError.cancelled` at once, and the shared load (download, decode) is cancelled
/// when its last task is.
///
/// A cell keeps the task of its current image and cancels it when the cell is reused or scrolls
/// away.
public final class ImageTask<Image: Sendable>: Sendable {
    /// The outcome of a task.
    public typealias Outcome = Result<DecodedImage<Image>, ImagePipelineError>

    private struct State {
        var priority: ImageRequest.Priority
        /// Whether ``outcome`` is set. Checked before the optional itself is: memcheck reads the
        /// test of a `nil` outcome (an extra inhabitant, part of it never written) as a jump on
        /// uninitialised memory, which would hide real ones in the C examples' leak checks.
        var isFinished: Bool
        var outcome: Outcome?
        var waiters: [CheckedContinuation<Outcome, Never>] = []
    }

    /// The request as made.
    public let request: ImageRequest
    let id: Int
    private let owner: (any ImageTaskOwner)?
    private let state: Locked<State>

    /// A running task, which `owner` completes.
    init(request: ImageRequest, id: Int, owner: any ImageTaskOwner) {
        self.request = request
        self.id = id
        self.owner = owner
        state = Locked(State(priority: request.priority, isFinished: false, outcome: nil))
    }

    /// A task finished with `outcome` (a memory-cache hit, a remembered failure, a refusal).
    init(request: ImageRequest, id: Int, finished outcome: Outcome) {
        self.request = request
        self.id = id
        owner = nil
        state = Locked(State(priority: request.priority, isFinished: true, outcome: outcome))
    }

    /// The current priority.
    public var priority: ImageRequest.Priority {
        state.withLock { $0.priority }
    }

    /// Whether the task has finished (``outcomeIfFinished`` is set); never waits.
    public var isFinished: Bool {
        state.withLock { $0.isFinished }
    }

    /// The outcome if the task has finished, else `nil`; never waits.
    public var outcomeIfFinished: Outcome? {
        state.withLock { $0.isFinished ? $0.outcome : nil }
    }

    /// Waits for the outcome. Cancelling the awaiting Swift task cancels this image task.
    public func outcome() async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let finished = state.withLock { state -> Outcome? in
                    guard state.isFinished else {
                        state.waiters.append(continuation)
                        return nil
                    }
                    return state.outcome
                }
                if let finished { continuation.resume(returning: finished) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Waits for the image. Cancelling the awaiting Swift task cancels this image task.
    ///
    /// - Throws: `ImagePipelineError`.
    public func image() async throws(ImagePipelineError) -> DecodedImage<Image> {
        try await outcome().get()
    }

    /// Changes the priority (e.g. `.prefetch` → `.visible` when the cell appears). The shared
    /// load runs at the highest priority of its tasks; this only matters while it waits for a
    /// download slot.
    public func setPriority(_ priority: ImageRequest.Priority) {
        let changed = state.withLock { state -> Bool in
            guard !state.isFinished, state.priority != priority else { return false }
            state.priority = priority
            return true
        }
        if changed {
            owner?.imageTaskDidChangePriority(id: id, key: request.key, to: priority)
        }
    }

    /// Cancels the task: it completes with `.cancelled` unless it has already finished. Safe
    /// to call from any thread, any number of times.
    public func cancel() {
        if complete(with: .failure(.cancelled(request.url))) {
            owner?.imageTaskDidCancel(id: id, key: request.key)
        }
    }

    /// Sets the outcome and wakes the waiters, unless an outcome is already set.
    ///
    /// - Returns: whether this call set the outcome.
    @discardableResult
    func complete(with outcome: Outcome) -> Bool {
        let waiters = state.withLock { state -> [CheckedContinuation<Outcome, Never>]? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            state.outcome = outcome
            defer { state.waiters = [] }
            return state.waiters
        }
        guard let waiters else { return false }
        for waiter in waiters {
            waiter.resume(returning: outcome)
        }
        return true
    }
}
