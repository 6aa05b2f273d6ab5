import Dispatch
import FoundationEssentials

/// One transfer's `received` callback, called off the network thread with the newest body so
/// far: at most one call runs at a time, and chunks that arrive meanwhile are coalesced into the
/// next call. So a slow callback (reading a hostile image's header) delays neither the session's
/// other transfers nor the network thread.
final class BodyReports: Sendable {
    private struct State {
        var newest: Data?
        var draining = false
        var closed = false
    }

    private let received: @Sendable (Data) -> Void
    private let state = Locked(State())

    init(_ received: @escaping @Sendable (Data) -> Void) {
        self.received = received
    }

    /// Reports `soFar` soon, unless a newer body replaces it first.
    func offer(_ soFar: Data) {
        let start = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.newest = soFar
            defer { state.draining = true }
            return !state.draining
        }
        if start { DispatchQueue.global().async { self.drain() } }
    }

    /// Reports nothing more (a call already running finishes).
    func close() {
        state.withLock { $0.closed = true; $0.newest = nil }
    }

    private func drain() {
        while let soFar = state.withLock({ state -> Data? in
            defer { state.newest = nil }
            if state.newest == nil || state.closed { state.draining = false; return nil }
            return state.newest
        }) {
            received(soFar)
        }
    }
}
