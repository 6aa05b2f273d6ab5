import FoundationEssentials

/// A transfer that failed before a complete response arrived, as a ``DataLoading`` throws it
/// (``SoupDataLoader`` does): what kind of failure, and a message in words.
///
/// The codes have the values of Foundation's `URLError.Code`, so a loader of an app's own built
/// on URLSession passes a `URLError` on as `TransportError(code: .init(rawValue: error.errorCode),
/// message: error.localizedDescription)`.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure: the value of the `URLError.Code` of the same name.
    public struct Code: RawRepresentable, Sendable, Hashable {
        /// The `URLError.Code` value.
        public var rawValue: Int

        /// Wraps a `URLError.Code` value.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// A failure of no known kind.
        public static let unknown = Code(rawValue: -1)
        /// The calling task was cancelled.
        public static let cancelled = Code(rawValue: -999)
        /// The URL cannot be requested.
        public static let badURL = Code(rawValue: -1000)
        /// Nothing arrived for the request's idle timeout.
        public static let timedOut = Code(rawValue: -1001)
        /// The URL's scheme is not one the loader reads.
        public static let unsupportedURL = Code(rawValue: -1002)
        /// The host name did not resolve.
        public static let cannotFindHost = Code(rawValue: -1003)
        /// The host refused or did not answer the connection.
        public static let cannotConnectToHost = Code(rawValue: -1004)
        /// The connection closed during the transfer.
        public static let networkConnectionLost = Code(rawValue: -1005)
        /// The name server could not be asked.
        public static let dnsLookupFailed = Code(rawValue: -1006)
        /// More redirects than a transfer follows.
        public static let httpTooManyRedirects = Code(rawValue: -1007)
        /// The resource is not available.
        public static let resourceUnavailable = Code(rawValue: -1008)
        /// The computer is offline.
        public static let notConnectedToInternet = Code(rawValue: -1009)
        /// The response was not HTTP as the loader reads it.
        public static let badServerResponse = Code(rawValue: -1011)
        /// The user cancelled an authentication.
        public static let userCancelledAuthentication = Code(rawValue: -1012)
        /// The body was empty where one was required.
        public static let zeroByteResource = Code(rawValue: -1014)
        /// The response could not be parsed.
        public static let cannotParseResponse = Code(rawValue: -1017)
        /// Roaming is off for the cellular connection.
        public static let internationalRoamingOff = Code(rawValue: -1018)
        /// The cellular connection allows no data.
        public static let dataNotAllowed = Code(rawValue: -1020)
        /// No file at a `file:` URL.
        public static let fileDoesNotExist = Code(rawValue: -1100)
        /// A `file:` URL names a directory.
        public static let fileIsDirectory = Code(rawValue: -1101)
        /// A `file:` URL names a file this process may not read.
        public static let noPermissionsToReadFile = Code(rawValue: -1102)
        /// The TLS connection could not be made.
        public static let secureConnectionFailed = Code(rawValue: -1200)
        /// The server's certificate is outside its dates.
        public static let serverCertificateHasBadDate = Code(rawValue: -1201)
        /// The server's certificate is not trusted.
        public static let serverCertificateUntrusted = Code(rawValue: -1202)
        /// The server's certificate is from an unknown root.
        public static let serverCertificateHasUnknownRoot = Code(rawValue: -1203)
        /// The server's certificate is not yet valid.
        public static let serverCertificateNotYetValid = Code(rawValue: -1204)
        /// The server rejected the client's certificate.
        public static let clientCertificateRejected = Code(rawValue: -1205)
        /// The server requires a client certificate.
        public static let clientCertificateRequired = Code(rawValue: -1206)
        /// The resource cannot be loaded from the network.
        public static let cannotLoadFromNetwork = Code(rawValue: -2000)
    }

    /// The kind of failure.
    public var code: Code
    /// What happened, in words.
    public var message: String

    /// Creates the error; `message` defaults to one naming the code.
    public init(_ code: Code, message: String? = nil) {
        self.code = code
        self.message = message ?? "transfer failed (code \(code.rawValue))"
    }

    /// The message.
    public var description: String {
        message
    }
}
