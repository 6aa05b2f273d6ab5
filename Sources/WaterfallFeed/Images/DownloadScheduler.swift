import Foundation

/// Bounds how many downloads run at once — in all, and per host — and hands a freed slot to the
/// waiting download of the highest priority whose host is below its limit (first come, first
/// served among equals). So a host that stalls holds at most its own share of the slots while
/// the others keep loading, and cells on screen still go first. Priorities of waiting downloads
/// can change; a cancelled waiter leaves the queue at once.
///
/// A host is the URL's host and port (`127.0.0.1:8080` and `127.0.0.1:8081` are two hosts), as
/// browsers group connections.
final class DownloadScheduler: Sendable {
    private struct Waiter {
        var id: Int
        var host: String
        var priority: ImageRequest.Priority
        var sequence: Int
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var runningPerHost: [String: Int] = [:]
        var sequence = 0
        var waiters: [Waiter] = []
    }

    /// The most downloads running at once.
    let maximumConcurrent: Int
    /// The most downloads running at once from one host.
    let maximumPerHost: Int
    private let state = Locked(State())

    init(maximumConcurrent: Int, maximumPerHost: Int) {
        self.maximumConcurrent = max(1, maximumConcurrent)
        self.maximumPerHost = max(1, maximumPerHost)
    }

    /// The number of downloads holding a slot.
    var runningCount: Int {
        state.withLock { $0.running }
    }

    /// The number of downloads of `host` holding a slot.
    func runningCount(host: String) -> Int {
        state.withLock { $0.runningPerHost[host] ?? 0 }
    }

    /// The number of downloads waiting for a slot.
    var waitingCount: Int {
        state.withLock { $0.waiters.count }
    }

    /// Waits for a slot for a download from `host`; the caller must call `release(host:)` once
    /// done with it.
    ///
    /// - Complexity: O(1) when a slot is free; otherwise waiting, with O(*w*) work per release
    ///   for *w* waiters.
    /// - Throws: `CancellationError` when the calling task is cancelled while waiting (the slot
    ///   is then not held).
    func acquire(id: Int, host: String, priority: ImageRequest.Priority) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.running < maximumConcurrent, state.runningPerHost[host, default: 0] < maximumPerHost {
                        state.running += 1
                        state.runningPerHost[host, default: 0] += 1
                        return .success(())
                    }
                    state.sequence += 1
                    state.waiters.append(Waiter(id: id, host: host, priority: priority, sequence: state.sequence,
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

    /// Frees the caller's slot of `host` and gives it to the most urgent waiter that may run
    /// now (its host below the per-host limit).
    ///
    /// - Complexity: O(*w*) for *w* waiters.
    func release(host: String) {
        let next = state.withLock { state -> Waiter? in
            state.running -= 1
            let left = state.runningPerHost[host, default: 1] - 1
            state.runningPerHost[host] = left > 0 ? left : nil
            var best: Int?
            for position in state.waiters.indices
            where state.runningPerHost[state.waiters[position].host, default: 0] < maximumPerHost {
                if let current = best, !Self.isLessUrgent(state.waiters[current], state.waiters[position]) { continue }
                best = position
            }
            guard let best else { return nil }
            let waiter = state.waiters.remove(at: best)
            state.running += 1
            state.runningPerHost[waiter.host, default: 0] += 1
            return waiter
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

    /// The scheduling key of `url`: its host and port.
    static func host(of url: URL) -> String {
        "\(url.host?.lowercased() ?? ""):\(url.port.map(String.init) ?? url.scheme?.lowercased() ?? "")"
    }

    private static func isLessUrgent(_ lhs: Waiter, _ rhs: Waiter) -> Bool {
        lhs.priority != rhs.priority ? lhs.priority < rhs.priority : lhs.sequence > rhs.sequence
    }
}
