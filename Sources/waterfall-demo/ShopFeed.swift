/// The shop's item list: a catalogue of `total` items that arrives in pages, plus fresh items
/// that pull-to-refresh puts in front. Items are computed from their ids, so the list stores
/// only two counters however long it gets.
struct ShopFeed {
    /// How many catalogue items exist (`--items`).
    let total: Int
    /// Items per load-more page.
    let pageSize: Int
    /// Catalogue items loaded so far (ids 0..<loadedCount).
    private(set) var loadedCount: Int
    /// Fresh items prepended by refreshes (ids −1 … −prependedCount, newest first).
    private(set) var prependedCount = 0

    /// A feed with the first `initiallyLoaded` catalogue items (at most `total`).
    init(total: Int, pageSize: Int, initiallyLoaded: Int) {
        self.total = total
        self.pageSize = pageSize
        loadedCount = min(total, initiallyLoaded)
    }

    /// The number of items in the list.
    var count: Int { prependedCount + loadedCount }

    /// Whether more catalogue pages remain.
    var hasMore: Bool { loadedCount < total }

    /// The item at `index`: fresh items first (newest at 0, ids −prependedCount…−1), then the
    /// catalogue in order (ids 0…).
    func item(at index: Int) -> ShopItem {
        ShopItem(id: index - prependedCount)
    }

    /// Loads the next catalogue page; returns how many items it appended.
    mutating func loadNextPage() -> Int {
        let added = min(pageSize, total - loadedCount)
        loadedCount += added
        return added
    }

    /// Puts `count` fresh items in front; returns `count`.
    mutating func prependFresh(_ count: Int) -> Int {
        prependedCount += count
        return count
    }
}
