import CWaterfallSoup
import FoundationEssentials

/// What the disk cache keeps about a response to follow HTTP caching (RFC 9111, as a private
/// cache): until when it is fresh, and the validators to revalidate it with once stale.
///
/// Freshness comes from `Cache-Control: max-age` (less the `Age` header), else `Expires` minus
/// `Date`, else a heuristic: 10 % of the time since `Last-Modified`, else the cache's default
/// lifetime. `no-cache` stores the response stale (every use revalidates); `no-store` is not
/// stored at all. A stale entry with an `ETag` or `Last-Modified` is revalidated with
/// `If-None-Match` / `If-Modified-Since`; a 304 keeps the stored data and takes the new
/// response's freshness.
public struct HTTPCacheMetadata: Sendable, Hashable, Codable {
    /// When the response was received.
    public var storedAt: Date
    /// Until when the stored response may be used without asking the server.
    public var freshUntil: Date
    /// The `ETag` validator, if the response had one.
    public var entityTag: String?
    /// The `Last-Modified` validator, if the response had one.
    public var lastModified: String?

    /// Creates metadata.
    public init(storedAt: Date, freshUntil: Date, entityTag: String? = nil, lastModified: String? = nil) {
        self.storedAt = storedAt
        self.freshUntil = freshUntil
        self.entityTag = entityTag
        self.lastModified = lastModified
    }

    /// The metadata of `response` received at `now`, or `nil` when it must not be stored
    /// (`Cache-Control: no-store`).
    ///
    /// - Parameters:
    ///   - response: the HTTP response (its headers).
    ///   - now: when it was received.
    ///   - defaultLifetime: the freshness of a response that says nothing about it.
    /// - Complexity: O(length of the headers).
    public init?(response: DataResponse, receivedAt now: Date, defaultLifetime: TimeInterval) {
        let header = { (name: String) in response.value(forHTTPHeaderField: name) }
        let directives = Self.directives(header("Cache-Control") ?? "")
        if directives["no-store"] != nil { return nil }
        let lifetime: TimeInterval
        if directives["no-cache"] != nil {
            lifetime = 0
        } else if let maxAge = directives["max-age"].flatMap({ $0.flatMap(TimeInterval.init) }) {
            lifetime = maxAge - (header("Age").flatMap(TimeInterval.init) ?? 0)
        } else if let expires = header("Expires") {
            // An invalid date (such as "0") means already expired.
            let date = header("Date").flatMap(Self.httpDate) ?? now
            lifetime = Self.httpDate(expires).map { $0.timeIntervalSince(date) } ?? 0
        } else if let modified = header("Last-Modified").flatMap(Self.httpDate) {
            let date = header("Date").flatMap(Self.httpDate) ?? now
            lifetime = min(max(0, date.timeIntervalSince(modified)) / 10, defaultLifetime)
        } else {
            lifetime = defaultLifetime
        }
        self.init(storedAt: now, freshUntil: now.addingTimeInterval(max(0, lifetime)),
                  entityTag: header("ETag"), lastModified: header("Last-Modified"))
    }

    /// Whether the stored response may be used at `date` without revalidation.
    public func isFresh(at date: Date) -> Bool {
        date < freshUntil
    }

    /// The conditional request headers that revalidate this response (empty without validators).
    public var conditionalHeaders: [String: String] {
        var headers: [String: String] = [:]
        if let entityTag { headers["If-None-Match"] = entityTag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }

    /// The metadata after a `304 Not Modified` at `now`: the 304's freshness and validators,
    /// falling back to the stored validators it does not repeat; `nil` when the 304 says
    /// `no-store`.
    ///
    /// - Parameters:
    ///   - response: the 304 response.
    ///   - now: when it was received.
    ///   - defaultLifetime: the freshness when the 304 says nothing about it.
    public func revalidated(by response: DataResponse, at now: Date, defaultLifetime: TimeInterval) -> HTTPCacheMetadata? {
        guard var updated = HTTPCacheMetadata(response: response, receivedAt: now, defaultLifetime: defaultLifetime) else {
            return nil
        }
        updated.entityTag = updated.entityTag ?? entityTag
        updated.lastModified = updated.lastModified ?? lastModified
        return updated
    }

    /// `Cache-Control` directives by lower-cased name, with their unquoted values.
    ///
    /// - Complexity: O(length of the header).
    static func directives(_ header: String) -> [String: String?] {
        var result: [String: String?] = [:]
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard let name = pair.first?.trimmingSpaces.lowercased(), !name.isEmpty else { continue }
            let value = pair.count > 1 ? pair[1].trimmingSpaces.trimming { $0 == "\"" } : nil
            result[name] = value
        }
        return result
    }

    /// An HTTP-date (`Sun, 06 Nov 1994 08:49:37 GMT`, the obsolete RFC 850 and asctime forms
    /// too), read by libsoup.
    static func httpDate(_ text: String) -> Date? {
        guard let date = soup_date_time_new_from_http_string(text.trimmingSpaces) else { return nil }
        defer { g_date_time_unref(date) }
        return Date(timeIntervalSince1970: TimeInterval(g_date_time_to_unix(date)))
    }
}
