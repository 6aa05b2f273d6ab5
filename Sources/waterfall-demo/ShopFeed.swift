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
    /// The ids in display order once an item was moved (`--reorder`); `nil` while the order is
    /// the computed one, so an unmoved feed stores no ids.
    private var order: [Int]?

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
        ShopItem(id: order?[index] ?? index - prependedCount)
    }

    /// Moves the item at `source` to `destination` (`insert(remove(at:), at:)`); the first
    /// move writes down every id.
    /// - Complexity: O(n).
    mutating func moveItem(from source: Int, to destination: Int) {
        var ids = order ?? (0..<count).map { $0 - prependedCount }
        ids.insert(ids.remove(at: source), at: destination)
        order = ids
    }

    /// Loads the next catalogue page; returns how many items it appended.
    mutating func loadNextPage() -> Int {
        let added = min(pageSize, total - loadedCount)
        order?.append(contentsOf: loadedCount..<loadedCount + added)
        loadedCount += added
        return added
    }

    /// Puts `count` fresh items in front; returns `count`.
    mutating func prependFresh(_ count: Int) -> Int {
        order?.insert(contentsOf: (0..<count).map { -prependedCount - count + $0 }, at: 0)
        prependedCount += count
        return count
    }
}
