import Foundation
import Testing
@testable import WaterfallFeed

@Suite("Paging styles against API-shaped fixtures")
struct FeedPagingTests {
    func loader(_ pathAndQuery: String, _ schema: FeedSchema) throws -> FeedLoader {
        try FeedLoader(feedURL: TestServer.get().urlString(pathAndQuery), schema: schema, retryPolicy: quickRetry)
    }

    /// Loads pages until the loader stops making progress; at most `limit` calls, and the test
    /// fails if the loader still wanted more after them.
    func loadAll(_ loader: FeedLoader, limit: Int = 20) async {
        for _ in 0..<limit {
            let before = await loader.statistics.pagesLoaded
            await loader.loadMore()
            if await loader.statistics.pagesLoaded == before { return }
        }
        Issue.record("the loader was still paging after \(limit) pages")
    }

    @Test(arguments: [("unsplash", 4), ("pexels", 4), ("reddit", 4), ("shopify", 4), ("pinterest", 4)])
    func presetsLoadEveryPageAndItem(preset: String, perPage: Int) async throws {
        let key = uniqueKey()
        let schema = try #require(FeedSchema.presets[preset])
        let loader = try loader("/api/\(preset)/\(key)?pages=3&per=\(perPage)", schema)
        await loadAll(loader)
        let items = await loader.items
        #expect(items.count == 3 * perPage, "\(preset): \(items.count) items")
        #expect(await loader.state == .exhausted)
        #expect(items.allSatisfy { $0.hasValidPixelSize }, "\(preset) gives sizes")
        #expect(items.allSatisfy { $0.title?.isEmpty == false }, "\(preset) gives titles")
        #expect(items.allSatisfy { !$0.imageURL.absoluteString.contains("&amp;") }, "URLs are unescaped")
        let first = try #require(items.first)
        #expect(first.imageURL.path == "/img/\(key)-\(preset)-p1-0.png")
        #expect(first.pixelWidth == 100 && first.pixelHeight == 170)
        #expect(await loader.statistics.pagesLoaded == 3, "no page fetched twice, none beyond the end")
        #expect(await loader.statistics.repeatedPages == 0)
        switch preset {
        case "reddit":
            #expect(first.title == "reddit 1.0 & friends' pics")
            #expect(first.id == "t3_\(key)-reddit-p1-0")
            #expect(await loader.statistics.droppedItems == 3, "text posts have no image")
        case "shopify": #expect(first.price == "19.99")
        case "unsplash":
            #expect(first.colorHex == "#60544D")
            #expect(first.blurHash == "LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        case "pexels": #expect(items[1].pixelWidth == 110, "sizes given as strings")
        default: break
        }
    }

    @Test(arguments: ["unsplash", "pexels", "reddit", "shopify", "pinterest"])
    func presetsWithoutSizesKeepTheirItems(preset: String) async throws {
        let schema = try #require(FeedSchema.presets[preset])
        let loader = try loader("/api/\(preset)/\(uniqueKey())?pages=2&per=3&nosize=1", schema)
        await loadAll(loader)
        let items = await loader.items
        #expect(items.count == 6)
        #expect(items.allSatisfy { !$0.hasValidPixelSize })
        #expect(await loader.statistics.itemsWithoutSize == 6)
    }

    @Test(arguments: ["null", "missing", "empty"])
    func cursorPagingEnds(end: String) async throws {
        let key = uniqueKey()
        let loader = try loader("/api/cursor/\(key)?pages=3&per=2&end=\(end)",
                                try FeedSchema(mapping: "next=next_cursor,cursor=cursor"))
        await loadAll(loader)
        #expect(await loader.items.count == 6)
        #expect(await loader.state == .exhausted)
        #expect(try await TestServer.get().requestCount("/api/cursor/\(key)") == 3)
    }

    @Test(arguments: ["cursor", "reddit", "pinterest", "unsplash", "shopify"])
    func aRepeatingCursorStops(shape: String) async throws {
        let key = uniqueKey()
        let schema = shape == "cursor" ? try FeedSchema(mapping: "next=next_cursor,cursor=cursor") : FeedSchema.presets[shape]!
        let loader = try loader("/api/\(shape)/\(key)?pages=3&per=2&repeat=1", schema)
        await loadAll(loader)
        #expect(await loader.items.count == 2, "page 1's items once")
        #expect(await loader.state == .exhausted)
        #expect(await loader.statistics.repeatedPages == 1)
        #expect(try await TestServer.get().requestCount("/api/\(shape)/\(key)") == 2)
    }

    @Test(arguments: [("prev", 3), ("none", 3), ("404", 4)])
    func linkHeaderPagingEnds(end: String, requests: Int) async throws {
        let key = uniqueKey()
        // The standard schema: the array pages say nothing of what follows; only the header does.
        let loader = try loader("/api/link/\(key)?pages=3&per=2&end=\(end)", .standard)
        await loadAll(loader)
        #expect(await loader.items.count == 6)
        #expect(await loader.state == .exhausted)
        #expect(try await TestServer.get().requestCount("/api/link/\(key)") == requests)
    }

    @Test func linkHeaderWinsOverPageNumbers() async throws {
        let key = uniqueKey()
        // `{page}` is in the template, but a paging Link header is followed instead.
        let loader = try loader("/api/link/\(key)?pages=2&per=2&x={page}", .standard)
        await loadAll(loader)
        #expect(await loader.items.count == 4)
        #expect(await loader.state == .exhausted)
    }

    @Test func nextURLAtAKeyPath() async throws {
        let key = uniqueKey()
        let loader = try loader("/api/pexels/\(key)?pages=3&per=2", try FeedSchema(mapping: "pexels,next=prev_page|next_page"))
        await loadAll(loader)
        // prev_page is absent on page 1, so next_page is followed; from page 2 on prev_page leads
        // back to page 1, which has been loaded: paging stops instead of looping.
        #expect(await loader.items.count == 4)
        #expect(await loader.statistics.repeatedPages == 1)
    }

    @Test func noSizeAndEscapedStandardFeeds() async throws {
        let key = uniqueKey()
        let loader = try loader("/feed/\(key)/{page}.json?pages=2&per=3&nosize=1&escaped=1", .standard)
        await loadAll(loader)
        let items = await loader.items
        #expect(items.count == 6)
        #expect(items.allSatisfy { !$0.hasValidPixelSize })
        #expect(items[0].title == "Item 1.0 & 'more'")
        #expect(items[0].imageURL.query?.hasSuffix("&tag=a'b") == true || items[0].imageURL.absoluteString.hasSuffix("&tag=a'b"),
                "\(items[0].imageURL)")
    }

    @Test func aPageOfOnlyKnownItemsStops() async throws {
        // A `{page}` server that ignores the page number serves page 1 again and again.
        let key = uniqueKey()
        let loader = try loader("/api/pexels/\(key)?pages=9&per=2&repeat=1&x={page}", try FeedSchema(mapping: "pexels,next="))
        await loadAll(loader)
        #expect(await loader.items.count == 2)
        #expect(await loader.state == .exhausted)
        #expect(await loader.statistics.repeatedPages == 1)
    }
}
