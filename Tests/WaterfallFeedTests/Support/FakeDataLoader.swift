import Foundation
import WaterfallFeed

/// An in-memory `DataLoading` whose responses are scripted per URL and which can hold requests
/// until released, to make orderings deterministic without timing.
final class FakeDataLoader: DataLoading, @unchecked Sendable {
    enum Reply {
        case body(Data, status: Int)
        case failure(TransportError.Code)
    }

    private let lock = NSLock()
    private var replies: [URL: [Reply]] = [:]
    private var held: [(url: URL, resume: CheckedContinuation<Void, Never>)] = []
    private var holding = false
    private(set) var requested: [URL] = []

    /// Queues replies for `url`; the last one repeats.
    func script(_ url: URL, _ replies: Reply...) {
        lock.withLock { self.replies[url, default: []].append(contentsOf: replies) }
    }

    /// While true, requests wait in arrival order until `releaseNext()`.
    func setHolding(_ value: Bool) {
        lock.withLock { holding = value }
    }

    /// The URLs requested so far, in order.
    var requestedURLs: [URL] {
        lock.withLock { requested }
    }

    /// The URLs of held requests, in arrival order.
    var heldURLs: [URL] {
        lock.withLock { held.map(\.url) }
    }

    /// Lets the oldest held request proceed; returns its URL.
    @discardableResult
    func releaseNext() -> URL? {
        let next: (url: URL, resume: CheckedContinuation<Void, Never>)? = lock.withLock {
            held.isEmpty ? nil : held.removeFirst()
        }
        next?.resume.resume()
        return next?.url
    }

    /// Waits (by yielding, bounded) until `count` requests are held.
    func waitUntilHeld(_ count: Int) async -> Bool {
        for _ in 0..<100_000 {
            if lock.withLock({ held.count }) >= count { return true }
            await Task.yield()
        }
        return false
    }

    func data(for request: DataRequest) async throws -> (Data, DataResponse) {
        let url = request.url
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let mustHold = lock.withLock { () -> Bool in
                requested.append(url)
                if holding { held.append((url, continuation)) }
                return holding
            }
            if !mustHold { continuation.resume() }
        }
        try Task.checkCancellation()
        let reply: Reply = lock.withLock {
            guard var queue = replies[url], !queue.isEmpty else { return .body(Data(), status: 404) }
            let first = queue.count > 1 ? queue.removeFirst() : queue[0]
            replies[url] = queue
            return first
        }
        switch reply {
        case .body(let data, let status):
            let response = DataResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1",
                                        headers: ["Content-Length": String(data.count)])
            return (data, response)
        case .failure(let code):
            throw TransportError(code)
        }
    }
}
