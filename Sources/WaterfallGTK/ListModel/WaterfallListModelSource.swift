import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import WaterfallCore

/// The list-model path of a ``WaterfallView``, the GTK way: items come from a
/// `GtkSelectionModel` (`GtkNoSelection`, `GtkSingleSelection` or `GtkMultiSelection` over any
/// `GListModel` — a `GListStore`, a `GtkSortListModel`, a `GtkFilterListModel`…) and cells from
/// a `WaterfallItemFactory`. It is the view model's data source, delegate, self-sizing
/// measurer and selection, so the wall underneath is the same as on the data-source path.
///
/// - The model's `items-changed (position, removed, added)` becomes one batch update (a
///   delete and an insert), so a splice of any size is one relayout.
/// - Item sizes come from ``positionSizeFunction`` (the model's item is not fetched), else
///   ``sizeFunction``, else ``aspectRatioExpression``,
///   ``aspectRatioProperty`` or ``heightExpression`` on each item, else the cell is measured once bound and
///   its height corrected without moving anything on screen (``estimatedHeight`` until then).
///   An item an expression cannot evaluate (another type, a missing property, not a number)
///   gets one `g_warning` per expression and the measured fallback.
/// - Clicks select through the selection model (Ctrl toggles, Shift extends, Ctrl+A selects
///   all, rubberband with ``enableRubberband``), double-click and Enter activate
///   (``onActivate``; ``singleClickActivate`` activates on a plain click), and the cells follow
///   `selection-changed` (the `:selected` state, `WaterfallItem:selected`, AT-SPI's selected
///   state).
///
/// Create it through ``WaterfallView/init(model:factory:layout:)``; the view keeps it.
@MainActor
public final class WaterfallListModelSource: WaterfallDataSource, WaterfallDelegate {
    /// The cell type of the list-model path.
    public typealias Cell = WaterfallItemCell

    /// The `GtkSelectionModel` the items and the selection come from (`nil`: no items); see
    /// ``setModel(_:)``.
    public var selectionModel: OpaquePointer? { modelRef?.pointer }
    /// The factory that makes and fills the cells (`nil`: empty cells); see ``setFactory(_:)``.
    public var factory: UnsafeMutablePointer<WaterfallItemFactory>? { factoryRef?.pointer }

    /// The columns to lay out (default: as many columns as fit at least 160 points wide).
    public var columns = ColumnCount.adaptive(minimumWidth: 160) {
        didSet { view?.model.reloadData() }
    }
    /// The height an item has until its cell is measured (the self-sizing path), in points.
    public var estimatedHeight: CGFloat = 200
    /// The item size for a position alone, for an app that keeps its sizes beside the model
    /// (a table of heights): the wall asks it without fetching the model's item, which a model
    /// that makes its items on demand would make for each of its positions when the wall loads.
    /// When set, ``sizeFunction`` and the expressions are not used.
    public var positionSizeFunction: (@MainActor (Int) -> ItemSize)? {
        didSet { sizesChanged() }
    }
    /// The item size for a model item and its position; when set, the expressions are not used.
    public var sizeFunction: (@MainActor (UnsafeMutablePointer<GObject>, Int) -> ItemSize)? {
        didSet { sizesChanged() }
    }
    /// A `GtkExpression` giving an item's width divided by its height (any numeric type); the
    /// source keeps a reference. Takes precedence over ``heightExpression``.
    public var aspectRatioExpression: OpaquePointer? {
        didSet { expressionChanged(from: oldValue, to: aspectRatioExpression) }
    }
    /// The name of a numeric property of the items giving width divided by height: what
    /// ``aspectRatioExpression`` does, for bindings that cannot make an expression. The
    /// expression wins; this wins over ``heightExpression``.
    public var aspectRatioProperty: String? {
        didSet {
            guard aspectRatioProperty != oldValue else { return }
            sizesChanged()
        }
    }
    /// A `GtkExpression` giving an item's height in points (any numeric type); the source keeps
    /// a reference.
    public var heightExpression: OpaquePointer? {
        didSet { expressionChanged(from: oldValue, to: heightExpression) }
    }
    /// Whether a plain click activates the item instead of selecting it (as
    /// `GtkGridView:single-click-activate`).
    public var singleClickActivate = false
    /// Whether dragging over the wall selects the items under the band (multi-selection only;
    /// a drag that lifts an item to reorder it does not).
    public var enableRubberband = false
    /// Called with an item's position when it is activated: a double-click, Enter, or a click
    /// with ``singleClickActivate``.
    public var onActivate: (@MainActor (Int) -> Void)?

    /// The view showing the items (the view keeps the source).
    weak var view: WaterfallView<WaterfallItemCell>?
    /// Where Shift+click extends the selection from: the last item clicked without Shift.
    var anchor: Int?
    /// The last click that could begin a double-click: its item and event time.
    var lastClick: (index: Int, time: UInt32)?
    /// Expressions already warned about (one warning each).
    var warnedExpressions: Set<OpaquePointer> = []
    /// Aspect-ratio property names already warned about (one warning each).
    var warnedProperties: Set<String> = []
    /// Counts the changes of the size function, expressions and property: the marks of items
    /// they gave no size carry it (see ``waterfallView(_:shouldMeasureItemAt:)``).
    var sizingGeneration: guint = 0
    /// How deep the wall is inside a call into the app (a factory's bind, a size function):
    /// an `items-changed` that arrives then waits for ``pendingChanges``.
    var callOutDepth = 0
    /// The `items-changed` splices that arrived during a call into the app, in order, and the
    /// idle source that applies them once the wall's pass is over.
    var pendingChanges: [(position: Int, removed: Int, added: Int)] = []
    var pendingChangesSource: UInt32?

    private var modelRef: GObjectRef<OpaquePointer>?
    private var factoryRef: GObjectRef<UnsafeMutablePointer<WaterfallItemFactory>>?
    /// The model's `items-changed` and `selection-changed` handlers.
    private var modelHandlers: [UInt] = []

    /// A source over `model` (a `GtkSelectionModel`) with cells from `factory`; both are
    /// referenced, not adopted.
    init(model: OpaquePointer?, factory: UnsafeMutablePointer<WaterfallItemFactory>?) {
        modelRef = model.flatMap { Self.selectionModelRef($0) }
        factoryRef = factory.map { GObjectRef(sinking: $0) }
    }

    /// A reference to `model` if it is a `GtkSelectionModel`; `nil` (and a warning) otherwise.
    private static func selectionModelRef(_ model: OpaquePointer) -> GObjectRef<OpaquePointer>? {
        guard g_type_check_instance_is_a(model.gpointer.assumingMemoryBound(to: GTypeInstance.self),
                                         gtk_selection_model_get_type()) != 0 else {
            wf_warning("Waterfall: the model must be a GtkSelectionModel (wrap a GListModel in a GtkNoSelection, "
                + "GtkSingleSelection or GtkMultiSelection); the wall shows no items")
            return nil
        }
        return GObjectRef(sinking: model)
    }

    /// Shows the items of another `GtkSelectionModel` (`nil`: none): the wall loads them
    /// again from the top, and the selection is the new model's.
    public func setModel(_ model: OpaquePointer?) {
        guard model != selectionModel else { return }
        disconnectModel()
        modelRef = model.flatMap { Self.selectionModelRef($0) }
        anchor = nil
        lastClick = nil
        connectModel()
        view?.model.reloadData()
        view?.scroll(to: 0)
    }

    /// Makes the cells with another factory (`nil`: empty cells): every cell the old factory
    /// made is torn down (the live ones, then the reuse pool) and the items are bound again.
    public func setFactory(_ factory: UnsafeMutablePointer<WaterfallItemFactory>?) {
        guard factory != self.factory else { return }
        factoryRef = factory.map { GObjectRef(sinking: $0) }
        guard let view else { return }
        view.model.detach()
        view.model.attach(to: view)
    }

    /// Connects the model's `items-changed` and `selection-changed` to the view.
    private func connectModel() {
        guard let selectionModel, view != nil else { return }
        modelHandlers = [
            Signal.connect(selectionModel, "items-changed") { [weak self] (position: UInt32, removed: UInt32, added: UInt32) in
                self?.itemsChanged(at: Int(position), removed: Int(removed), added: Int(added))
            },
            Signal.connect(selectionModel, "selection-changed") { [weak self] (position: UInt32, count: UInt32) in
                self?.refreshLiveCells(in: Int(position)..<Int(position) + Int(count))
            },
        ]
    }

    /// Disconnects what ``connectModel()`` connected.
    private func disconnectModel() {
        guard let selectionModel else { return }
        for handler in modelHandlers { Signal.disconnect(selectionModel, handler) }
        modelHandlers = []
    }

    /// Follows the model: `items-changed` becomes one batch update of the view model, and
    /// `selection-changed` updates the live cells in its range.
    func connect(to view: WaterfallView<WaterfallItemCell>) {
        self.view = view
        connectModel()
    }

    #if compiler(>=6.2)
    isolated deinit { release() }
    #else
    // Swift 6.0 and 6.1 have no isolated deinit (SE-0371): there the last reference must be dropped
    // on the main thread, as GTK's are.
    deinit { MainActor.assumeIsolated { release() } }
    #endif

    /// What the deinitializer does.
    private func release() {
        if let pendingChangesSource { g_source_remove(pendingChangesSource) }
        disconnectModel()
        for expression in [aspectRatioExpression, heightExpression].compactMap({ $0 }) {
            gtk_expression_unref(expression)
        }
    }

    /// The model's object at `index` (a new reference the caller drops), `nil` past the end.
    func object(at index: Int) -> UnsafeMutableRawPointer? {
        selectionModel.flatMap { g_list_model_get_item($0, guint(index)) }
    }

    // MARK: WaterfallDataSource

    /// The model's item count (0 without a model).
    var itemCount: Int {
        selectionModel.map { Int(g_list_model_get_n_items($0)) } ?? 0
    }

    /// The model's item count.
    public func numberOfCells(in waterfallView: WaterfallViewModel<WaterfallItemCell>) -> Int {
        itemCount
    }

    /// ``columns``.
    public func columns(in waterfallView: WaterfallViewModel<WaterfallItemCell>) -> ColumnCount { columns }

    /// A recycled cell (or a new one, set up by the factory) bound to the model's item.
    public func waterfallView(_ waterfallView: WaterfallViewModel<WaterfallItemCell>, cellAt index: Int) -> WaterfallItemCell {
        let cell = waterfallView.dequeueReusableCell(withIdentifier: WaterfallItemCell.identifier)
            ?? WaterfallItemCell(factory: factory)
        let object = object(at: index)
        defer { if let object { g_object_unref(object) } }
        callOutDepth += 1
        defer { callOutDepth -= 1 }
        cell.bind(object, at: index, selected: isSelected(index))
        return cell
    }

    // MARK: WaterfallDelegate

    /// The `load-more` handlers have run (the app appends to its model, now or later): the wall
    /// asks again once the item count changed and the reader is near the end.
    public func waterfallViewDidRequestMore(_ waterfallView: WaterfallViewModel<WaterfallItemCell>) {
        waterfallView.endLoadingMore(appending: 0, hasMore: true)
    }

    /// The `refresh` handlers have run (the app changes its model, now or later; items it
    /// inserts at the top keep the reader's place): the refresh ends, so that the next F5,
    /// Ctrl+R, pull or `list.refresh` starts another. A list model has no other way to say
    /// that a refresh is over.
    public func waterfallViewDidRequestRefresh(_ waterfallView: WaterfallViewModel<WaterfallItemCell>) {
        waterfallView.endRefreshing()
    }

    /// The item's size (see the type's notes on sizes).
    public func waterfallView(_ waterfallView: WaterfallViewModel<WaterfallItemCell>, sizeAt index: Int) -> ItemSize {
        callOutDepth += 1
        defer { callOutDepth -= 1 }
        if let positionSizeFunction { return positionSizeFunction(index) }
        guard let object = object(at: index) else { return .height(estimatedHeight) }
        defer { g_object_unref(object) }
        return size(of: object, at: index, cellWidth: waterfallView.cellWidth)
    }
}
