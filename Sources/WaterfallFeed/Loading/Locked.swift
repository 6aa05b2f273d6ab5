#if canImport(Glibc)
import Glibc
#endif

/// A value guarded by a lock, for the few places where synchronous access from any thread is
/// required (the memory cache lookup a UI does in the same frame as its cell, task bookkeeping).
///
/// The lock is a `pthread_mutex_t`, which ThreadSanitizer sees (Synchronization's `Mutex` locks
/// through futex system calls it does not intercept, so every access it guards was reported as
/// a race).
final class Locked<State>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
