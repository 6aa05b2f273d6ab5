import FoundationEssentials
import WaterfallFeed

/// What went wrong, in plain words: one short sentence per kind of failure of the feed and
/// image pipelines, saying what happened and what the person can do ("Can't reach 127.0.0.1.
/// Check the address or your connection."). Each is translated through gettext and replaceable
/// like every field of ``WaterfallStrings``; `{host}` is the server's name (or the file's
/// path), `{status}` the HTTP status, `{address}` the text that is not an address.
///
/// The technical text (`FeedError.description`) stays for the log and the status page's
/// Details disclosure; `sentence(for:)` is what a person reads.
public struct FailureStrings: Sendable, Equatable {
    /// The connection was refused, or the host is unreachable.
    @Localized("Can't reach {host}. Check the address or your connection.") public var unreachable: String
    /// The machine has no network connection.
    @Localized("You are offline. Check your connection and try again.") public var offline: String
    /// The host's name does not resolve (DNS).
    @Localized("Can't find {host}. Check the address or your connection.") public var hostNotFound: String
    /// The server did not answer in time (a timeout or an overall deadline).
    @Localized("{host} took too long to answer. Try again later.") public var timedOut: String
    /// The secure connection failed (TLS handshake, certificate).
    @Localized("Can't connect securely to {host}. Its certificate may be wrong or out of date.") public var insecure: String
    /// The server's certificate has expired.
    @Localized("Can't connect securely to {host}: its certificate has expired.") public var expiredCertificate: String
    /// The server's certificate is not valid yet (or this computer's clock is wrong).
    @Localized("Can't connect securely to {host}: its certificate is not valid yet. Check this computer's date and time.") public var notYetValidCertificate: String
    /// The server's certificate was issued for another host name.
    @Localized("Can't connect securely to {host}: its certificate is for another site.") public var wrongHostCertificate: String
    /// No trusted authority vouches for the server's certificate (self-signed, unknown issuer).
    @Localized("Can't connect securely to {host}: its certificate is not from a trusted authority.") public var untrustedCertificate: String
    /// The connection broke off before the whole answer arrived.
    @Localized("The connection to {host} broke off. Try again.") public var interrupted: String
    /// HTTP 404 or 410, or a missing file.
    @Localized("{host} has no such page (error {status}). Check the address.") public var notFound: String
    /// HTTP 401 or 403.
    @Localized("{host} refused access (error {status}).") public var accessDenied: String
    /// HTTP 429 or 503.
    @Localized("{host} is busy (error {status}). Try again in a moment.") public var busy: String
    /// Any other HTTP 4xx.
    @Localized("{host} refused the request (error {status}). Check the address.") public var clientError: String
    /// Any other HTTP 5xx (or another status outside 2xx).
    @Localized("{host} has a problem (error {status}). Try again later.") public var serverError: String
    /// A URL an origin or redirect rule forbids (a web feed naming a local file, a redirect out
    /// of http(s)); nothing was read.
    @Localized("{host} points to a place it may not open.") public var refused: String
    /// The body was larger than the bound the app set.
    @Localized("What {host} sent is too large to show.") public var tooLarge: String
    /// A feed page that is not a feed Waterfall can read.
    @Localized("The page from {host} is not a feed Waterfall can read.") public var malformed: String
    /// A feed page that breaks the decoding limits (too large, nested too deeply).
    @Localized("The page from {host} is too large or too complex to read safely.") public var limitExceeded: String
    /// A feed address that is not a URL.
    @Localized("“{address}” is not a web address. Check the feed's address.") public var invalidAddress: String
    /// A folder feed whose folder cannot be listed.
    @Localized("Can't open the folder {host}. Check that it exists and that you may read it.") public var unreadableFolder: String
    /// An image whose data is empty.
    @Localized("The image from {host} is empty.") public var emptyImage: String
    /// An image the decoder rejected.
    @Localized("The image from {host} is damaged or in a format that can't be shown.") public var undecodableImage: String
    /// The load was cancelled.
    @Localized("Loading was cancelled.") public var cancelled: String
    /// A transfer failure of no kind above.
    @Localized("Something went wrong while loading from {host}. Try again.") public var other: String

    /// The texts in the current locale.
    public init() {}

    /// The plain sentence for a feed failure.
    public func sentence(for error: FeedError) -> String {
        switch error {
        case .invalidURL(let text):
            return WaterfallStrings.fill(invalidAddress, ["address": text])
        case .load(let failure):
            return sentence(for: failure)
        case .malformed(let url, _, _):
            return WaterfallStrings.fill(malformed, ["host": Self.host(of: url)])
        case .limitExceeded(let url, _):
            return WaterfallStrings.fill(limitExceeded, ["host": Self.host(of: url)])
        case .unreadableFolder(let url, _):
            return WaterfallStrings.fill(unreadableFolder, ["host": url.path])
        case .cancelled:
            return cancelled
        }
    }

    /// The plain sentence for an image failure.
    public func sentence(for error: ImagePipelineError) -> String {
        switch error {
        case .cancelled: return cancelled
        case .loadFailed(let failure): return sentence(for: failure)
        case .emptyData(let url): return WaterfallStrings.fill(emptyImage, ["host": Self.host(of: url)])
        case .decodingFailed(let url, _): return WaterfallStrings.fill(undecodableImage, ["host": Self.host(of: url)])
        }
    }

    /// The plain sentence for a failed transfer (of a feed page or an image).
    public func sentence(for failure: DataLoadFailure) -> String {
        let host = Self.host(of: failure.url)
        let template: String
        var status = ""
        switch failure.kind {
        case .transport(let code, _):
            template = transportTemplate(TransportError.Code(rawValue: code))
            if code == TransportError.Code.fileDoesNotExist.rawValue { status = "404" }
        case .httpStatus(let code):
            template = statusTemplate(code)
            status = String(code)
        case .truncated:
            template = interrupted
        case .tooLarge:
            template = tooLarge
        case .cancelled:
            template = cancelled
        case .refused:
            template = refused
        case .deadlineExceeded:
            template = timedOut
        case .certificate:
            template = certificateTemplate(failure.certificateProblem ?? .other)
        }
        return WaterfallStrings.fill(template, ["host": host, "status": status])
    }

    private func transportTemplate(_ code: TransportError.Code) -> String {
        switch code {
        case .cannotConnectToHost, .cannotLoadFromNetwork: unreachable
        case .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed: offline
        case .cannotFindHost, .dnsLookupFailed: hostNotFound
        case .timedOut: timedOut
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
             .clientCertificateRequired: insecure
        case .networkConnectionLost, .badServerResponse, .zeroByteResource, .cannotParseResponse: interrupted
        case .fileDoesNotExist, .fileIsDirectory: notFound
        case .noPermissionsToReadFile: accessDenied
        case .cancelled, .userCancelledAuthentication: cancelled
        default: other
        }
    }

    private func certificateTemplate(_ problem: DataLoadFailure.CertificateProblem) -> String {
        switch problem {
        case .expired: expiredCertificate
        case .notYetValid: notYetValidCertificate
        case .wrongHost: wrongHostCertificate
        case .untrusted: untrustedCertificate
        case .other: insecure
        }
    }

    private func statusTemplate(_ status: Int) -> String {
        switch status {
        case 404, 410: notFound
        case 401, 403: accessDenied
        case 429, 503: busy
        case 400..<500: clientError
        default: serverError
        }
    }

    /// The server's name for a web URL, the path for a file.
    static func host(of url: URL) -> String {
        if url.isFileURL { return url.path }
        return url.host ?? url.absoluteString
    }
}
