import FoundationEssentials

/// Everything that can go wrong while loading an image, with the URL it concerns.
public enum ImagePipelineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request was cancelled before it finished.
    case cancelled(URL)
    /// Fetching the data failed (network, HTTP status, truncated body).
    case loadFailed(DataLoadFailure)
    /// The response had an empty body.
    case emptyData(URL)
    /// The decoder rejected the data.
    case decodingFailed(URL, reason: String)

    /// The URL of the failed request.
    public var url: URL {
        switch self {
        case .cancelled(let url), .emptyData(let url), .decodingFailed(let url, _): return url
        case .loadFailed(let failure): return failure.url
        }
    }

    /// A readable one-line explanation.
    public var description: String {
        switch self {
        case .cancelled(let url): return "Image request cancelled: \(url.absoluteString)"
        case .loadFailed(let failure): return "Image download failed: \(failure)"
        case .emptyData(let url): return "Image data is empty: \(url.absoluteString)"
        case .decodingFailed(let url, let reason): return "Cannot decode image \(url.absoluteString): \(reason)"
        }
    }
}
