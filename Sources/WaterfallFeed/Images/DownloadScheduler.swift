import FoundationEssentials

/// Bounds how many downloads run at once — in all, and per host — and hands a freed slot to the
/// waiting download of the highest priority whose host is below its limit (first come, first
/// served among equals). So a host that stalls holds at most its own share of the slots while
/// the others keep loading, and cells on screen still go first. Priorities of waiting downloads
/// can change; a cancelled waiter leaves the queue at once.
///
/// A host is the URL's host and port (`127.0.0.1:8080` and `127.0.0.1:8081` are two hosts), as
/// browsers group connections.
///
/// Slow transfers lend their global slot: with ``Lending`` (the pipeline's default), a download
/// that has run for `after` and received less than `minimumBytesPerSecond` over the last check
/// stops counting against the global limit (never against its host's), so waiters start. Without
/// it, fifty slow hosts beside a fast one held every global slot, one each, and the per-host limit
/// never applied: the fast host's images waited for the slow ones. At most `maximumLent`
/// downloads are lent at once, so the connections stay bounded.
final class DownloadScheduler: Sendable {
    /// When a slow download gives its global slot to a waiter.
    struct Lending: Sendable {
        /// How long a download runs before it may lend its slot.
        var after: Duration = .seconds(1)
        /// The rate below which it lends it, measured between checks.
        var minimumBytesPerSecond = 16_384
        /// How often running downloads are checked while downloads wait.
        var interval: Duration = .milliseconds(250)
        /// The most downloads lent at once.
        var maximumLent = 48
    }

    /// A download holding a slot.
    private struct Running {
        var host: String
        var started: ContinuousClock.Instant
        var bytes = 0
        var bytesAtLastCheck = 0
        var lent = false
    }

    private struct Waiter {
        var id: Int
        var host: String
        var priority: ImageRequest.Priority
        var sequence: Int
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        /// Downloads holding a global slot (not lent).
        var running = 0
        var runningPerHost: [String: Int] = [:]
        var downloads: [Int: Running] = [:]
        var lent = 0
        var sequence = 0
        var waiters: [Waiter] = []
        var lastCheck = ContinuousClock.now
        /// Whether the lending check runs.
        var checking = false
    }

    /// The most downloads running at once (lent ones aside).
    let maximumConcurrent: Int
    /// The most downloads running at once from one host.
    let maximumPerHost: Int
    /// When slow downloads lend their slot; `nil`: never.
    let lending: Lending?
    private let state = Locked(State())

    init(maximumConcurrent: Int, maximumPerHost: Int, lending: Lending? = Lending()) {
        self.maximumConcurrent = max(1, maximumConcurrent)
        self.maximumPerHost = max(1, maximumPerHost)
        self.lending = lending
    }

    /// The number of downloads holding a global slot (lent ones aside).
    var runningCount: Int {
        state.withLock { $0.running }
    }

    /// The number of slow downloads running without a global slot.
    var lentCount: Int {
        state.withLock { $0.lent }
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
                        Self.start(id: id, host: host, in: &state)
                        return .success(())
                    }
                    state.sequence += 1
                    state.waiters.append(Waiter(id: id, host: host, priority: priority, sequence: state.sequence,
                                                continuation: continuation))
                    return nil
                }
                if let resumeNow {
                    continuation.resume(with: resumeNow)
                } else {
                    startCheckingIfNeeded()
                }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Waiter? in
                guard let position = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: position)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Frees the slot of download `id` (of `host`) and gives it to the most urgent waiter that
    /// may run now (its host below the per-host limit).
    ///
    /// - Complexity: O(*w*) for *w* waiters.
    func release(id: Int, host: String) {
        let next = state.withLock { state -> [Waiter] in
            let download = state.downloads.removeValue(forKey: id)
            if download?.lent == true { state.lent -= 1 } else { state.running -= 1 }
            let left = state.runningPerHost[host, default: 1] - 1
            state.runningPerHost[host] = left > 0 ? left : nil
            return admit(&state)
        }
        for waiter in next { waiter.continuation.resume() }
    }

    /// Records that download `id` has received `bytes` so far (for ``Lending``).
    func progress(id: Int, bytes: Int) {
        state.withLock { state in state.downloads[id]?.bytes = bytes }
    }

    /// Starts download `id` of `host` in a global slot.
    private static func start(id: Int, host: String, in state: inout State) {
        state.running += 1
        state.runningPerHost[host, default: 0] += 1
        state.downloads[id] = Running(host: host, started: .now)
    }

    /// Removes and starts the most urgent waiters that may run now, while global slots are free.
    private func admit(_ state: inout State) -> [Waiter] {
        var started: [Waiter] = []
        while state.running < maximumConcurrent {
            var best: Int?
            for position in state.waiters.indices
            where state.runningPerHost[state.waiters[position].host, default: 0] < maximumPerHost {
                if let current = best, !Self.isLessUrgent(state.waiters[current], state.waiters[position]) { continue }
                best = position
            }
            guard let best else { break }
            let waiter = state.waiters.remove(at: best)
            Self.start(id: waiter.id, host: waiter.host, in: &state)
            started.append(waiter)
        }
        return started
    }

    /// Starts the lending check unless it runs, there is no ``Lending`` or nobody waits.
    private func startCheckingIfNeeded() {
        guard let lending else { return }
        let start = state.withLock { state -> Bool in
            guard !state.checking, !state.waiters.isEmpty else { return false }
            state.checking = true
            state.lastCheck = .now
            return true
        }
        guard start else { return }
        Task.detached { [self] in
            while true {
                try? await Task.sleep(for: lending.interval)
                let (next, goesOn) = state.withLock { state -> ([Waiter], Bool) in
                    lend(lending, in: &state)
                    let next = admit(&state)
                    state.checking = !state.waiters.isEmpty
                    return (next, state.checking)
                }
                for waiter in next { waiter.continuation.resume() }
                if !goesOn { return }
            }
        }
    }

    /// Lends the global slots of downloads that ran at least `lending.after` and received less
    /// than its rate since the last check, at most up to `lending.maximumLent`.
    private func lend(_ lending: Lending, in state: inout State) {
        let now = ContinuousClock.now
        let seconds = (now - state.lastCheck) / .seconds(1)
        state.lastCheck = now
        for (id, download) in state.downloads where !download.lent {
            let slow = Double(download.bytes - download.bytesAtLastCheck) < Double(lending.minimumBytesPerSecond) * seconds
            state.downloads[id]?.bytesAtLastCheck = download.bytes
            guard slow, now - download.started >= lending.after, state.lent < lending.maximumLent else { continue }
            state.downloads[id]?.lent = true
            state.running -= 1
            state.lent += 1
        }
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
