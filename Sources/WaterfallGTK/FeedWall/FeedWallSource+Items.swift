import WaterfallCore
import WaterfallFeed

/// The wall's items, bounded in memory however long the feed: every item has a ``Slot`` (56 B:
/// what the layout needs), and only the items within ``FeedWall/Options/heldItems`` / 2 of the
/// first visible one are also held whole (their URLs and texts, ~1 KB each). Farther items are
/// compacted — only their slot stays, so their size in the layout never changes — and when the
/// reader comes back to one, its page is fetched again (``FeedLoader/refetchPage(containing:)``)
/// and its items are found by their `deduplicationKey`; until then its cell shows a plain
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

    /// Re-fetching of compacted items: the ordinals wanted back, one page fetched at a time.
    struct Refetching {
        /// Ordinals of compacted items a cell or a prefetch asked for.
        var wanted: Set<Int> = []
        /// Whether a page is being fetched again.
        var isRunning = false
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

    /// A cell or a prefetch needs the compacted item at `index`: fetches its page again (one
    /// page at a time, the wanted item nearest the viewport first).
    func fetchAgain(at index: Int) {
        refetching.wanted.insert(index + firstOrdinal)
        fetchNextPageAgain()
    }

    private func fetchNextPageAgain() {
        guard !refetching.isRunning else { return }
        // Items the reader has since scrolled away from are not wanted any more.
        let anchor = (view?.model.visibleIndices.min() ?? 0) + firstOrdinal
        refetching.wanted = refetching.wanted.filter { held[$0] == nil && abs($0 - anchor) <= options.heldItems / 2 }
        guard let ordinal = refetching.wanted.min(by: { abs($0 - anchor) < abs($1 - anchor) }) else { return }
        refetching.isRunning = true
        Task { [weak self, loader = feed.loader] in
            let result: Result<(ordinals: Range<Int>, page: FeedPage)?, FeedError>
            do throws(FeedError) {
                result = .success(try await loader.refetchPage(containing: ordinal))
            } catch {
                result = .failure(error)
            }
            self?.fetchedAgain(result, for: ordinal)
        }
    }

    /// A page fetched again: its items that are still on the wall and compacted are held whole
    /// again and their live cells show them. A failure leaves them compacted (the next cell
    /// that needs one asks again).
    private func fetchedAgain(_ result: Result<(ordinals: Range<Int>, page: FeedPage)?, FeedError>, for ordinal: Int) {
        refetching.isRunning = false
        refetching.wanted.remove(ordinal)
        switch result {
        case .success(let fetched?):
            refetching.wanted.subtract(fetched.ordinals)
            let byKey = Dictionary(fetched.page.items.map { ($0.deduplicationKey.hashValue, $0) }) { first, _ in first }
            for ordinal in fetched.ordinals where held[ordinal] == nil {
                let index = ordinal - firstOrdinal
                guard slots.indices.contains(index), let item = byKey[slots[index].keyHash] else { continue }
                held[ordinal] = item
                if item.hasValidPixelSize {
                    slots[index].frozenSize = nil
                } else {
                    // Laid out at its frozen size until its header tells the real one.
                    feed.awaitSize(of: item, ordinal: ordinal)
                }
                if let cell = view?.model.cell(at: index) { configure(cell, at: index) }
            }
            compactFarItems()
        case .success(nil):
            break
        case .failure(let error):
            Log.message("waterfall: a page of compacted items could not be fetched again: \(error.description)")
        }
        fetchNextPageAgain()
    }
}
