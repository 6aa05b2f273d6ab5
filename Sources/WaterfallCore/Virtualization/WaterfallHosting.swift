/// The platform front end as the view model sees it: it owns the cell widgets' parent and does
/// exactly what it is told. All frames and offsets it receives are ready to use: frames are
/// relative to the viewport's top-left (content position − scroll offset), so a widget
/// toolkit with single-precision coordinates never sees content 60,000,000 pt tall.
///
/// The view model holds its host weakly; the host usually owns the view model.
@MainActor
public protocol WaterfallHosting<Cell>: AnyObject {
    /// The cell type, shared with the view model and its data source.
    associatedtype Cell: ReusableCell

    /// A cell became live (new, or back from the reuse pool): make it a visible child of the
    /// viewport. A ``place(_:attributes:)`` call follows before the view model returns.
    func insertCell(_ cell: Cell)

    /// Position a live cell. `attributes.frame` is relative to the viewport; apply `scale`
    /// around the frame's centre, `alpha` and `zIndex` if the toolkit can. Called for every
    /// live cell after every scroll step and layout change.
    func place(_ cell: Cell, attributes: LayoutAttributes)

    /// A cell stopped being live and went to the reuse pool: hide it (or unparent it). It may
    /// come back through ``insertCell(_:)``.
    func removeCell(_ cell: Cell)

    /// A removed cell did not fit in the reuse pool and will never be used again: destroy it.
    /// Default: nothing.
    func discardCell(_ cell: Cell)

    /// The content size changed: update the scroll range. Default: nothing.
    func contentSizeDidChange(_ size: Size)

    /// The view model moved the scroll position itself (scroll anchoring, scroll-to-index, a
    /// layout island joining the laid-out items, which moves the content on screen and the
    /// offset together): update the scroll bar without reporting the change back. May come
    /// from inside ``WaterfallViewModel/continueLayout(within:clock:sliceItems:)`` or a scroll
    /// step. Default: nothing.
    func contentOffsetDidChange(_ offset: Point)

    /// The load-more state changed: show or hide the footer's spinner, retry button or
    /// "no more" label. Default: nothing.
    func loadMoreStateDidChange(_ state: LoadMoreState)

    /// The pull-to-refresh state changed: update the header. Default: nothing.
    func refreshStateDidChange(_ state: RefreshState)

    /// The number of new items above the reader changed (see
    /// ``WaterfallViewModel/newItemsAbove``): show the "N new items" pill when it is above 0,
    /// hide it at 0. Default: nothing.
    func newItemsAboveDidChange(_ count: Int)

    /// Size changes were recorded (``WaterfallViewModel/invalidateSizes(at:)``) while none
    /// were pending: call ``WaterfallViewModel/applyPendingSizeChanges()`` once before the next
    /// frame, so every change of this frame costs one relayout. Default: nothing (the owner
    /// applies them itself).
    func sizeChangesDidBecomePending()

    /// A relayout left items waiting to be laid out (a resize of a long feed lays out only what
    /// the screen needs at once): call ``WaterfallViewModel/continueLayout(within:clock:sliceItems:)``
    /// (or ``WaterfallViewModel/continueLayout(itemBudget:)``) when idle until it returns `true`.
    /// Until then the content size is an estimate that settles slice by slice. Default: nothing
    /// (the rest is then laid out when scrolling or edits reach it).
    func layoutDidBecomePending()

    /// Settings the host keeps that replace the data source's and delegate's answers (a
    /// toolkit widget's properties: the GTK view's `columns`, `column-spacing`, `row-spacing`,
    /// `reorderable`…), read whenever the view model lays out or starts a reorder. The host
    /// stores them; when the metrics change it calls ``WaterfallViewModel/invalidateLayout()``.
    /// Default: none.
    var layoutOverrides: LayoutOverrides { get }

    /// Whether a pull past the top refreshes (``WaterfallViewModel/overshot(atEnd:time:)``;
    /// ``WaterfallViewModel/beginRefreshing()`` always
    /// works): the GTK view's `enable-pull-to-refresh` property. Default: `false`.
    var isPullToRefreshEnabled: Bool { get }

    /// Where the live items are drawn while the host animates them (a layout switch, a batch
    /// update), relative to the viewport; `nil` (the default) when each is drawn where it was
    /// placed. ``WaterfallViewModel/index(at:)`` hit-tests these.
    var presentedAttributes: [LayoutAttributes]? { get }

    /// Whether a plain click activates the item instead of selecting it (the GTK view's
    /// `single-click-activate` property). Default: `false`.
    var activatesOnSingleClick: Bool { get }

    /// The longest time between two clicks on one item that makes them a double-click, in
    /// milliseconds (GTK's `gtk-double-click-time`). Default: 400.
    var doubleClickTime: UInt32 { get }

    /// An item was activated (``WaterfallViewModel/activate(_:)``): the GTK view emits its
    /// `activate` signal. Default: nothing.
    func didActivateItem(at index: Int)
}

extension WaterfallHosting {
    /// Does nothing.
    public func discardCell(_ cell: Cell) {}
    /// Does nothing.
    public func contentSizeDidChange(_ size: Size) {}
    /// Does nothing.
    public func contentOffsetDidChange(_ offset: Point) {}
    /// Does nothing.
    public func loadMoreStateDidChange(_ state: LoadMoreState) {}
    /// Does nothing.
    public func refreshStateDidChange(_ state: RefreshState) {}
    /// Does nothing.
    public func newItemsAboveDidChange(_ count: Int) {}
    /// Does nothing.
    public func sizeChangesDidBecomePending() {}
    /// Does nothing.
    public func layoutDidBecomePending() {}
    /// None: the data source and delegate decide.
    public var layoutOverrides: LayoutOverrides { LayoutOverrides() }
    /// `false`.
    public var isPullToRefreshEnabled: Bool { false }
    /// `nil`: every item is drawn where it was placed.
    public var presentedAttributes: [LayoutAttributes]? { nil }
    /// `false`.
    public var activatesOnSingleClick: Bool { false }
    /// 400 ms.
    public var doubleClickTime: UInt32 { 400 }
    /// Does nothing.
    public func didActivateItem(at index: Int) {}
}
