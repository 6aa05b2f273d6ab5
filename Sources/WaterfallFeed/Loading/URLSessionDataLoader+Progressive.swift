import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionDataLoader {
    /// Fetches `request` through the delegate session, calling `received` with the body so far
    /// each time a chunk arrives (on the session's serial delegate queue), so an image's header
    /// is known from its first bytes; see `DataLoading.data(for:received:)`. `file:` URLs are
    /// read whole. Cancels run on the delegate queue, only for a task that has not completed.
    ///
    /// - Throws: ``RefusedTransfer`` for a redirect ``RedirectRule`` refuses; what the session
    ///   reports otherwise.
    public func data(for request: URLRequest, received: @escaping @Sendable (Data) -> Void) async throws
        -> (Data, URLResponse) {
        guard let url = request.url else { throw URLError(.badURL) }
        if url.isFileURL {
            let result = try readFile(at: url)
            received(result.0)
            return result
        }
        return try await transfer(cancellingOn: progressive.queue) { transfer, continuation in
            let task = session.dataTask(with: request)
            progressive.register(task, transfer: transfer, received: received, continuation: continuation)
            return task
        }
    }
}

/// The loader session's delegate: per task, the bytes so far, the response, a refused redirect
/// and the continuation to resume when the task completes. Every callback runs on `queue`.
final class ProgressiveTransfers: NSObject, URLSessionDataDelegate, Sendable {
    private struct Entry {
        var transfer: Transfer
        var received: @Sendable (Data) -> Void
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>
        var data = Data()
        var response: URLResponse?
        var refusal: String?
    }

    /// The serial delegate queue.
    let queue: OperationQueue
    private let entries = Locked([Int: Entry]())

    init(queue: OperationQueue) {
        self.queue = queue
    }

    /// Records a task before it is resumed.
    func register(_ task: URLSessionDataTask, transfer: Transfer, received: @escaping @Sendable (Data) -> Void,
                  continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        entries.withLock {
            $0[task.taskIdentifier] = Entry(transfer: transfer, received: received, continuation: continuation)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        entries.withLock { $0[dataTask.taskIdentifier]?.response = response }
        completionHandler(.allow)
    }

    /// Follows a redirect only when ``RedirectRule`` allows it. The target is read from the
    /// `Location` header, since swift-corelibs-foundation turns a `Location: file:///…` into an
    /// `http` URL on the same host before it asks.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        let source = response.url ?? task.currentRequest?.url ?? URL(fileURLWithPath: "/")
        let location = response.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0, relativeTo: source)?.absoluteURL }
        let targets = [location, request.url].compactMap { $0 }
        guard let refusal = targets.lazy.compactMap({ RedirectRule.refusal(from: source, to: $0) }).first else {
            return completionHandler(request)
        }
        entries.withLock { $0[task.taskIdentifier]?.refusal = refusal }
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let update = entries.withLock { entries -> (Data, @Sendable (Data) -> Void)? in
            guard var entry = entries[dataTask.taskIdentifier] else { return nil }
            entries[dataTask.taskIdentifier] = nil   // keep the buffer uniquely referenced while appending
            entry.data.append(data)
            entries[dataTask.taskIdentifier] = entry
            return (entry.data, entry.received)
        }
        if let (soFar, received) = update { received(soFar) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = entries.withLock({ $0.removeValue(forKey: task.taskIdentifier) }),
              entry.transfer.finish() else { return }
        if let refusal = entry.refusal {
            entry.continuation.resume(throwing: RefusedTransfer(reason: refusal))
        } else if let error {
            entry.continuation.resume(throwing: error)
        } else if let response = entry.response ?? task.response {
            entry.continuation.resume(returning: (entry.data, response))
        } else {
            entry.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }
}
