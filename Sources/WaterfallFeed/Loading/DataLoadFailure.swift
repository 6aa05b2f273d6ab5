import FoundationEssentials

/// Why fetching a URL failed, shared by the feed loader (`FeedError.load`) and the image pipeline
/// (`ImagePipelineError.loadFailed`).
public struct DataLoadFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The transfer failed before a complete response arrived: the ``TransportError`` code
        /// (0 for other errors) and message.
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
        /// The URL was not loaded because an origin or redirect rule forbids it (see
        /// ``ContentOrigin`` and ``RedirectRule``); the reason names the rule. No read of the
        /// target was attempted.
        case refused(String)
        /// The transfer was still running when its overall deadline (in seconds) passed —
        /// a server that trickles bytes just fast enough to beat the idle timeout.
        case deadlineExceeded(seconds: Double)
        /// The server's TLS certificate did not verify; the message names the problem as the
        /// TLS library reports it (self-signed, expired, not valid for the host name, …).
        /// Such a certificate is never accepted.
        case certificate(String)
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

    /// Whether trying again later may succeed: timeouts, missed deadlines, dropped or refused
    /// connections, truncated bodies, 5xx, 408 and 429. Cancellation, other 4xx, refused URLs
    /// and certificate failures are not transient.
    ///
    /// ``TransportError/Code/unknown`` counts as transient: ``SoupDataLoader`` reports a failure
    /// GLib does not classify with it, and a loader of an app's own built on URLSession reports
    /// libcurl's transfer failures such as a connection closed mid-body with it.
    public var isTransient: Bool {
        switch kind {
        case .transport(let code, _):
            return Self.transientTransportCodes.contains(code)
        case .httpStatus(let status):
            return status >= 500 || status == 408 || status == 429
        case .truncated, .deadlineExceeded:
            return true
        case .tooLarge, .cancelled, .refused, .certificate:
            return false
        }
    }

    /// Whether the same load should try again at once (after a short backoff): a transient
    /// failure other than a missed deadline — a server that trickles would only hold the
    /// download slot for another whole deadline. A missed deadline is still transient, so a
    /// negative cache backs off from it.
    public var isRetriedWithinLoad: Bool {
        if case .deadlineExceeded = kind { return false }
        return isTransient
    }

    /// Whether the resource does not exist: HTTP 404 or a missing `file:` URL.
    public var isNotFound: Bool {
        switch kind {
        case .httpStatus(404): return true
        case .transport(let code, _): return code == TransportError.Code.fileDoesNotExist.rawValue
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
        case .refused(let reason):
            return "\(url.absoluteString): refused: \(reason)"
        case .deadlineExceeded(let seconds):
            return "\(url.absoluteString): not complete within its deadline of \(Self.tenths(seconds)) s"
        case .certificate(let problem):
            return "\(url.absoluteString): TLS certificate not accepted: \(problem)"
        }
    }

    /// `seconds` to a tenth, without a fraction when it has none (`30`, `2.5`).
    private static func tenths(_ seconds: Double) -> String {
        let tenths = (seconds * 10).rounded()
        guard tenths.isFinite, abs(tenths) < 1e15 else { return String(seconds) }
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int64(tenths / 10)) : String(tenths / 10)
    }

    private static let transientTransportCodes: Set<Int> = [
        TransportError.Code.timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet,
        .cannotFindHost, .dnsLookupFailed, .badServerResponse, .resourceUnavailable,
        .cannotParseResponse, .zeroByteResource, .unknown,
    ].reduce(into: []) { $0.insert($1.rawValue) }
}

extension DataLoading {
    /// Fetches `url` and checks what every caller needs checked: a 2xx status for HTTP (or 304
    /// when `headers` make the request conditional), a body as long as `Content-Length`
    /// promised, a body no longer than `maximumByteCount`, the overall deadline, and
    /// cancellation.
    ///
    /// - Parameters:
    ///   - timeout: the idle timeout of the request, in seconds.
    ///   - deadline: how long the whole transfer may take, or `nil` for no bound; a transfer
    ///     still running then is cancelled and fails with
    ///     ``DataLoadFailure/Kind/deadlineExceeded(seconds:)`` — at once, even when the
    ///     loader is slow to end the cancelled transfer.
    ///   - clock: the clock the deadline is kept by (a manual one in tests).
    ///   - headers: extra request headers (`If-None-Match`, `If-Modified-Since`).
    ///   - received: called with the body so far as it arrives (see `data(for:received:)`).
    ///   - maximumByteCount: the most body bytes accepted, or `nil` for no bound; a longer body
    ///     fails with ``DataLoadFailure/Kind/tooLarge(limit:received:)``, stopped as soon as the
    ///     loader reports that many bytes (see ``DataLoading/data(for:received:maximumByteCount:)``).
    func validatedData(for url: URL, timeout: TimeInterval, deadline: Duration? = nil,
                       clock: any Clock<Duration> = ContinuousClock(), headers: [String: String] = [:],
                       received: (@Sendable (Data) -> Void)? = nil,
                       maximumByteCount: Int? = nil) async throws(DataLoadFailure) -> (Data, DataResponse) {
        let prepared = DataRequest(url: url, headers: headers, timeout: timeout)
        let outcome: Result<(Data, DataResponse), any Error>
        if url.isFileURL {
            outcome = await localFile(for: prepared, received: received, maximumByteCount: maximumByteCount)
        } else {
            outcome = await Self.result(within: deadline, on: clock) { () async throws -> (Data, DataResponse) in
                if let maximumByteCount {
                    return try await self.data(for: prepared, received: received ?? { _ in }, maximumByteCount: maximumByteCount)
                } else if let received {
                    return try await self.data(for: prepared, received: received)
                } else {
                    return try await self.data(for: prepared)
                }
            }
        }
        let data: Data
        let response: DataResponse
        do {
            (data, response) = try outcome.get()
        } catch let error as BodyTooLarge {
            throw DataLoadFailure(url: url, kind: .tooLarge(limit: error.limit, received: error.received))
        } catch is DeadlineMissed {
            throw DataLoadFailure(url: url, kind: .deadlineExceeded(seconds: deadline.map(Self.seconds) ?? 0))
        } catch {
            throw DataLoadFailure(url: url, error: error)
        }
        if Task.isCancelled {
            throw DataLoadFailure(url: url, kind: .cancelled)
        }
        if let status = response.statusCode, !(200..<300).contains(status), !(status == 304 && !headers.isEmpty) {
            throw DataLoadFailure(url: url, kind: .httpStatus(status))
        }
        let expected = response.expectedContentLength
        if expected > 0, Int64(data.count) < expected {
            throw DataLoadFailure(url: url, kind: .truncated(expected: expected, received: data.count))
        }
        return (data, response)
    }
}

extension DataLoading {
    /// A `file:` request, read in the calling task: a file read is not a stream a deadline or
    /// a byte bound could stop midway, so it needs neither the deadline's race nor the bound's
    /// child task, and no unstructured task outlives a cancelled caller holding the file's bytes.
    private func localFile(for request: DataRequest, received: (@Sendable (Data) -> Void)?,
                           maximumByteCount: Int?) async -> Result<(Data, DataResponse), any Error> {
        do {
            let (data, response) = try await self.data(for: request)
            if let maximumByteCount, data.count > max(0, maximumByteCount) {
                return .failure(BodyTooLarge(limit: max(0, maximumByteCount), received: data.count))
            }
            received?(data)
            return .success((data, response))
        } catch {
            return .failure(error)
        }
    }
}

extension DataLoadFailure {
    /// Classifies an error thrown by a `DataLoading`.
    init(url: URL, error: any Error) {
        if error is CancellationError {
            self.init(url: url, kind: .cancelled)
        } else if let refusal = error as? RefusedTransfer {
            self.init(url: url, kind: .refused(refusal.reason))
        } else if let certificate = error as? RejectedCertificate {
            self.init(url: url, kind: .certificate(certificate.problem))
        } else {
            let transport = error as? TransportError
            let code = transport?.code.rawValue ?? 0
            let message = transport?.message ?? String(describing: error)
            if code == TransportError.Code.cancelled.rawValue {
                self.init(url: url, kind: .cancelled)
            } else if Self.isCertificateFailure(code: code, message: message) {
                self.init(url: url, kind: .certificate(Self.certificateProblem(in: message)))
            } else {
                self.init(url: url, kind: .transport(code: code, message: message))
            }
        }
    }

    /// Whether a transport error is a failed certificate check: the ``TransportError`` codes of
    /// certificate and secure-connection failures, or — for a loader of an app's own built on
    /// URLSession, which reports libcurl's verification failures as `URLError.unknown` (passed on as ``TransportError/Code/unknown``) with
    /// libcurl's message — a message of libcurl's TLS layer ("SSL certificate problem: …", "SSL: no alternative
    /// certificate subject name matches target host name …").
    private static func isCertificateFailure(code: Int, message: String) -> Bool {
        if (TransportError.Code.clientCertificateRequired.rawValue...TransportError.Code.secureConnectionFailed.rawValue).contains(code) {
            return true
        }
        return code == TransportError.Code.unknown.rawValue && (message.hasPrefix("SSL certificate problem")
            || message.hasPrefix("SSL: ") || message.contains("certificate"))
    }

    /// libcurl's message without its "SSL certificate problem: " prefix.
    private static func certificateProblem(in message: String) -> String {
        let prefix = "SSL certificate problem: "
        return message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
    }
}

extension DataLoadFailure {
    /// The kind of problem a failed certificate check had, for a sentence a person can read
    /// (the message of ``Kind/certificate(_:)`` is the TLS library's).
    public enum CertificateProblem: Sendable, Hashable {
        /// The certificate's validity ended.
        case expired
        /// The certificate's validity has not begun (or this computer's clock is wrong).
        case notYetValid
        /// The certificate is valid, but for another host name.
        case wrongHost
        /// No trusted authority vouches for the certificate: self-signed, or from an unknown
        /// issuer.
        case untrusted
        /// Another problem (a revoked certificate, a failed handshake, …).
        case other
    }

    /// What was wrong with the certificate, for a ``Kind/certificate(_:)`` failure; `nil` for
    /// every other kind. Read from the message: ``SoupDataLoader``'s plain words for GLib's
    /// `GTlsCertificateFlags` (or libcurl's, from a loader built on URLSession).
    public var certificateProblem: CertificateProblem? {
        guard case .certificate(let message) = kind else { return nil }
        let text = message.lowercased()
        if text.contains("has expired") { return .expired }
        if text.contains("not yet valid") { return .notYetValid }
        if text.contains("subject name") || text.contains("host name") || text.contains("hostname") { return .wrongHost }
        if text.contains("self-signed") || text.contains("self signed") || text.contains("issuer")
            || text.contains("untrusted") || text.contains("unknown root") {
            return .untrusted
        }
        return .other
    }
}

/// What a loader throws for a transfer an origin or redirect rule refused.
public struct RefusedTransfer: Error, Sendable, Hashable {
    /// The rule that was broken.
    public var reason: String

    /// Creates the error.
    public init(reason: String) {
        self.reason = reason
    }
}
