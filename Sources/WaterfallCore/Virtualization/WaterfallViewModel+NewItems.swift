extension WaterfallViewModel {
    /// Whether the "N new items" pill should show: new items arrived above the reader (a
    /// refresh that kept the screen still, or inserts at the top while scrolled down) and the
    /// reader has not gone back to the top since.
    public var showsNewItemsPill: Bool { newItemsAbove > 0 }

    /// What the pill says, e.g. "12 new items" ("1 new item"); section headers among the new
    /// items are not counted.
    /// - Complexity: O(log h) for h section headers.
    public var newItemsPillText: String {
        let items = newItemsPillCount
        return items == 1 ? "1 new item" : "\(items) new items"
    }

    /// The items (not section headers) the "N new items" pill counts: the new items above
    /// the viewport. Hosts that translate say it in their own words.
    public var newItemsPillCount: Int {
        newItemsAbove - sectionHeaders.count(before: newItemsAbove)
    }

    /// Scrolls to the top, where the new items are, at once (hosts that animate scroll there
    /// themselves); reaching the top hides the pill.
    /// - Complexity: O(c log n + k).
    public func revealNewItems() {
        scrollToOffset(.zero)
    }

    /// Whether the viewport is at the start of the content along the scroll axis.
    var isAtTop: Bool { scrollAxis.position(of: contentOffset) <= 0 }

    /// Sets ``newItemsAbove`` and tells the host when it changed.
    func setNewItemsAbove(_ count: Int) {
        guard count != newItemsAbove else { return }
        newItemsAbove = count
        host?.newItemsAboveDidChange(count)
    }

    /// The new-items count after `updates`: inserts at the front or among the new items add to
    /// it, deletes among them take from it, moves across its end move one in or out.
    /// - Complexity: O(updates).
    func newItemsAbove(after updates: [ItemUpdate]) -> Int {
        var count = newItemsAbove
        for update in updates {
            switch update {
            case .insert(let range):
                if range.lowerBound == 0 || range.lowerBound < count { count += range.count }
            case .delete(let range):
                count -= Swift.max(0, Swift.min(range.upperBound, count) - range.lowerBound)
            case .move(let from, let to):
                if (from < count) != (to < count) { count += to < count ? 1 : -1 }
            case .reload:
                break
            }
        }
        return count
    }
}
