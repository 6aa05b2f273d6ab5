import CHeapUsage
import Foundation
import Testing
@testable import WaterfallFeed

/// What a loaded item costs the feed loader: measured with the C allocator's own figures, for
/// items shaped like a real photo API's (a 110-character image URL, a title, a price, a BlurHash,
/// a colour, an id), decoded from JSON pages as a feed delivers them.
@Suite("Item memory")
struct ItemMemoryTests {
    /// Pages of 50 such items; item *i* of page *p* is unique.
    struct PhotoPages: FeedPageProviding {
        func page(at cursor: FeedCursor) async throws(FeedError) -> FeedPage {
            guard case .page(let number) = cursor else { return FeedPage(items: [], next: nil) }
            let items = (0..<50).map { index in
                let id = number * 50 + index
                return ##"{"id": "p\##(id)x7Kq2Lm", "img": "https://images.example-cdn.test/photo-1600000\##(id)-a1b2c3d4e5f6?ixid=MnwxMjA3fDB8MXxhbGx8&w=400&q=80", "w": 4000, "h": 6000, "##
                    + ##""title": "A quiet morning by the lake, number \##(id)", "price": "$12.99", "##
                    + ##""blur_hash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "color": "#A1B2C3"}"##
            }
            return try FeedPage.decode(Data(("[" + items.joined(separator: ",") + "]").utf8),
                                       pageURL: URL(string: "https://api.example.test/photos/\(number).json")!,
                                       templateNext: .page(number + 1))
        }
    }

    static var heapInUse: Int {
        heap_usage_serve_from_arenas()
        return Int(heap_usage_bytes_in_use())
    }

    @Test func aLoadedItemCostsUnderOneKilobyte() async throws {
        let loader = FeedLoader(provider: PhotoPages())
        await loader.loadMore()   // warm-up: the first page and the loader's own state
        let before = Self.heapInUse
        for _ in 0..<100 { await loader.loadMore() }
        let after = Self.heapInUse
        let count = await loader.items.count - 50
        #expect(count == 5000)
        let perItem = (after - before) / max(1, count)
        print("feed loader: \(perItem) bytes of heap per loaded item (\(count) items)")
        #expect(perItem < 1024, "\(perItem) bytes per item")
    }

    /// A UI that keeps its own items (and lets go of the far ones, as `FeedWall` does) frees the
    /// loader of them: what stays per item is its key for duplicate detection.
    @Test func aLoaderThatDoesNotRetainItemsKeepsOnlyTheirKeys() async throws {
        let loader = FeedLoader(provider: PhotoPages())
        await loader.stopRetainingItems()
        await loader.loadMore()   // warm-up
        let before = Self.heapInUse
        for _ in 0..<100 { await loader.loadMore() }
        let after = Self.heapInUse
        #expect(await loader.items.isEmpty)
        let perItem = (after - before) / 5000
        print("feed loader without items: \(perItem) bytes of heap per loaded item")
        #expect(perItem < 128, "\(perItem) bytes per item")
    }
}
