/// Sizes, margins and events: item sizes, margins, selection and scrolling, plus the
/// load-more and pull-to-refresh requests. Every method is optional.
///
/// The view model holds its delegate weakly. The size and margin methods are called in the
/// middle of reloads and updates: they may read the view model (``WaterfallViewModel/cellWidth``
/// is current) but must not change it. Selection, load-more and refresh events come once the
/// view model has settled and may change it; ``waterfallViewDidScroll(_:)`` may also arrive
/// while a reload or update keeps the reader's place, so it should only read.
@MainActor
public protocol WaterfallDelegate<Cell>: AnyObject {
    /// The cell type, shared with the view model and its host.
    associatedtype Cell: ReusableCell

    /// The item's height in points (default ``WaterfallDefaults/cellHeight``). Only used by the
    /// default ``waterfallView(_:sizeAt:)``.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, heightAt index: Int) -> Double

    /// The item's size (default `.height(heightAt)`). Prefer `.aspectRatio(width:height:)` for
    /// images: the layout then keeps the ratio across width and column changes without asking
    /// again, where a height computed from ``WaterfallViewModel/cellWidth`` would go stale.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, sizeAt index: Int) -> ItemSize

    /// The sizes of the items in `range`, in order (default: ``waterfallView(_:sizeAt:)`` for
    /// each). The view model asks for a run of new items at once — an appended page, a reload
    /// in runs of up to 4,096 — so a delegate whose sizes sit in an array can answer with one
    /// slice copy instead of one call per item. Inserts in a batch that also moves or deletes
    /// items still ask ``waterfallView(_:sizeAt:)`` item by item, at their final indices.
    /// An answer of the wrong length is mended: sizes past the range are dropped, and missing
    /// ones are asked one by one.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, sizesIn range: Range<Int>) -> [ItemSize]

    /// Whether the view model may leave the sizes of inserted items unread until it places them
    /// (default `false`). A delegate whose sizes cost a call each (a list model's property read
    /// through Python, a measured child) says `true`: a million inserted items then cost no size
    /// query up front; the sizes of the items the viewport shows, and of those above them, are
    /// asked at once, in runs through ``waterfallView(_:sizesIn:)``, and the rest in idle
    /// slices that read the clock every 64 items. Until it is read, an item
    /// counts at the mean size of the read ones in the content's length, which settles as the
    /// slices go on. The sizes may be asked in the middle of a placement (``WaterfallViewModel/cellWidth``
    /// is current then); the delegate must not change the view model while answering.
    var readsSizesLazily: Bool { get }

    /// A margin (default ``WaterfallDefaults/margin``).
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, marginFor type: MarginType) -> Double

    /// The user selected an item: a click, space, Enter on this path, or an arrow key that
    /// moved the focus to it (see ``waterfallView(_:selectionFollowsFocusAt:)``). Default: nothing.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, didSelectAt index: Int)

    /// Whether an arrow key that moves the keyboard focus to the item at `index` selects it, as
    /// GtkGridView's arrows do (UIKit's `selectionFollowsFocus`). Answer `false` where selecting
    /// does something a focus move must not, such as the seed's tap to delete. Default: `true`.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, selectionFollowsFocusAt index: Int) -> Bool

    /// Whether the item at `index` takes the keyboard focus and clicks (default `true`). A
    /// list model's section headers answer `false`: the arrow keys, Home, End and the page keys
    /// step over them, and a click on one neither focuses nor selects.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, canFocusItemAt index: Int) -> Bool

    /// The user activated an item: a double-click, Enter, a click with the host's
    /// ``WaterfallHosting/activatesOnSingleClick``, or ``WaterfallViewModel/activate(_:)``.
    /// Default: nothing.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, didActivateAt index: Int)

    /// The content offset changed (user scrolling, anchoring or scroll-to-index). Default: nothing.
    func waterfallViewDidScroll(_ waterfallView: WaterfallViewModel<Cell>)

    /// Load-more fired (the reader is near the end): fetch the next page, then call
    /// ``WaterfallViewModel/endLoadingMore(appending:hasMore:)`` or
    /// ``WaterfallViewModel/failLoadingMore()``. Default: nothing.
    func waterfallViewDidRequestMore(_ waterfallView: WaterfallViewModel<Cell>)

    /// Pull-to-refresh fired (released past the threshold, or
    /// ``WaterfallViewModel/beginRefreshing()``): reload, insert the new items, then call
    /// ``WaterfallViewModel/endRefreshing()``. Default: nothing.
    func waterfallViewDidRequestRefresh(_ waterfallView: WaterfallViewModel<Cell>)
}

extension WaterfallDelegate {
    /// ``WaterfallDefaults/cellHeight``.
    public func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, heightAt index: Int) -> Double {
        WaterfallDefaults.cellHeight
    }

    /// `.height(heightAt)`.
    public func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, sizeAt index: Int) -> ItemSize {
        .height(self.waterfallView(waterfallView, heightAt: index))
    }

    /// ``waterfallView(_:sizeAt:)`` for each index of `range`, in order.
    /// - Complexity: `range.count` calls of ``waterfallView(_:sizeAt:)``.
    public func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, sizesIn range: Range<Int>) -> [ItemSize] {
        var sizes: [ItemSize] = []
        sizes.reserveCapacity(range.count)
        for index in range { sizes.append(self.waterfallView(waterfallView, sizeAt: index)) }
        return sizes
    }

    /// `false`: sizes are asked when items are inserted.
    public var readsSizesLazily: Bool { false }

    /// ``WaterfallDefaults/margin``.
    public func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, marginFor type: MarginType) -> Double {
        WaterfallDefaults.margin
    }

    /// Does nothing.
    public func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, didSelectAt index: Int) {}

    /// `true`: arrow keys select, as GtkGridView's do.
    public func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, selectionFollowsFocusAt index: Int) -> Bool {
        true
    }

    /// `true`: every item takes the focus.
    public func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, canFocusItemAt index: Int) -> Bool { true }

    /// Does nothing.
    public func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, didActivateAt index: Int) {}

    /// Does nothing.
    public func waterfallViewDidScroll(_ waterfallView: WaterfallViewModel<Cell>) {}

    /// Does nothing.
    public func waterfallViewDidRequestMore(_ waterfallView: WaterfallViewModel<Cell>) {}

    /// Does nothing.
    public func waterfallViewDidRequestRefresh(_ waterfallView: WaterfallViewModel<Cell>) {}
}
