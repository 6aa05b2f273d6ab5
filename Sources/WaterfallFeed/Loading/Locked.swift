import Synchronization

/// A value guarded by a lock, for the few places where synchronous access from any thread is
/// required (the memory cache lookup a UI does in the same frame as its cell, task bookkeeping).
final class Locked<State>: @unchecked Sendable {
    private let mutex = Mutex(())
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        try mutex.withLock { _ throws(Failure) in try body(&state) }
    }
}
