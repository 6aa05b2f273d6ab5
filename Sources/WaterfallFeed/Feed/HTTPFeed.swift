import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Pages of a feed fetched from a URL template through a `DataLoading`.
///
/// Paging stops at an empty page, at `"next": null`, at a 404 for any page after the first (or a
/// missing file for `file:` templates), and after page 1 of a template without `{page}` that has
/// no `next`. A 404 for page 1 is an error.
public struct HTTPFeed: FeedPageProviding {
    /// The URL template.
    public let source: FeedSource
    /// What fetches the bytes.
    public let dataLoader: any DataLoading
    /// The idle timeout of each page request, in seconds.
    public let timeout: TimeInterval
    /// The size and nesting limits every page is checked against before it is decoded.
    public let limits: FeedPageLimits

    /// Creates a feed over `source`.
    public init(source: FeedSource, dataLoader: any DataLoading = URLSessionDataLoader.shared,
                timeout: TimeInterval = 30, limits: FeedPageLimits = .default) {
        self.source = source
        self.dataLoader = dataLoader
        self.timeout = timeout
        self.limits = limits
    }

    /// Fetches and decodes the page at `cursor`; see `FeedPageProviding.page(at:)`.
    public func page(at cursor: FeedCursor) async throws(FeedError) -> FeedPage {
        let url: URL
        let templateNext: FeedCursor?
        switch cursor {
        case .page(let number):
            url = source.url(forPage: number)
            templateNext = source.isPaged ? .page(number + 1) : nil
        case .url(let nextURL):
            url = nextURL
            templateNext = nil
        }
        let data: Data
        let response: URLResponse
        do throws(DataLoadFailure) {
            (data, response) = try await dataLoader.validatedData(for: url, timeout: timeout)
        } catch {
            if error.isNotFound, cursor != .page(1) {
                return FeedPage(items: [], next: nil)
            }
            throw error.kind == .cancelled ? .cancelled : .load(error)
        }
        return try FeedPage.decode(data, pageURL: url, contentType: response.mimeType, templateNext: templateNext,
                                   limits: limits)
    }
}
