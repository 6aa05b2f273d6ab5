/// The shop's item list: a catalogue of `total` entries that arrives in pages, plus fresh items
/// that pull-to-refresh puts in front. Items are computed from their ids, so the list stores
/// only counters however long it gets. With ``sections`` (`--sections`) the catalogue is grouped
/// by category under section headers, and each refresh puts a "New arrivals" section in front.
struct ShopFeed {
    /// How many catalogue entries exist (`--items`, plus the section headers with `--sections`).
    let total: Int
    /// Entries per load-more page.
    let pageSize: Int
    /// The catalogue grouped by category, with `--sections`.
    let sections: ShopSections?
    /// Catalogue entries loaded so far.
    private(set) var loadedCount: Int
    /// Fresh items prepended by refreshes (ids −1 … −prependedCount, newest first).
    private(set) var prependedCount = 0
    /// With sections: the item count of each "New arrivals" section, newest first.
    private var freshSections: [Int] = []
    /// The ids in display order once an item was moved (`--reorder`, never with sections);
    /// `nil` while the order is the computed one, so an unmoved feed stores no ids.
    private var order: [Int]?

    /// A feed with the first `initiallyLoaded` catalogue entries (at most `total`); the
    /// catalogue is `sections` when given, else `items` items in id order.
    init(items: Int, sections: ShopSections?, pageSize: Int, initiallyLoaded: Int) {
        total = sections?.count ?? items
        self.pageSize = pageSize
        self.sections = sections
        loadedCount = min(total, initiallyLoaded)
    }

    /// The entries in front of the catalogue: fresh items and their headers.
    private var prependedEntries: Int { prependedCount + freshSections.count }

    /// The number of entries in the list.
    var count: Int { prependedEntries + loadedCount }

    /// Whether more catalogue pages remain.
    var hasMore: Bool { loadedCount < total }

    /// The header at `index`, or `nil` when an item is there.
    /// - Complexity: O(log sections + refreshes).
    func header(at index: Int) -> ShopSections.Header? {
        entry(at: index).header
    }

    /// Moves the item at `source` to `destination` (`insert(remove(at:), at:)`); the first
    /// move writes down every id. Not for a feed with sections (the demo refuses the pair).
    /// - Complexity: O(n).
    mutating func moveItem(from source: Int, to destination: Int) {
        precondition(sections == nil, "items of a sectioned shop do not move")
        var ids = order ?? (0..<count).map { $0 - prependedCount }
        ids.insert(ids.remove(at: source), at: destination)
        order = ids
    }

    /// The item at `index` (not a header's): fresh items first (newest at 0, ids
    /// −prependedCount…−1), then the catalogue (ids 0…, grouped by category with sections), or
    /// the moved order once an item was moved.
    /// - Complexity: O(log sections + refreshes).
    func item(at index: Int) -> ShopItem {
        ShopItem(id: order?[index] ?? entry(at: index).id)
    }

    /// What is at `index`: a header, or the id of an item.
    private func entry(at index: Int) -> (header: ShopSections.Header?, id: Int) {
        guard let sections else { return (nil, index - prependedCount) }
        if index >= prependedEntries {
            let position = index - prependedEntries
            return sections.header(at: position).map { ($0, 0) } ?? (nil, sections.itemID(at: position))
        }
        var start = 0, itemsBefore = 0
        for size in freshSections {
            if index == start { return (ShopSections.Header(title: tr("New arrivals"), count: size), 0) }
            if index <= start + size { return (nil, itemsBefore + index - start - 1 - prependedCount) }
            start += size + 1
            itemsBefore += size
        }
        preconditionFailure("index \(index) is not in the list of \(count)")
    }

    /// Loads the next catalogue page; returns how many entries it appended.
    mutating func loadNextPage() -> Int {
        let added = min(pageSize, total - loadedCount)
        order?.append(contentsOf: loadedCount..<loadedCount + added)
        loadedCount += added
        return added
    }

    /// Puts `count` fresh items in front (under a "New arrivals" header with sections);
    /// returns how many entries that added.
    mutating func prependFresh(_ count: Int) -> Int {
        order?.insert(contentsOf: (0..<count).map { -prependedCount - count + $0 }, at: 0)
        prependedCount += count
        guard sections != nil else { return count }
        freshSections.insert(count, at: 0)
        return count + 1
    }
}
