import FoundationEssentials

/// Something that fetches the bytes behind a URL: the seam between the feed loader and image
/// pipeline and the network, so tests can inject fakes. The default is ``SoupDataLoader``
/// (libsoup 3).
///
/// Implementations must honour Swift task cancellation (a cancelled task should stop the transfer
/// promptly and throw) and must not validate HTTP status codes: callers decide what a 404 means.
public protocol DataLoading: Sendable {
    /// Fetches the whole body of `request`.
    ///
    /// - Returns: the body and the response (with a status code for HTTP URLs).
    /// - Throws: ``TransportError`` (or any error) when the transfer fails; `CancellationError`
    ///   or ``TransportError`` `.cancelled` when the calling task is cancelled.
    func data(for request: DataRequest) async throws -> (Data, DataResponse)

    /// Fetches the whole body of `request`, calling `received` with the body received so far
    /// each time more of it arrives, so a caller can act on the first bytes — the image
    /// pipeline reads an image's size from its header this way. The default implementation
    /// calls `data(for:)` and then `received` once, with the whole body.
    func data(for request: DataRequest, received: @escaping @Sendable (Data) -> Void) async throws -> (Data, DataResponse)
}

extension DataLoading {
    /// Calls `data(for:)`, then `received` once with the whole body.
    public func data(for request: DataRequest, received: @escaping @Sendable (Data) -> Void) async throws
        -> (Data, DataResponse) {
        let result = try await data(for: request)
        received(result.0)
        return result
    }
}

/// What a ``DataLoading`` is asked for: a `GET` of a URL, with extra request headers and an idle
/// timeout. (It replaces `URLRequest`, which on Linux lives in FoundationNetworking.)
public struct DataRequest: Sendable, Hashable {
    /// The URL to fetch.
    public var url: URL
    /// Extra request headers (`If-None-Match`, `If-Modified-Since`, …), by name.
    public var headers: [String: String]
    /// How long the transfer may receive nothing before it fails with ``TransportError`` `.timedOut`, in
    /// seconds (an idle timeout, not a deadline for the whole transfer).
    public var timeout: TimeInterval

    /// Creates a request for `url`.
    public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval = 60) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
    }
}

/// What answered a ``DataRequest``: the final URL (after redirects), the HTTP status and
/// headers. (It replaces `URLResponse` and `HTTPURLResponse`, which on Linux live in
/// FoundationNetworking.)
public struct DataResponse: Sendable, Hashable {
    /// The URL the body came from, after redirects.
    public var url: URL
    /// The HTTP status code; `nil` for a response that is not HTTP (a `file:` URL).
    public var statusCode: Int?
    /// The protocol that carried it: `"HTTP/1.0"`, `"HTTP/1.1"` or `"HTTP/2"`; `nil` when not HTTP.
    public var httpVersion: String?
    /// The response headers, one value per name (repeated headers joined with ", "), with the
    /// names as the server sent them; read them with ``value(forHTTPHeaderField:)``.
    public var headers: [String: String]

    /// Creates a response.
    public init(url: URL, statusCode: Int? = nil, httpVersion: String? = nil, headers: [String: String] = [:]) {
        self.url = url
        self.statusCode = statusCode
        self.httpVersion = httpVersion
        self.headers = headers
    }

    /// The value of the header `name`, whatever the case of its name.
    ///
    /// - Complexity: O(*h*) for *h* headers.
    public func value(forHTTPHeaderField name: String) -> String? {
        if let value = headers[name] { return value }
        return headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The media type of `Content-Type` without its parameters, lowercased (`"application/json"`),
    /// or `nil` without one.
    public var mimeType: String? {
        guard let type = value(forHTTPHeaderField: "Content-Type") else { return nil }
        let media = type.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let trimmed = media.trimmingSpaces.lowercased()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The body's length as the response announced it (`Content-Length`), or -1 when unknown.
    public var expectedContentLength: Int64 {
        value(forHTTPHeaderField: "Content-Length").flatMap { Int64($0.trimmingSpaces) } ?? -1
    }
}
