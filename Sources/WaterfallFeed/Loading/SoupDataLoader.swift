import CWaterfallSoup
import CWaterfallSoupLoading
import FoundationEssentials

/// The default `DataLoading`: GNOME's HTTP client, libsoup 3, for `http` and `https`, and a
/// direct file read for `file:` URLs (a missing file throws ``TransportError`` `.fileDoesNotExist`).
///
/// One `SoupSession` serves every request of a loader, on a network thread of its own that runs
/// its own GLib main context: a busy GTK main loop cannot stall a transfer, and the loader needs
/// no GLib loop anywhere else. The session uses GIO's proxy resolver (GNOME's proxy settings),
/// glib-networking's TLS with the system's trust store, and HTTP/2 where a server offers it.
///
/// - Redirects follow ``RedirectRule``, checked by this loader for each hop (libsoup follows
///   none itself), at most 20 per transfer: one that leaves `http`/`https`, or goes from `https`
///   down to `http`, is not followed, nothing is requested at its target, and the transfer
///   throws ``RefusedTransfer``.
/// - A certificate that does not verify is never accepted; the transfer fails with a
///   ``DataLoadFailure/Kind/certificate(_:)`` that names the problem in plain words (from
///   GLib's `GTlsCertificateFlags`).
/// - Cancelling the calling task answers it at once with ``TransportError`` `.cancelled` and cancels the
///   transfer on the network thread (its connection is closed). libsoup has no state in which a
///   cancel is unsafe.
/// - The request's `timeoutInterval` is an idle timeout: a transfer that receives nothing for
///   that long fails with ``TransportError`` `.timedOut`. The overall deadline is the caller's (see
///   `HTTPFeed(deadline:)`, `ImagePipeline.Configuration.requestDeadline`).
/// - The body is handed to `received` as it arrives, off the network thread, one call at a
///   time per transfer, newer chunks coalesced (a slow callback holds up nothing else).
/// - There is no HTTP cache in the loader: the image pipeline keeps its own (`DiskDataCache`,
///   with validators), and every request goes to the network.
public final class SoupDataLoader: DataLoading, Sendable {
    /// The loader the feed loader and the image pipeline share by default: one session, one
    /// network thread, one pool of connections for the whole app.
    public static let shared = SoupDataLoader()

    /// The network thread and its session.
    private let session: SoupSessionThread

    /// Creates a loader with its own session and network thread (ended when the loader is
    /// released; transfers still running then fail as cancelled).
    ///
    /// - Parameters:
    ///   - maximumConnections: the most connections the session opens at once. The image
    ///     pipeline's own limits are the ones that matter (12 downloads, and up to 48 more whose
    ///     slow transfers lent their slot); this one is above them so that libsoup never queues
    ///     a download the pipeline started.
    ///   - maximumConnectionsPerHost: the most connections to one host (host and port), above the
    ///     pipeline's 6 so that a feed page is not queued behind a host's images.
    ///   - userAgent: the `User-Agent` product; libsoup's own is appended.
    public init(maximumConnections: Int = 80, maximumConnectionsPerHost: Int = 12, userAgent: String = "Waterfall") {
        session = SoupSessionThread(maximumConnections: maximumConnections,
                                    maximumConnectionsPerHost: maximumConnectionsPerHost, userAgent: userAgent + " ")
    }

    /// Fetches the body of `request`; see `DataLoading.data(for:)`.
    public func data(for request: DataRequest) async throws -> (Data, DataResponse) {
        try await data(for: request, received: { _ in })
    }

    /// Fetches `request`, calling `received` with the body so far as chunks arrive (off the
    /// network thread, coalesced), so an image's header is known from its first bytes; see
    /// `DataLoading.data(for:received:)`. `file:` URLs are read whole.
    ///
    /// - Throws: ``RefusedTransfer`` for a redirect ``RedirectRule`` refuses; ``TransportError`` for a
    ///   failed transfer (`.cancelled` when the calling task is cancelled, `.timedOut`,
    ///   `.cannotFindHost`, `.cannotConnectToHost`, `.networkConnectionLost`,
    ///   `.httpTooManyRedirects`, `.unsupportedURL` for a scheme other than `http(s)` and `file`);
    ///   a certificate failure that ``DataLoadFailure`` reports as
    ///   ``DataLoadFailure/Kind/certificate(_:)``.
    public func data(for request: DataRequest, received: @escaping @Sendable (Data) -> Void) async throws
        -> (Data, DataResponse) {
        let url = request.url
        if url.isFileURL {
            let result = try Self.readFile(at: url)
            received(result.0)
            return result
        }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw TransportError(.unsupportedURL, message: "\(url.scheme ?? "a URL without a scheme"): not a scheme this loader reads")
        }
        let transfer = SoupTransfer(url: url, received: received)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.start(request, on: session, resuming: continuation)
                // Cancellation that raced ahead of the start found nothing to stop.
                if Task.isCancelled { transfer.cancel() }
            }
        } onCancel: {
            transfer.cancel()
        }
    }

    static func readFile(at url: URL) throws -> (Data, DataResponse) {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw TransportError(.fileDoesNotExist, message: "no file at \(url.path)")
        }
        let data = try Data(contentsOf: url)
        return (data, DataResponse(url: url))
    }
}

/// The C loader (`wf_soup.c`): a `SoupSession` on its network thread. Its functions may be
/// called from any thread.
final class SoupSessionThread: @unchecked Sendable {
    let pointer: OpaquePointer

    init(maximumConnections: Int, maximumConnectionsPerHost: Int, userAgent: String) {
        pointer = wf_soup_loader_new(UInt32(clamping: max(1, maximumConnections)),
                                     UInt32(clamping: max(1, maximumConnectionsPerHost)), userAgent)
    }

    deinit {
        wf_soup_loader_free(pointer)
    }
}

/// A certificate that did not verify, named in plain words (see
/// ``DataLoadFailure/Kind/certificate(_:)``).
struct RejectedCertificate: Error, Sendable {
    /// What was wrong with it.
    var problem: String

    /// The problem GLib's `GTlsCertificateFlags` name, most fundamental first (who vouches for
    /// the certificate, then its dates, then its host name), as one phrase.
    init(flags: UInt32, selfSigned: Bool, host: String, message: String?) {
        func has(_ flag: GTlsCertificateFlags) -> Bool { flags & flag.rawValue != 0 }
        if has(G_TLS_CERTIFICATE_UNKNOWN_CA) {
            problem = selfSigned ? "self-signed certificate" : "certificate from an unknown issuer"
        } else if has(G_TLS_CERTIFICATE_REVOKED) {
            problem = "certificate has been revoked"
        } else if has(G_TLS_CERTIFICATE_INSECURE) {
            problem = "certificate uses an insecure algorithm"
        } else if has(G_TLS_CERTIFICATE_EXPIRED) {
            problem = "certificate has expired"
        } else if has(G_TLS_CERTIFICATE_NOT_ACTIVATED) {
            problem = "certificate is not yet valid"
        } else if has(G_TLS_CERTIFICATE_BAD_IDENTITY) {
            problem = "certificate is not valid for host name '\(host)'"
        } else {
            problem = message.map { "certificate could not be verified (\($0))" } ?? "certificate could not be verified"
        }
    }
}

/// One request on its way through the C loader: the caller's continuation, the body so far and
/// the final response, shared between the caller's thread and the network thread.
final class SoupTransfer: Sendable {
    private struct State {
        /// The caller, until it is answered.
        var continuation: CheckedContinuation<(Data, DataResponse), any Error>?
        var data = Data()
        var response: DataResponse?
        var refusal: String?
        /// The URL of the current hop (after the redirects followed so far).
        var current: URL?
        /// The C transfer, once started (released with this object).
        var handle: OpaquePointer?
        var cancelled = false
    }

    let url: URL
    private let reports: BodyReports
    private let state = Locked(State())

    init(url: URL, received: @escaping @Sendable (Data) -> Void) {
        self.url = url
        reports = BodyReports(received)
    }

    deinit {
        if let handle = state.withLock({ $0.handle }) { wf_soup_transfer_unref(handle) }
    }

    /// Hands `request` to the network thread; `continuation` is resumed once, by the transfer's
    /// end or by ``cancel()``.
    func start(_ request: DataRequest, on session: SoupSessionThread,
               resuming continuation: CheckedContinuation<(Data, DataResponse), any Error>) {
        state.withLock { $0.continuation = continuation }
        let headers = request.headers.sorted { $0.key < $1.key }
        let names = headers.map { strdup($0.key) }
        let values = headers.map { strdup($0.value) }
        defer { (names + values).forEach { free($0) } }
        let timeout = request.timeout.isFinite ? UInt32(clamping: Int((max(0, request.timeout) * 1000).rounded())) : 0
        var callbacks = WfSoupCallbacks(response: { context, status, version, url, names, values, count in
            SoupTransfer.of(context).received(status: Int(status), version: version, url: url,
                                              names: names, values: values, count: count)
        }, redirect: { context, from, to in
            SoupTransfer.of(context).allowsRedirect(from: from, to: to) ? 1 : 0
        }, chunk: { context, bytes, length in
            guard let bytes else { return }
            SoupTransfer.of(context).received(Data(bytes: bytes, count: length))
        }, finish: { context, outcome, message, tlsErrors, selfSigned in
            guard let context else { return }
            Unmanaged<SoupTransfer>.fromOpaque(context).takeRetainedValue()
                .finished(outcome, message: message.map { String(cString: $0) }, tlsErrors: tlsErrors,
                          selfSigned: selfSigned != 0)
        })
        let context = Unmanaged.passRetained(self).toOpaque()
        let handle = names.map { UnsafePointer($0) }.withUnsafeBufferPointer { names in
            values.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
                wf_soup_loader_start(session.pointer, url.absoluteString, names.baseAddress, values.baseAddress,
                                     headers.count, timeout, &callbacks, context)
            }
        }
        let cancelled = state.withLock { state in
            state.handle = handle
            return state.cancelled
        }
        if cancelled, let handle { wf_soup_transfer_cancel(handle) }
    }

    /// Answers the caller with ``TransportError`` `.cancelled` now, reports nothing more, and cancels the
    /// transfer on the network thread.
    func cancel() {
        let (continuation, handle) = state.withLock { state in
            defer {
                state.cancelled = true
                state.continuation = nil
                state.data = Data()
            }
            return (state.continuation, state.handle)
        }
        reports.close()
        continuation?.resume(throwing: TransportError(.cancelled, message: "cancelled"))
        if let handle { wf_soup_transfer_cancel(handle) }
    }

    private static func of(_ context: UnsafeMutableRawPointer?) -> SoupTransfer {
        Unmanaged<SoupTransfer>.fromOpaque(context!).takeUnretainedValue()
    }

    /// The final response's head (on the network thread).
    private func received(status: Int, version: WfSoupHTTPVersion, url: UnsafePointer<CChar>?,
                          names: UnsafePointer<UnsafePointer<CChar>?>?, values: UnsafePointer<UnsafePointer<CChar>?>?,
                          count: Int) {
        var fields: [String: String] = [:]
        for index in 0..<count {
            guard let namePointer = names?[index], let valuePointer = values?[index] else { continue }
            let name = String(cString: namePointer), value = String(cString: valuePointer)
            // One field per name; repeated fields are joined.
            if let key = fields.keys.first(where: { $0.lowercased() == name.lowercased() }) {
                fields[key]! += ", " + value
            } else {
                fields[name] = value
            }
        }
        // libsoup decodes gzip/deflate/br bodies: the length it promised is the encoded one.
        if let encoding = fields.first(where: { $0.key.lowercased() == "content-encoding" })?.value,
           encoding.lowercased() != "identity",
           let lengthKey = fields.keys.first(where: { $0.lowercased() == "content-length" }) {
            fields[lengthKey] = nil
        }
        let finalURL = url.flatMap { URL(string: String(cString: $0)) } ?? self.url
        let httpVersion = switch version {
        case WF_SOUP_HTTP_1_0: "HTTP/1.0"
        case WF_SOUP_HTTP_2_0: "HTTP/2"
        default: "HTTP/1.1"
        }
        let response = DataResponse(url: finalURL, statusCode: status, httpVersion: httpVersion, headers: fields)
        state.withLock { $0.response = response }
    }

    /// Whether ``RedirectRule`` lets the transfer follow a redirect (on the network thread).
    private func allowsRedirect(from: UnsafePointer<CChar>?, to: UnsafePointer<CChar>?) -> Bool {
        let source = from.flatMap { URL(string: String(cString: $0)) } ?? url
        let targetText = to.map { String(cString: $0) } ?? ""
        let refusal: String? = if let target = URL(string: targetText) {
            RedirectRule.refusal(from: source, to: target)
        } else {
            "redirect to \(targetText) is not a valid URL"
        }
        guard let refusal else {
            state.withLock { $0.current = URL(string: targetText) }
            return true
        }
        state.withLock { $0.refusal = refusal }
        return false
    }

    /// A chunk of the body (on the network thread): appended, and offered to the reports.
    private func received(_ chunk: Data) {
        let soFar = state.withLock { state -> Data? in
            guard state.continuation != nil else { return nil }
            state.data.append(chunk)
            return state.data
        }
        if let soFar { reports.offer(soFar) }
    }

    /// The transfer's end (on the network thread): answers the caller unless it was answered.
    private func finished(_ outcome: WfSoupOutcome, message: String?, tlsErrors: UInt32, selfSigned: Bool) {
        let (continuation, data, response, refusal, current) = state.withLock { state in
            defer {
                state.continuation = nil
                state.data = Data()
            }
            return (state.continuation, state.data, state.response, state.refusal, state.current ?? url)
        }
        guard let continuation else { return }
        func failure(_ code: TransportError.Code) -> TransportError {
            TransportError(code, message: message)
        }
        switch outcome {
        case WF_SOUP_OK:
            if let response {
                continuation.resume(returning: (data, response))
            } else {
                continuation.resume(throwing: failure(.badServerResponse))
            }
        case WF_SOUP_CANCELLED: continuation.resume(throwing: failure(.cancelled))
        case WF_SOUP_TIMED_OUT: continuation.resume(throwing: failure(.timedOut))
        case WF_SOUP_REFUSED: continuation.resume(throwing: RefusedTransfer(reason: refusal ?? "redirect refused"))
        case WF_SOUP_TOO_MANY_REDIRECTS: continuation.resume(throwing: failure(.httpTooManyRedirects))
        case WF_SOUP_CERTIFICATE:
            continuation.resume(throwing: RejectedCertificate(flags: tlsErrors, selfSigned: selfSigned,
                                                              host: current.host ?? "", message: message))
        case WF_SOUP_SECURE_CONNECTION: continuation.resume(throwing: failure(.secureConnectionFailed))
        case WF_SOUP_CANNOT_FIND_HOST: continuation.resume(throwing: failure(.cannotFindHost))
        case WF_SOUP_CANNOT_CONNECT: continuation.resume(throwing: failure(.cannotConnectToHost))
        case WF_SOUP_CONNECTION_LOST: continuation.resume(throwing: failure(.networkConnectionLost))
        case WF_SOUP_BAD_RESPONSE: continuation.resume(throwing: failure(.badServerResponse))
        case WF_SOUP_BAD_URL: continuation.resume(throwing: failure(.badURL))
        default: continuation.resume(throwing: failure(.unknown))
        }
    }
}
