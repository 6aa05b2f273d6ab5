import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why fetching a URL failed, shared by the feed loader (`FeedError.load`) and the image pipeline
/// (`ImagePipelineError.loadFailed`).
public struct DataLoadFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The transfer failed before a complete response arrived: the `URLError` code (0 for
        /// errors outside `NSURLErrorDomain`) and message.
        case transport(code: Int, message: String)
        /// The server answered with a status outside 200–299.
        case httpStatus(Int)
        /// The connection closed before `Content-Length` bytes arrived.
        case truncated(expected: Int64, received: Int)
        /// The body grew past `limit` bytes (the transfer was stopped there, after `received`
        /// bytes): what a server streaming an endless or a huge body gets.
        case tooLarge(limit: Int, received: Int)
        /// The requesting task was cancelled.
        case cancelled
    }

    /// The URL that was being fetched.
    public var url: URL
    /// What went wrong.
    public var kind: Kind

    /// Creates a failure for `url`.
    public init(url: URL, kind: Kind) {
        self.url = url
        self.kind = kind
    }

    /// Whether trying again later may succeed: timeouts, dropped or refused connections,
    /// truncated bodies, 5xx, 408 and 429. Cancellation and other 4xx are not transient.
    ///
    /// `URLError.unknown` counts as transient because swift-corelibs-foundation reports libcurl
    /// transfer failures such as a connection closed mid-body ("transfer closed with N bytes
    /// remaining to read") with that code.
    public var isTransient: Bool {
        switch kind {
        case .transport(let code, _):
            return Self.transientURLErrorCodes.contains(code)
        case .httpStatus(let status):
            return status >= 500 || status == 408 || status == 429
        case .truncated:
            return true
        case .tooLarge, .cancelled:
            return false
        }
    }

    /// Whether the resource does not exist: HTTP 404 or a missing `file:` URL.
    public var isNotFound: Bool {
        switch kind {
        case .httpStatus(404): return true
        case .transport(let code, _): return code == URLError.Code.fileDoesNotExist.rawValue
        default: return false
        }
    }

    /// A readable one-line explanation, including the URL.
    public var description: String {
        switch kind {
        case .transport(_, let message):
            return "\(url.absoluteString): \(message)"
        case .httpStatus(let status):
            return "\(url.absoluteString): HTTP \(status)"
        case .truncated(let expected, let received):
            return "\(url.absoluteString): body truncated (\(received) of \(expected) bytes)"
        case .tooLarge(let limit, let received):
            return "\(url.absoluteString): body larger than \(limit) bytes (stopped after \(received))"
        case .cancelled:
            return "\(url.absoluteString): cancelled"
        }
    }

    private static let transientURLErrorCodes: Set<Int> = [
        URLError.Code.timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet,
        .cannotFindHost, .dnsLookupFailed, .badServerResponse, .resourceUnavailable,
        .cannotParseResponse, .zeroByteResource, .unknown,
    ].reduce(into: []) { $0.insert($1.rawValue) }
}

extension DataLoading {
    /// Fetches `url` and checks what every caller needs checked: a 2xx status for HTTP (or 304
    /// when `headers` make the request conditional), a body as long as `Content-Length`
    /// promised, a body no longer than `maximumByteCount`, and cancellation.
    ///
    /// - Parameters:
    ///   - timeout: the idle timeout of the request, in seconds.
    ///   - headers: extra request headers (`If-None-Match`, `If-Modified-Since`).
    ///   - received: called with the body so far as it arrives (see `data(for:received:)`).
    ///   - maximumByteCount: the most body bytes accepted, or `nil` for no bound; a longer body
    ///     fails with ``DataLoadFailure/Kind/tooLarge(limit:received:)``, stopped as soon as the
    ///     loader reports that many bytes (see ``DataLoading/data(for:received:maximumByteCount:)``).
    func validatedData(for url: URL, timeout: TimeInterval, headers: [String: String] = [:],
                       received: (@Sendable (Data) -> Void)? = nil,
                       maximumByteCount: Int? = nil) async throws(DataLoadFailure) -> (Data, URLResponse) {
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let data: Data
        let response: URLResponse
        do {
            if let maximumByteCount {
                (data, response) = try await self.data(for: request, received: received ?? { _ in },
                                                       maximumByteCount: maximumByteCount)
            } else if let received {
                (data, response) = try await self.data(for: request, received: received)
            } else {
                (data, response) = try await self.data(for: request)
            }
        } catch let error as BodyTooLarge {
            throw DataLoadFailure(url: url, kind: .tooLarge(limit: error.limit, received: error.received))
        } catch {
            throw DataLoadFailure(url: url, error: error)
        }
        if Task.isCancelled {
            throw DataLoadFailure(url: url, kind: .cancelled)
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode),
           !(http.statusCode == 304 && !headers.isEmpty) {
            throw DataLoadFailure(url: url, kind: .httpStatus(http.statusCode))
        }
        let expected = response.expectedContentLength
        if expected > 0, Int64(data.count) < expected {
            throw DataLoadFailure(url: url, kind: .truncated(expected: expected, received: data.count))
        }
        return (data, response)
    }
}

extension DataLoadFailure {
    /// Classifies an error thrown by a `DataLoading`.
    init(url: URL, error: any Error) {
        if error is CancellationError {
            self.init(url: url, kind: .cancelled)
        } else if let urlError = error as? URLError {
            self.init(url: url, kind: urlError.code == .cancelled
                ? .cancelled
                : .transport(code: urlError.code.rawValue, message: urlError.localizedDescription))
        } else {
            let nsError = error as NSError
            let code = nsError.domain == NSURLErrorDomain ? nsError.code : 0
            self.init(url: url, kind: code == URLError.Code.cancelled.rawValue
                ? .cancelled
                : .transport(code: code, message: nsError.localizedDescription))
        }
    }
}
