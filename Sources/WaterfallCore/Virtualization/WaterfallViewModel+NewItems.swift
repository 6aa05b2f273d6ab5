import Foundation

extension WaterfallViewModel {
    /// How many items at the front arrived above the reader (by a refresh, or inserts at the
    /// top while scrolled down) since the reader was last at the top: the count on the "N new
    /// items" pill. Back to 0 at the top and on ``reloadData()``.
    public var newItemsAbove: Int { feed.newItemsAbove }

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
        newItemsAbove - stickyHeaders.headers.count(before: newItemsAbove)
    }

    /// Scrolls to the top, where the new items are, at once (hosts that animate scroll there
    /// themselves); reaching the top hides the pill.
    /// - Complexity: O(c log n + k).
    public func revealNewItems() {
        scrollToOffset(.zero)
    }

    /// Whether the viewport is at the start of the content along the scroll axis.
    var isAtTop: Bool {
        switch scrollAxis {
        case .vertical: return contentOffset.y <= 0
        case .horizontal: return contentOffset.x <= 0
        case .none: return true
        }
    }

    /// Sets ``newItemsAbove`` and tells the host when it changed.
    func setNewItemsAbove(_ count: Int) {
        guard count != newItemsAbove else { return }
        feed.newItemsAbove = count
        host?.newItemsAboveDidChange(count)
    }
}
