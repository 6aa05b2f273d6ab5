/// Supplies the items: their count, their cells, the column count, and prefetch hints.
///
/// The view model holds its data source weakly. Its methods are called in the middle of
/// scroll steps and updates: they may read the view model and dequeue cells, but must not
/// reload, update or scroll it.
@MainActor
public protocol WaterfallDataSource<Cell>: AnyObject {
    /// The cell type, shared with the view model and its host.
    associatedtype Cell: ReusableCell

    /// How many items there are (required).
    func numberOfCells(in waterfallView: WaterfallViewModel<Cell>) -> Int

    /// The cell for an item (required). Get it with
    /// ``WaterfallViewModel/dequeueReusableCell(withIdentifier:)`` and create one only when that
    /// returns `nil`; the host then inserts it and places it.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, cellAt index: Int) -> Cell

    /// How many columns to lay out (default ``WaterfallDefaults/numberOfColumns``). Asked on
    /// every reload and viewport size change, so it may depend on the width (more columns in
    /// landscape).
    func numberOfColumns(in waterfallView: WaterfallViewModel<Cell>) -> Int

    /// The columns to lay out: a fixed count, or ``ColumnCount/adaptive(minimumWidth:)``
    /// columns that the layout resolves from its width itself, so the count follows every
    /// resize with no work here. Asked when ``numberOfColumns(in:)`` is. Default:
    /// `.fixed(numberOfColumns(in:))`.
    func columns(in waterfallView: WaterfallViewModel<Cell>) -> ColumnCount

    /// Whether the item at `index` is a section header (default `false`). Only full-span items
    /// (``ItemSize/fullSpan(height:)``, ``ItemSize/fullSpanAspectRatio(width:height:)``) can be:
    /// the view model asks only for them, when they are loaded, inserted, reloaded or resized,
    /// and ignores the mark on other items — ``ItemSize/spanning(_:height:)`` items included,
    /// which span every column only while there are no more columns than they ask for. While a header's section (the items after it, up
    /// to the next header) is scrolled under the top of the viewport, the header stays pinned
    /// there, drawn above the cells and hit by clicks first; the next header pushes it up as it
    /// arrives (see ``WaterfallViewModel/pinnedHeader``). Headers pin in layouts that scroll
    /// vertically.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, isSectionHeaderAt index: Int) -> Bool

    /// An item entered the prefetch window (the realized window plus
    /// ``WaterfallViewModel/prefetchDistance`` ahead in the scroll direction): start loading
    /// its data. Default: nothing. After a layout change (reload, update, resize) the whole
    /// window is announced again without cancelling what it no longer holds, so treat repeated
    /// hints for an item as one.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, prefetchItemAt index: Int)

    /// An item left the prefetch window: loads started for it may be cancelled. Default: nothing.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, cancelPrefetchingItemAt index: Int)

    /// Whether the user may move the item at `index` to another position (drag to reorder and
    /// the keyboard's move shortcut). Default: `false` — reordering stays off until the data
    /// source implements this and ``waterfallView(_:moveItemFrom:to:)``.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, canMoveItemAt index: Int) -> Bool

    /// The user moved an item (dropped a drag, or used the keyboard's move shortcut): reorder
    /// the items as `items.insert(items.remove(at: source), at: destination)`. Called before
    /// the view model relayouts, which may then ask for cells at the new indices; the moved
    /// item keeps the size it had. Default: nothing.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, moveItemFrom source: Int, to destination: Int)
}

extension WaterfallDataSource {
    /// ``WaterfallDefaults/numberOfColumns``.
    public func numberOfColumns(in waterfallView: WaterfallViewModel<Cell>) -> Int {
        WaterfallDefaults.numberOfColumns
    }

    /// `.fixed(numberOfColumns(in: waterfallView))`.
    public func columns(in waterfallView: WaterfallViewModel<Cell>) -> ColumnCount {
        .fixed(numberOfColumns(in: waterfallView))
    }

    /// `false`: no item is a section header.
    public func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, isSectionHeaderAt index: Int) -> Bool {
        false
    }

    /// Does nothing.
    public func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, prefetchItemAt index: Int) {}

    /// Does nothing.
    public func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, cancelPrefetchingItemAt index: Int) {}

    /// `false`: reordering is off.
    public func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, canMoveItemAt index: Int) -> Bool { false }

    /// Does nothing.
    public func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, moveItemFrom source: Int, to destination: Int) {}
}
