import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Something that fetches the bytes behind a URL request: the seam between the feed loader and
/// image pipeline and the network, so tests can inject fakes.
///
/// Implementations must honour Swift task cancellation (a cancelled task should stop the transfer
/// promptly and throw) and must not validate HTTP status codes: callers decide what a 404 means.
public protocol DataLoading: Sendable {
    /// Fetches the whole body of `request`.
    ///
    /// - Returns: the body and the response (an `HTTPURLResponse` for HTTP URLs).
    /// - Throws: `URLError` (or any error) when the transfer fails; `CancellationError` or
    ///   `URLError(.cancelled)` when the calling task is cancelled.
    func data(for request: URLRequest) async throws -> (Data, URLResponse)

    /// Fetches the whole body of `request`, calling `received` with the body received so far
    /// each time more of it arrives, so a caller can act on the first bytes — the image
    /// pipeline reads an image's size from its header this way. The default implementation
    /// calls `data(for:)` and then `received` once, with the whole body.
    func data(for request: URLRequest, received: @escaping @Sendable (Data) -> Void) async throws -> (Data, URLResponse)
}

extension DataLoading {
    /// Calls `data(for:)`, then `received` once with the whole body.
    public func data(for request: URLRequest, received: @escaping @Sendable (Data) -> Void) async throws
        -> (Data, URLResponse) {
        let result = try await data(for: request)
        received(result.0)
        return result
    }
}

/// The default `DataLoading`: a `URLSession` data task per request for HTTP(S), and a direct
/// file read for `file:` URLs (a missing file throws `URLError(.fileDoesNotExist)`).
///
/// Redirects follow ``RedirectRule``: one that leaves `http`/`https`, or goes from `https` down
/// to `http`, is not followed and the transfer throws ``RefusedTransfer``. Certificates are
/// verified by libcurl against the system's trust store and never accepted when they fail.
///
/// Cancelling the calling task answers it at once with `URLError(.cancelled)`. The underlying
/// `URLSessionDataTask` is cancelled (closing its connection) only once its body has started to
/// arrive, and otherwise left to end unheard: FoundationNetworking traps the process when a task
/// is cancelled while a redirect or a response waits for the delegate, or when a cancel races with
/// the task's completion or a read of the URL cache (see `ProgressiveTransfers`). So the session
/// has no `URLCache` (callers cache what they need, as the image pipeline's disk cache does), and
/// cancels are never sent from the caller's thread: they run on the session's serial delegate
/// queue, and only for a task whose completion has not been handled yet.
public final class URLSessionDataLoader: DataLoading, Sendable {
    /// A loader over a session with the default configuration.
    public static let shared = URLSessionDataLoader()

    /// The session every HTTP request goes through; its delegate hands each task's bytes on as
    /// they arrive and checks redirects (see `URLSessionDataLoader+Progressive.swift`).
    public let session: URLSession
    /// The session's delegate and serial queue.
    let progressive: ProgressiveTransfers

    /// Creates a loader with its own session.
    ///
    /// - Parameter configuration: the session configuration; its `timeoutIntervalForRequest`
    ///   applies when the request does not set a timeout of its own. Its `urlCache` is replaced
    ///   by none (see the type's notes).
    public init(configuration: URLSessionConfiguration = .default) {
        let configuration = configuration.copy() as! URLSessionConfiguration
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        progressive = ProgressiveTransfers(queue: queue)
        session = URLSession(configuration: configuration, delegate: progressive, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Fetches the body of `request`; see `DataLoading.data(for:)`.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await data(for: request, received: { _ in })
    }

    /// Starts the task `makeTask` builds for a new transfer and waits for the continuation it
    /// is given. Cancelling the calling task stops the transfer through `transfers` (see
    /// ``ProgressiveTransfers/stop(_:)``).
    func transfer(
        cancellingOn transfers: ProgressiveTransfers,
        _ makeTask: (Transfer, CheckedContinuation<(Data, URLResponse), any Error>) -> URLSessionDataTask
    ) async throws -> (Data, URLResponse) {
        let transfer = Transfer()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = makeTask(transfer, continuation)
                transfer.start(task)
                task.resume()
                // Cancellation that raced ahead of the task's creation found nothing to stop.
                if Task.isCancelled { transfers.stop(transfer) }
            }
        } onCancel: {
            transfers.stop(transfer)
        }
    }

    func readFile(at url: URL) throws -> (Data, URLResponse) {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw URLError(.fileDoesNotExist, userInfo: [NSURLErrorFailingURLErrorKey: url])
        }
        let data = try Data(contentsOf: url)
        let response = URLResponse(url: url, mimeType: nil, expectedContentLength: data.count,
                                   textEncodingName: nil)
        return (data, response)
    }
}

/// One request's task and whether its completion handler has run, shared between the caller's
/// thread and the session's callback queue.
final class Transfer: Sendable {
    private enum Phase {
        case created
        case running(URLSessionDataTask)
        case finished
    }

    private let phase = Locked(Phase.created)

    /// Records the task once it exists.
    func start(_ task: URLSessionDataTask) {
        phase.withLock { if case .created = $0 { $0 = .running(task) } }
    }

    /// Marks the transfer finished; false if it already was.
    func finish() -> Bool {
        phase.withLock { phase in
            if case .finished = phase { return false }
            phase = .finished
            return true
        }
    }

    /// The task, while its completion handler has not run.
    func runningTask() -> URLSessionDataTask? {
        phase.withLock { phase in
            if case .running(let task) = phase { return task }
            return nil
        }
    }
}
