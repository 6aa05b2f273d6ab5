import Foundation
import Testing
@testable import WaterfallFeed

/// `FeedLoader.refetchPage(containing:)`: the page that brought an appended item, fetched again
/// for a UI that let go of it, without changing what the loader has loaded.
@Suite("Fetching a page again")
struct RefetchPageTests {
    /// Pages of `per` items numbered from 0; page 2 repeats its predecessor's last item (a duplicate).
    struct NumberedPages: FeedPageProviding {
        let per: Int
        let pages: Int

        func page(at cursor: FeedCursor) async throws(FeedError) -> FeedPage {
            guard case .page(let number) = cursor, number <= pages else { return FeedPage(items: [], next: nil) }
            var ids = Array((number - 1) * per..<number * per)
            if number == 2 { ids.insert(per - 1, at: 0) }
            let items = ids.map { FeedItem(id: "\($0)", imageURL: URL(string: "https://example.test/\($0).png")!,
                                           pixelWidth: 10, pixelHeight: 20) }
            return FeedPage(items: items, next: .page(number + 1))
        }
    }

    @Test func theOrdinalsOfEachPageAndThePageAsItIsNow() async throws {
        let loader = FeedLoader(provider: NumberedPages(per: 5, pages: 3))
        for _ in 0..<3 { await loader.loadMore() }
        #expect(await loader.items.count == 15)
        let second = try #require(try await loader.refetchPage(containing: 7))
        #expect(second.ordinals == 5..<10)
        #expect(second.page.items.map(\.id) == ["4", "5", "6", "7", "8", "9"], "duplicates come back too: the caller matches keys")
        #expect(try await loader.refetchPage(containing: 0)?.ordinals == 0..<5)
        #expect(try await loader.refetchPage(containing: 14)?.ordinals == 10..<15)
        #expect(try await loader.refetchPage(containing: 15) == nil)
        #expect(try await loader.refetchPage(containing: -1) == nil)
        #expect(await loader.statistics.pagesRefetched == 3)
        #expect(await loader.statistics.pagesLoaded == 3, "the loader's own paging is untouched")
        #expect(await loader.items.count == 15)
    }

    @Test func aLoaderThatDoesNotRetainItemsStillPagesAndDeduplicates() async throws {
        let loader = FeedLoader(provider: NumberedPages(per: 5, pages: 3))
        await loader.stopRetainingItems()
        let events = await loader.observe().events
        for _ in 0..<3 { await loader.loadMore() }
        #expect(await loader.items.isEmpty)
        #expect(await loader.retainsItems == false)
        #expect(await loader.statistics.duplicateItems == 1)
        #expect(await loader.state == .idle)
        var appended = 0
        for await event in events {
            if case .appended(let items) = event { appended += items.count }
            if appended == 15 { break }
        }
        #expect(appended == 15)
        #expect(try await loader.refetchPage(containing: 12)?.ordinals == 10..<15)
    }
}
