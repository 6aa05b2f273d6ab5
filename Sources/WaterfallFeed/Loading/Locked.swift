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
        // The result leaves through a local, not as the closure's `sending` result: the closure
        // returns nothing, so no compiler's region checking has to prove a result that is not
        // `Sendable` disconnected (6.0's checks differ from 6.3's, which this was built with).
        var result: Result?
        try mutex.withLock { _ throws(Failure) in result = try body(&state) }
        return result!
    }
}
