import WaterfallCore
import WaterfallFeed

/// The wall's items, bounded in memory however long the feed: every item has a ``Slot`` (56 B:
/// what the layout needs), and only the items within ``FeedWall/Options/heldItems`` / 2 of the
/// first visible one are also held whole (their URLs and texts, ~1 KB each). Farther items are
/// compacted — only their slot stays, so their size in the layout never changes — and when the
/// reader comes back to one, the feed model fetches its page again and finds its items by their
/// `deduplicationKey` (see `FeedModel+Refetch.swift`); until then its cell shows a plain
/// placeholder. Items a refresh inserted at the top cannot be fetched again (page 1 has moved
/// on) and are always held.
extension FeedWallSource {
    /// What the wall keeps of every item, held whole or not.
    struct Slot {
        /// The item's `deduplicationKey.hashValue`, to find it in its page fetched again.
        var keyHash: Int
        /// The size the layout was given while the item was compacted; kept after it comes
        /// back (so the layout never jumps) until its image header corrects it.
        var frozenSize: (width: Double, height: Double)?
        /// The measured caption height and the cell width it was measured at
        /// (``FeedWall/Options/wrapsCaptions``).
        var caption: (width: Double, height: Double)?
    }

    /// The number of items on the wall, held or compacted.
    var itemCount: Int { slots.count }

    /// The item at `index` when it is held whole; `nil` when compacted (or out of range).
    /// - Complexity: O(1).
    func item(at index: Int) -> FeedItem? {
        held[index + firstOrdinal]
    }

    /// Adds the items of `insertion` (a page's at the end, a refresh's before index 0), held
    /// whole by their ordinals (the feed model's).
    /// - Complexity: O(m) for m items appended; O(n + m) when prepending to n items.
    func add(_ insertion: FeedModel.Insertion) {
        let newSlots = insertion.items.map { Slot(keyHash: $0.deduplicationKey.hashValue) }
        if insertion.atTop {
            slots.insert(contentsOf: newSlots, at: 0)
        } else {
            slots += newSlots
        }
        for (ordinal, item) in zip(insertion.ordinals, insertion.items) {
            held[ordinal] = item
        }
    }

    /// Compacts the held items farther than half of ``FeedWall/Options/heldItems`` from the first
    /// visible item (index 0 when none is visible), keeping their layout size and caption.
    /// - Complexity: O(h) for h items held.
    func compactFarItems() {
        let radius = options.heldItems / 2
        let anchor = view?.model.visibleIndices.min() ?? 0
        let far = held.keys.filter { $0 >= 0 && abs($0 - firstOrdinal - anchor) > radius }
        for ordinal in far {
            let index = ordinal - firstOrdinal
            slots[index].frozenSize = layoutSize(at: index)
            if let item = held.removeValue(forKey: ordinal) { feed.forgetSize(of: item, ordinal: ordinal) }
        }
    }

    /// A cell or a prefetch needs the compacted item at `index`: the feed model fetches its page
    /// again (see `FeedModel+Refetch.swift`).
    func fetchAgain(at index: Int) {
        feed.fetchAgain(at: index)
    }
}

/// What the feed model asks the wall when it fetches compacted items again.
extension FeedWallSource: CompactingFeedList {
    var refetchAnchor: Int { view?.model.visibleIndices.min() ?? 0 }

    func isCompacted(at index: Int) -> Bool {
        held[index + firstOrdinal] == nil
    }

    /// Compacted, and within half of ``FeedWall/Options/heldItems`` of the first visible item.
    func wantsBack(at index: Int) -> Bool {
        isCompacted(at: index) && abs(index - refetchAnchor) <= options.heldItems / 2
    }

    func keyHash(at index: Int) -> Int? {
        slots.indices.contains(index) ? slots[index].keyHash : nil
    }

    /// Holds `item` whole again; its live cell shows it.
    func restore(_ item: FeedItem, at index: Int) {
        let ordinal = index + firstOrdinal
        held[ordinal] = item
        if item.hasValidPixelSize {
            slots[index].frozenSize = nil
        } else {
            // Laid out at its frozen size until its header tells the real one.
            feed.awaitSize(of: item, ordinal: ordinal)
        }
        if let cell = view?.model.cell(at: index) { configure(cell, at: index) }
    }

    func didFetchAgain() {
        compactFarItems()
    }
}
