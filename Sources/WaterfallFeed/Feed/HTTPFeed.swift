import FoundationEssentials

/// Pages of a feed fetched from a URL template through a `DataLoading`, read through a
/// `FeedSchema`.
///
/// Paging styles: `{page}` in the template (page numbers); a `next` URL in the page (at any key
/// path); a `next` cursor put into the query parameter `schema.cursorParameter`; and a
/// `Link: <URL>; rel="next"` response header, followed whenever present (before anything the
/// page says).
///
/// Paging stops at an empty page; at a `null`, empty or (in the cursor style) absent `next`; at a
/// paging `Link` header without `next` (Shopify's last page); at a 404 for any page after the
/// first (or a missing file for `file:` templates); and after a page reached by a URL, or page 1
/// of a template without `{page}`, that says nothing of a next page. A 404 for page 1 is an
/// error. `FeedLoader` also stops at a page that leads back to one already loaded.
///
/// Each page request has an idle timeout (`timeout`) and an overall deadline (`deadline`); a
/// page that misses it fails with ``DataLoadFailure/Kind/deadlineExceeded(seconds:)``, which
/// the loader shows as an error without retrying at once. Items and next pages follow the
/// origin rules of ``ContentOrigin``; a `Link` header's next URL too.
public struct HTTPFeed: FeedPageProviding {
    /// The URL template.
    public let source: FeedSource
    /// Where the fields are in the pages.
    public let schema: FeedSchema
    /// What fetches the bytes.
    public let dataLoader: any DataLoading
    /// The idle timeout of each page request, in seconds.
    public let timeout: TimeInterval
    /// How long one page request may take in all (default 60 s), however steadily a server
    /// trickles its bytes.
    public let deadline: Duration
    /// The clock `deadline` is kept by (a `ContinuousClock` unless a test injects a manual one).
    public let deadlineClock: any Clock<Duration>
    /// The size and nesting limits every page is checked against before it is decoded; a body
    /// longer than `maximumByteCount` is stopped while it downloads.
    public let limits: FeedPageLimits

    /// Creates a feed over `source`.
    public init(source: FeedSource, schema: FeedSchema = .standard,
                dataLoader: any DataLoading = SoupDataLoader.shared, timeout: TimeInterval = 30,
                deadline: Duration = .seconds(60), deadlineClock: any Clock<Duration> = ContinuousClock(),
                limits: FeedPageLimits = .default) {
        self.source = source
        self.schema = schema
        self.dataLoader = dataLoader
        self.timeout = timeout
        self.deadline = deadline
        self.deadlineClock = deadlineClock
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
        let response: DataResponse
        do throws(DataLoadFailure) {
            (data, response) = try await dataLoader.validatedData(for: url, timeout: timeout, deadline: deadline, clock: deadlineClock,
                                                                  maximumByteCount: limits.maximumByteCount)
        } catch {
            if error.isNotFound, cursor != .page(1) {
                return FeedPage(items: [], next: nil)
            }
            if case .tooLarge(let limit, let received) = error.kind {
                throw .limitExceeded(url: url, .byteCount(received, limit: limit))
            }
            throw error.kind == .cancelled ? .cancelled : .load(error)
        }
        var page = try FeedPage.decode(data, pageURL: url, contentType: response.mimeType, schema: schema,
                                       templateNext: templateNext, limits: limits)
        if !page.items.isEmpty || page.droppedItemCount > 0,
           let value = response.value(forHTTPHeaderField: "Link") {
            let links = LinkHeader(value, relativeTo: url)
            if let next = links.next {
                if let refusal = ContentOrigin(documentURL: url).refusal(of: next) {
                    throw .load(DataLoadFailure(url: next, kind: .refused("next page: " + refusal)))
                }
                page.next = .url(next)
            } else if links.isPaging {
                page.next = nil
            }
        }
        return page
    }
}
