import CWaterfallGtk
import CWaterfallGtk4
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
///   gets one `g_warning` per expression and the measured fallback. Sizes are read lazily
///   (``readsSizesLazily``): as placement reaches the items, never all up front.
/// - Clicks select through the selection model (Ctrl toggles, Shift extends, Ctrl+A selects
///   all, rubberband with ``enableRubberband``), double-click and Enter activate
///   (``onActivate``; ``singleClickActivate`` activates on a plain click), and the cells follow
///   `selection-changed` (the `:selected` state, `WaterfallItem:selected`, AT-SPI's selected
///   state).
/// - With the view's `header-factory` (GTK 4.12+), each section of the model's
///   `GtkSectionModel` starts with a header: a full-span item of the view model, pinned with
///   `pinned-headers`; the view model's indices interleave them with the items (`sections`),
///   and the app's positions stay the model's (see `WaterfallListModelSource+Sections.swift`).
/// - Over a `WaterfallFeedModel` (the selection model's own model, or deeper through
///   `GtkFilterListModel`, `GtkSortListModel` and other wrappers' `model`), the wall shows the
///   feed's state as `FeedWall` does: the footer's spinner while a page the `load-more`
///   handlers asked for loads, the feed's `error-message` with Retry when it failed (the
///   status page's on an empty wall), the empty state once an empty feed has no more pages,
///   and the pull header until a refresh ends (see `WaterfallListModelSource+Feed.swift`).
///
/// Create it through ``WaterfallView/init(model:factory:layout:)``; the view keeps it.
@MainActor
public final class WaterfallListModelSource: WaterfallDataSource, WaterfallDelegate {
    /// The cell type of the list-model path.
    public typealias Cell = WaterfallItemCell

    /// The `GtkSelectionModel` the items and the selection come from (`nil`: no items): the
    /// view's `model` property; see ``setModel(_:)``.
    public var selectionModel: OpaquePointer? { widget.flatMap(waterfall_masonry_view_get_model) }
    /// The factory that makes and fills the cells (`nil`: empty cells): the view's `factory`
    /// property; see ``setFactory(_:)``.
    public var factory: UnsafeMutablePointer<WaterfallItemFactory>? { widget.flatMap(waterfall_masonry_view_get_factory) }

    /// The height an item has until its cell is measured (the self-sizing path), in points.
    public var estimatedHeight: Double = 200
    /// The height a section header has until its own cell is measured, in points; each header
    /// then has its own height (see `WaterfallListModelSource+Sections.swift`).
    public var estimatedHeaderHeight: Double = 40
    /// The item size for a position alone, for an app that keeps its sizes beside the model
    /// (a table of heights): the wall asks it without fetching the model's item, which a model
    /// that makes its items on demand would make for each of its positions when the wall loads.
    /// When set, ``sizeFunction`` and the expressions are not used.
    public var positionSizeFunction: (@MainActor (Int) -> ItemSize)? {
        didSet { sizesChanged() }
    }
    /// The columns for a viewport this wide, asked on every resize, for a rule the `columns` and
    /// `min-column-width` properties cannot say (a column more past each width, as the shop
    /// demo's `--columns`); the properties, once set, win over it.
    public var columnsFunction: (@MainActor (_ viewportWidth: Double) -> ColumnCount)? {
        didSet { view?.model.invalidateLayout() }
    }
    /// The title of the status page and footer of a failed page over a `WaterfallFeedModel`
    /// (see `WaterfallListModelSource+Feed.swift`); `nil` (the default):
    /// ``WaterfallStrings/feedFailed``, e.g. "The shop could not be loaded".
    public var feedFailureTitle: String?
    /// The item size for a model item and its position; when set, the expressions are not used.
    public var sizeFunction: (@MainActor (UnsafeMutablePointer<GObject>, Int) -> ItemSize)? {
        didSet { sizesChanged() }
    }
    /// A `GtkExpression` giving an item's width divided by its height (any numeric type): the
    /// view's `aspect-ratio-expression` property, which keeps a reference. Takes precedence
    /// over ``heightExpression``.
    public var aspectRatioExpression: OpaquePointer? {
        get { widget.flatMap(waterfall_masonry_view_get_aspect_ratio_expression) }
        set { widget.map { waterfall_masonry_view_set_aspect_ratio_expression($0, newValue) } }
    }
    /// The name of a numeric property of the items giving width divided by height (the view's
    /// `aspect-ratio-property`): what ``aspectRatioExpression`` does, for bindings that cannot
    /// make an expression. The expression wins; this wins over ``heightExpression``.
    public var aspectRatioProperty: String? {
        get { widget.flatMap(waterfall_masonry_view_get_aspect_ratio_property).map { String(cString: $0) } }
        set { widget.map { waterfall_masonry_view_set_aspect_ratio_property($0, newValue) } }
    }
    /// A `GtkExpression` giving an item's height in points (any numeric type); the source keeps
    /// a reference.
    public var heightExpression: OpaquePointer? {
        didSet { expressionChanged(from: oldValue, to: heightExpression) }
    }
    /// Whether a plain click activates the item instead of selecting it: the view's
    /// `single-click-activate` property (as `GtkGridView:single-click-activate`).
    public var singleClickActivate: Bool {
        get { widget.map { waterfall_masonry_view_get_single_click_activate($0) != 0 } ?? false }
        set { widget.map { waterfall_masonry_view_set_single_click_activate($0, newValue ? 1 : 0) } }
    }
    /// Whether dragging over the wall selects the items under the band (the view's
    /// `enable-rubberband` property; multi-selection only; a drag that lifts an item to reorder
    /// it does not).
    public var enableRubberband: Bool {
        get { widget.map { waterfall_masonry_view_get_enable_rubberband($0) != 0 } ?? false }
        set { widget.map { waterfall_masonry_view_set_enable_rubberband($0, newValue ? 1 : 0) } }
    }
    /// Called with an item's position when it is activated: a double-click, Enter, or a click
    /// with ``singleClickActivate``.
    public var onActivate: (@MainActor (Int) -> Void)?
    /// Called with the reason, in plain words, when a refresh of the `WaterfallFeedModel` the
    /// wall follows failed (the items kept); without it the view announces the reason (see
    /// `WaterfallListModelSource+Feed.swift`).
    var onRefreshFailure: (@MainActor (String) -> Void)?

    /// The view showing the items (the view keeps the source).
    weak var view: WaterfallView<WaterfallItemCell>?
    /// The view's `WaterfallMasonryView`, which holds the model, the factories and the settings.
    var widget: OpaquePointer? { view?.masonryView }
    /// Where the section headers go among the items the view model has (none without a header
    /// factory or before GTK 4.12; see `WaterfallListModelSource+Sections.swift`).
    var sections = SectionMap()
    /// The model's item count the view model has: the count `sections` were read for.
    var appliedItemCount = 0
    /// Where Shift+click extends the selection from: the last item clicked without Shift.
    var anchor: Int?
    /// Whether the cells are bound ahead of the screen (see ``readerScrolled()``).
    var bindsAhead = false
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
    /// The `WaterfallFeedModel` the model shows, if any, and what waits for it (see
    /// `WaterfallListModelSource+Feed.swift`).
    var feed = FeedFollowing()

    /// A source for ``WaterfallView/adopt(_:)``, which gives it its view.
    init() {}

    /// Whether `model` is a `GtkSelectionModel`.
    private static func isSelectionModel(_ model: OpaquePointer) -> Bool {
        g_type_check_instance_is_a(model.gpointer.assumingMemoryBound(to: GTypeInstance.self),
                                   gtk_selection_model_get_type()) != 0
    }

    /// Shows the items of another `GtkSelectionModel` (`nil`: none), as the view's `model`
    /// property does: the wall loads them again from the top, and the selection is the new
    /// model's. A model that is not a selection model is refused with a warning and shows none.
    public func setModel(_ model: OpaquePointer?) {
        guard let widget else { return }
        if let model, !Self.isSelectionModel(model) {
            wf_warning("Waterfall: the model must be a GtkSelectionModel (wrap a GListModel in a GtkNoSelection, "
                + "GtkSingleSelection or GtkMultiSelection); the wall shows no items")
            waterfall_masonry_view_set_model(widget, nil)
            return
        }
        waterfall_masonry_view_set_model(widget, model)
    }

    /// Makes the cells with another factory (`nil`: empty cells), as the view's `factory`
    /// property does: every cell the old factory made is torn down (the live ones, then the
    /// reuse pool) and the items are bound again.
    public func setFactory(_ factory: UnsafeMutablePointer<WaterfallItemFactory>?) {
        widget.map { waterfall_masonry_view_set_factory($0, factory) }
    }

    /// The view's `model` property changed: the new model's items from the top (changes of
    /// the old model still waiting are dropped).
    func modelDidChange() {
        pendingChanges = []
        followFeedModel()
        readAllSections()
        view?.model.reloadData()
        view?.scroll(to: 0)
    }

    /// The view's `factory` or `header-factory` property changed: every cell is made again by
    /// the new factories (and the sections read again: a header factory shows them).
    func factoryDidChange() {
        guard let view else { return }
        readAllSections()
        view.model.detach()
        view.model.attach(to: view)
    }

    /// The view's `pinned-headers` changed: the view model asks again which items are its
    /// section headers.
    func pinnedHeadersDidChange() {
        view?.model.reloadData()
    }

    /// Reads every section of the model (``readSections(from:keeping:)``) for its item count
    /// now: when the view adopts the source (a model set at construction) and when the model or
    /// a factory changes.
    func readAllSections() {
        appliedItemCount = itemCount
        sections = readSections()
    }

    /// The view's `aspect-ratio-expression` changed: the old expression's warning is forgotten.
    func aspectRatioExpressionDidChange() {
        warnedExpressions = warnedExpressions.filter { $0 == heightExpression }
        sizesChanged()
    }

    #if compiler(>=6.2)
    isolated deinit { release() }
    #else
    deinit { MainActor.assumeIsolated { release() } }   // no isolated deinit before 6.2, as in WaterfallItemCell
    #endif

    /// Removes the pending batch's source, lets go of the feed model and drops the height
    /// expression.
    private func release() {
        stopFollowingFeedModel()
        if let pendingChangesSource { g_source_remove(pendingChangesSource) }
        if let heightExpression { gtk_expression_unref(heightExpression) }
    }

    /// The model's object at `position` (a new reference the caller drops), `nil` past the end.
    func object(atPosition position: Int) -> UnsafeMutableRawPointer? {
        selectionModel.flatMap { g_list_model_get_item($0, guint(position)) }
    }

    /// The model's object the item at view index `index` shows (a new reference the caller
    /// drops), `nil` for a header or past the end.
    func object(at index: Int) -> UnsafeMutableRawPointer? {
        position(at: index).flatMap(object(atPosition:))
    }

    // MARK: WaterfallDataSource

    /// The model's item count (0 without a model).
    var itemCount: Int {
        selectionModel.map { Int(g_list_model_get_n_items($0)) } ?? 0
    }

    /// The model's item count and one header per section.
    public func numberOfCells(in waterfallView: WaterfallViewModel<WaterfallItemCell>) -> Int {
        sections.indexCount(itemCount: appliedItemCount)
    }

    /// ``columnsFunction``'s columns for the viewport's width, else the view's `columns` and
    /// `min-column-width` properties (which win over the function once set).
    public func columns(in waterfallView: WaterfallViewModel<WaterfallItemCell>) -> ColumnCount {
        if let columnsFunction { return columnsFunction(waterfallView.viewportSize.width) }
        return view?.columnCount ?? .adaptive(minimumWidth: 160)
    }

    /// A recycled cell (or a new one, set up by the factory) bound to the model's item, or a
    /// section's header cell.
    public func waterfallView(_ waterfallView: WaterfallViewModel<WaterfallItemCell>, cellAt index: Int) -> WaterfallItemCell {
        if let section = section(ofHeaderAt: index) { return headerCell(for: section, in: waterfallView) }
        let cell = waterfallView.dequeueReusableCell(withIdentifier: WaterfallItemCell.identifier)
            ?? WaterfallItemCell(factory: factory)
        cell.source = self
        let position = self.position(at: index) ?? index
        let object = object(atPosition: position)
        defer { if let object { g_object_unref(object) } }
        callOutDepth += 1
        defer { callOutDepth -= 1 }
        cell.bind(object, at: position, selected: isSelected(index))
        return cell
    }

    /// Whether the item at `index` is a section header the view model pins: a header, with
    /// the view's `pinned-headers` set.
    public func waterfallView(_ waterfallView: WaterfallViewModel<WaterfallItemCell>, isSectionHeaderAt index: Int) -> Bool {
        pinsHeaders && position(at: index) == nil
    }

    // MARK: WaterfallDelegate

    /// The `load-more` handlers have run (the app appends to its model, now or later): the wall
    /// asks again once the item count changed and the reader is near the end. Over a
    /// `WaterfallFeedModel` that is loading (the handlers called `load_more()`), the footer's
    /// spinner stays until the page ends, and a failed page shows its reason with Retry.
    public func waterfallViewDidRequestMore(_ waterfallView: WaterfallViewModel<WaterfallItemCell>) {
        requestedMore(waterfallView)
    }

    /// The `refresh` handlers have run (the app changes its model, now or later; items it
    /// inserts at the top keep the reader's place): the refresh ends, so that the next F5,
    /// Ctrl+R, pull or `list.refresh` starts another. A list model has no other way to say
    /// that a refresh is over — except a `WaterfallFeedModel` that is loading (the handlers
    /// called `refresh()`): the refresh then ends when it stops.
    public func waterfallViewDidRequestRefresh(_ waterfallView: WaterfallViewModel<WaterfallItemCell>) {
        requestedRefresh(waterfallView)
    }

    /// `true`: a model's sizes cost a call each (a property read through Python, an
    /// expression, a measured child), so the wall reads them as placement needs them — the items
    /// the viewport shows and those above them at once, the rest in idle slices — and a splice
    /// of a million items asks none up front, as `GtkGridView` touches only what it shows.
    public var readsSizesLazily: Bool { true }

    /// The item's size (see the type's notes on sizes); a header spans every column, at its
    /// own measured height (`headerHeight(at:cellWidth:)`).
    public func waterfallView(_ waterfallView: WaterfallViewModel<WaterfallItemCell>, sizeAt index: Int) -> ItemSize {
        callOutDepth += 1
        defer { callOutDepth -= 1 }
        guard let position = self.position(at: index) else {
            return .fullSpan(height: headerHeight(at: index, cellWidth: waterfallView.cellWidth))
        }
        if let positionSizeFunction { return positionSizeFunction(position) }
        guard let object = object(atPosition: position) else { return .height(estimatedHeight) }
        defer { g_object_unref(object) }
        return size(of: object, at: position, cellWidth: waterfallView.cellWidth)
    }

    /// Whether the item at `index` takes the keyboard focus: the model's items do, the section
    /// headers do not (the arrow keys and Tab skip them).
    public func waterfallView(_ waterfallView: WaterfallViewModel<WaterfallItemCell>, canFocusItemAt index: Int) -> Bool {
        position(at: index) != nil
    }
}
