import CHeapUsage
import Foundation
import Testing
@testable import WaterfallFeed

/// What a loaded item costs the feed loader: measured with the C allocator's own figures, for
/// items shaped like a real photo API's (a 110-character image URL, a title, a price, a BlurHash,
/// a colour, an id), decoded from JSON pages as a feed delivers them; and what each image
/// download leaves behind. Serialized: the allocator's figures are the whole process's.
@Suite("Item memory", .serialized)
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

    /// Every transfer that beats its deadline lets go of its timer: a cancelled `Task.sleep`
    /// leaks its timer on Linux (about 140 B of heap here and 1.5 KB of resident memory in a
    /// process of its own), one per image downloaded.
    @Test func finishedTransfersLeaveNoTimerBehind() async throws {
        let loader = FakeDataLoader()
        let urls = (0..<5_100).map { URL(string: "https://fast.test/\($0).png")! }
        for url in urls { loader.script(url, .body(Data(count: 10), status: 200)) }
        // Warm-up: the first transfers set up the runtime's and the executor's own state.
        for url in urls.prefix(100) { _ = try await loader.validatedData(for: url, timeout: 30, deadline: .seconds(60)) }
        try await Task.sleep(for: SoupDataLoader.timerSlice * 2)
        heap_usage_serve_from_arenas()
        let before = Int(heap_usage_bytes_in_use())
        for url in urls.dropFirst(100) { _ = try await loader.validatedData(for: url, timeout: 30, deadline: .seconds(60)) }
        // The timers' last slices end within a slice.
        try await Task.sleep(for: SoupDataLoader.timerSlice * 2)
        let perTransfer = (Int(heap_usage_bytes_in_use()) - before) / 5_000
        print("deadline timers: \(perTransfer) bytes of heap left per finished transfer")
        #expect(perTransfer < 128, "\(perTransfer) bytes per transfer")
    }
}
