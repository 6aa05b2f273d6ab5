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
}

/// The default `DataLoading`: a `URLSession` data task per request for HTTP(S), and a direct
/// file read for `file:` URLs (a missing file throws `URLError(.fileDoesNotExist)`).
///
/// Cancelling the calling task cancels the underlying `URLSessionDataTask`, which closes the
/// connection.
public final class URLSessionDataLoader: DataLoading, Sendable {
    /// A loader over a session with the default configuration.
    public static let shared = URLSessionDataLoader()

    /// The session every HTTP request goes through.
    public let session: URLSession

    /// Creates a loader with its own session.
    ///
    /// - Parameter configuration: the session configuration; its `timeoutIntervalForRequest`
    ///   applies when the request does not set a timeout of its own.
    public init(configuration: URLSessionConfiguration = .default) {
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Fetches the body of `request`; see `DataLoading.data(for:)`.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        guard let url = request.url else { throw URLError(.badURL) }
        if url.isFileURL {
            return try readFile(at: url)
        }
        let pending = Locked<URLSessionDataTask?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                pending.withLock { $0 = task }
                task.resume()
                // Cancellation that raced ahead of the task's creation found nothing to cancel.
                if Task.isCancelled { task.cancel() }
            }
        } onCancel: {
            pending.withLock { $0 }?.cancel()
        }
    }

    private func readFile(at url: URL) throws -> (Data, URLResponse) {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw URLError(.fileDoesNotExist, userInfo: [NSURLErrorFailingURLErrorKey: url])
        }
        let data = try Data(contentsOf: url)
        let response = URLResponse(url: url, mimeType: nil, expectedContentLength: data.count,
                                   textEncodingName: nil)
        return (data, response)
    }
}
