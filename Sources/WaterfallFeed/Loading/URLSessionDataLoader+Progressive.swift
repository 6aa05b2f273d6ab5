import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionDataLoader {
    /// Fetches `request` through the delegate session, calling `received` with the body so far
    /// as chunks arrive (off the session's delegate queue, coalesced: see ``BodyReports``), so an
    /// image's header is known from its first bytes; see `DataLoading.data(for:received:)`.
    /// `file:` URLs are read whole.
    ///
    /// A cancel never reaches a task that may be waiting for the delegate (see
    /// ``ProgressiveTransfers/stop(_:)``): the caller gets `URLError(.cancelled)` at once and the
    /// task is stopped when its body starts, or left to end by itself.
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
        return try await transfer(cancellingOn: progressive) { transfer, continuation in
            let task = session.dataTask(with: request)
            progressive.register(task, transfer: transfer, received: received, continuation: continuation)
            return task
        }
    }
}

/// The loader session's delegate: per task, the bytes so far, the response, a refused redirect
/// and the continuation to resume when the task completes. Every callback runs on `queue`.
///
/// FoundationNetworking traps the process when a task is cancelled (or times out) while its
/// redirect or its response waits for the delegate's answer ("Received callback for HTTP
/// redirection, but we're not waiting for it"): the cancel reaches the task's work queue before
/// the answer does. No public state tells those moments apart, but once a chunk of the final
/// response's body has reached the delegate, neither can come again. So a transfer is cancelled
/// only after its body started; before that its caller is answered at once and the task runs on
/// unheard until its first chunk (then cancelled) or its end. Delegate answers are given at
/// once, and nothing slow runs on `queue` (bytes are reported elsewhere), so the request's
/// timeout cannot fire while an answer is pending.
final class ProgressiveTransfers: NSObject, URLSessionDataDelegate, Sendable {
    private struct Entry {
        var transfer: Transfer
        var reports: BodyReports
        /// The caller, until the task completes or the caller stops listening.
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
        var data = Data()
        var response: URLResponse?
        var refusal: String?
        /// Whether a chunk of the final response's body reached the delegate.
        var bodyStarted = false

        /// What stopping the transfer takes: cancelling its task once the body started, else
        /// answering the caller (the entry then forgets it, its bytes and its reports).
        enum Stop {
            case cancelTask
            case answer(CheckedContinuation<(Data, URLResponse), any Error>?)
        }

        mutating func abandon() -> Stop {
            guard !bodyStarted else { return .cancelTask }
            reports.close()
            data = Data()
            defer { continuation = nil }
            return .answer(continuation)
        }
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
            $0[task.taskIdentifier] = Entry(transfer: transfer, reports: BodyReports(received), continuation: continuation)
        }
    }

    /// Stops `transfer` for a caller that was cancelled: on `queue`, cancels its task if the body
    /// started; otherwise answers the caller with `URLError(.cancelled)` now and leaves the task
    /// to be cancelled at its first chunk of body, or to end by itself (see the type's notes).
    func stop(_ transfer: Transfer) {
        queue.addOperation { [self] in
            guard let task = transfer.runningTask() else { return }
            switch entries.withLock({ $0[task.taskIdentifier]?.abandon() }) {
            case .none: return
            case .cancelTask: task.cancel()
            case .answer(let continuation):
                if transfer.finish() { continuation?.resume(throwing: URLError(.cancelled)) }
            }
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

    /// Appends the chunk and hands the body so far to the transfer's reports; the first chunk of
    /// a transfer whose caller stopped listening cancels its task (safe now: see the type's notes).
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let update = entries.withLock { entries -> (Data, BodyReports)?? in
            guard var entry = entries.removeValue(forKey: dataTask.taskIdentifier) else { return nil }
            guard entry.continuation != nil else { return .some(nil) }
            // Removed while appending, so the buffer is uniquely referenced.
            entry.bodyStarted = true
            entry.data.append(data)
            entries[dataTask.taskIdentifier] = entry
            return (entry.data, entry.reports)
        }
        switch update {
        case .none: return
        case .some(.none): dataTask.cancel()
        case .some(.some(let (soFar, reports))): reports.offer(soFar)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = entries.withLock({ $0.removeValue(forKey: task.taskIdentifier) }),
              let continuation = entry.continuation, entry.transfer.finish() else { return }
        if let refusal = entry.refusal {
            continuation.resume(throwing: RefusedTransfer(reason: refusal))
        } else if let error {
            continuation.resume(throwing: error)
        } else if let response = entry.response ?? task.response {
            continuation.resume(returning: (entry.data, response))
        } else {
            continuation.resume(throwing: URLError(.badServerResponse))
        }
    }
}

