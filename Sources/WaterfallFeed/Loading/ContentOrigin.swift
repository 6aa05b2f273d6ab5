import FoundationEssentials

/// Where a document that names URLs came from, and so which URLs it may make the app load: the
/// origin rules described in the package's docs/NETWORK.md.
///
/// - ``ContentOrigin/remote``: a feed page fetched over `http` may name only `http` and `https`
///   images and next pages. A `file:` URL (`file:///dev/zero`, `/proc/self/environ`, a photo of
///   the user's) is refused before any read is attempted, as browsers refuse them.
/// - ``ContentOrigin/secureRemote``: a page fetched over `https` may name only `https` ones. Its
///   `http` images are mixed content: they are upgraded to `https` when the page is read
///   (``upgradingMixedContent(_:)``), as browsers upgrade mixed images, and an `http` next page
///   is refused, as browsers block mixed active content. An eavesdropper on the network can then
///   neither see nor replace what an `https` feed shows.
/// - ``ContentOrigin/folder(_:)``: a local feed page or a folder may name files under its own directory
///   (after `..` and symbolic links are resolved) and `http`/`https` URLs.
/// - ``ContentOrigin/unrestricted``: URLs the application itself supplies; any URL its loader supports.
///
/// `data:` URLs are not supported by any origin. Redirects are checked by the loader (see
/// ``RedirectRule``).
public enum ContentOrigin: Sendable, Hashable {
    /// Named by the application itself: no restriction.
    case unrestricted
    /// Named by a document fetched over `http`.
    case remote
    /// Named by a document fetched over `https`.
    case secureRemote
    /// Named by a local document (a feed file or a folder feed) in this directory.
    case folder(URL)

    /// The origin of a document at `documentURL`: ``ContentOrigin/secureRemote`` for `https`,
    /// ``ContentOrigin/remote`` for `http` and anything else but `file:`, the folder containing it
    /// for a `file:` URL.
    public init(documentURL: URL) {
        if documentURL.isFileURL {
            self = .folder(documentURL.deletingLastPathComponent())
        } else if documentURL.scheme?.lowercased() == "https" {
            self = .secureRemote
        } else {
            self = .remote
        }
    }

    /// `url` as a document of this origin loads it as an image: an `http` URL named by an
    /// `https` document becomes `https` (mixed content upgraded, as browsers do for images; an
    /// image the host does not serve over `https` then fails, never loads in the clear).
    public func upgradingMixedContent(_ url: URL) -> URL {
        guard self == .secureRemote, url.scheme?.lowercased() == "http",
              var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        components.scheme = "https"
        if components.port == 80 { components.port = nil }
        return components.url ?? url
    }

    /// Why a document of this origin may not name `url`, or `nil` when it may.
    ///
    /// - Complexity: O(*d*) for a `file:` URL of *d* path components (symbolic links are resolved
    ///   with `lstat`/`readlink`; the file itself is never opened); O(1) otherwise.
    public func refusal(of url: URL) -> String? {
        let scheme = url.scheme?.lowercased() ?? ""
        if scheme == "https" || (scheme == "http" && self != .secureRemote) { return nil }
        switch self {
        case .unrestricted:
            return nil
        case .secureRemote where scheme == "http":
            return "a page fetched over https may only reference https URLs, not http (mixed content: \(url.absoluteString))"
        case .remote, .secureRemote:
            return "a page fetched over http(s) may only reference http(s) URLs, not \(scheme.isEmpty ? "this" : scheme + ":") URL"
        case .folder(let directory):
            guard url.isFileURL else {
                return "a local feed may only reference files under \(directory.path) and http(s) URLs, not \(scheme.isEmpty ? "this" : scheme + ":") URL"
            }
            let root = directory.standardizedFileURL.resolvingSymlinksInPath().pathComponents
            let target = url.standardizedFileURL.resolvingSymlinksInPath().pathComponents
            guard target.count > root.count, Array(target.prefix(root.count)) == root else {
                return "a local feed may only reference files under \(directory.path)"
            }
            return nil
        }
    }
}

/// Which redirects a loader follows: from `http` or `https` only to `http` or `https`, and never
/// from `https` down to `http` (a transfer that started under TLS stays under TLS; browsers
/// upgrade or block such mixed content for images). A refused redirect fails the transfer
/// with ``DataLoadFailure/Kind/refused(_:)``; nothing is read at the redirect's target.
public enum RedirectRule {
    /// Why a redirect from `source` to `target` is refused, or `nil` when it may be followed.
    public static func refusal(from source: URL, to target: URL) -> String? {
        let from = source.scheme?.lowercased() ?? ""
        let to = target.scheme?.lowercased() ?? ""
        guard to == "http" || to == "https" else {
            return "redirect to \(target.absoluteString) leaves http(s)"
        }
        if from == "https", to == "http" {
            return "redirect from https down to http (\(target.absoluteString))"
        }
        return nil
    }
}
