import CWaterfallGtk
import CWaterfallGtk4
import WaterfallCore

/// What the C side of `WaterfallMasonryView` asks of its Swift logic (see
/// `waterfall-private.h`): the one ``WaterfallView`` that runs a view, whatever its cell type.
@MainActor
protocol MasonryViewFace: AnyObject {
    /// GTK allocated the view `width` × `height`.
    func allocate(width: Int32, height: Int32)
    /// The view entered or left a scrolled window: its adjustments are new.
    func adjustmentsReplaced()
    /// The adjustment of `orientation` moved.
    func adjustmentValueChanged(_ orientation: GtkOrientation)
    /// The scrolled window reported an overshoot at `position`.
    func edgeOvershot(_ position: GtkPositionType)
    /// A pointer button went down (`held`) or up in the view or its scrolled window.
    func pointerButton(held: Bool)
    /// The widget's GObject property `property` changed.
    func propertyChanged(_ property: WaterfallMasonryViewProp)
    /// `GtkOrientable:orientation`, which the face's layout holds.
    var orientation: GtkOrientation { get }
    /// Sets `orientation` (the face notifies the property when it changed).
    func setOrientation(_ orientation: GtkOrientation)
    /// The model's `items-changed`: `removed` items at `position` became `added` ones.
    func itemsChanged(at position: Int, removed: Int, added: Int)
    /// The model's `selection-changed` for `count` items from `position`.
    func selectionChanged(at position: Int, count: Int)
    /// The model's `sections-changed` (GTK 4.12+) for `count` items from `position`.
    func sectionsChanged(at position: Int, count: Int)
    /// The `list.activate-item` action, for the item at `position`.
    func activateItemAction(_ position: Int)
    /// The `list.select-item` action: select `position`, toggling (`modify`) or extending.
    func selectItemAction(_ position: Int, modify: Bool, extend: Bool)
    /// The `list.scroll-to-item` action: focus and reveal `position`.
    func scrollToItemAction(_ position: Int)
    /// `waterfall_masonry_view_scroll_to` (GTK 4.12+): scroll `position` into view when
    /// `reveal`, and with `focus` move the keyboard focus to it.
    func scrollTo(_ position: Int, focus: Bool, reveal: Bool)
    /// The number of items Tab moves through (the view's `tab-behavior`), section headers
    /// not counted.
    var positionCount: Int { get }
    /// The model position of the focused item, `nil` when none is.
    var focusedPosition: Int? { get }
    /// The `list.refresh` action (F5, Ctrl+R).
    func refresh()
    /// The content a drag carries out of the item at `position` (full reference) as the Swift
    /// API gave it (``WaterfallView/enableDraggingItems(content:)``), `nil` without one.
    func dragContent(ofItemAt position: Int) -> UnsafeMutablePointer<GdkContentProvider>?
    /// The item drawn at `point` (viewport coordinates), if any.
    func position(at point: Point) -> Int?
    /// The view is being disposed.
    func detach()
}

/// The face pointer of a `WaterfallMasonryView`: a ``FaceBox`` around its ``MasonryViewFace``.
typealias MasonryViewFaceBox = FaceBox<any MasonryViewFace>

/// How every `WaterfallMasonryView` gets its face, whoever makes it: C, Python and Swift all
/// make the widget with `g_object_new`, at its properties' defaults, and its `constructed`
/// asks ``makeFace(for:)`` for the face box. A Swift initializer cannot hand the widget an
/// object that does not exist yet, so while one makes its widget (``newWidget()``) the box stays
/// empty until the initializer fills it with itself; otherwise the box holds a new wall over
/// the widget's `model` and `factory`.
@MainActor
enum MasonryViewConstruction {
    /// Set while a Swift initializer is inside `g_object_new` for its widget.
    private static var isSwiftInitializerMakingWidget = false

    /// A new `WaterfallMasonryView` (floating) whose face box the calling Swift initializer
    /// fills (``MasonryViewFaceBox/fill(_:with:)``) before it returns.
    static func newWidget() -> UnsafeMutablePointer<GtkWidget> {
        isSwiftInitializerMakingWidget = true
        defer { isSwiftInitializerMakingWidget = false }
        return UnsafeMutableRawPointer(g_object_new_with_properties(waterfall_masonry_view_get_type(), 0, nil, nil)!)
            .assumingMemoryBound(to: GtkWidget.self)
    }

    /// The retained face box of `view`, made in its `constructed`.
    static func makeFace(for view: UnsafeMutablePointer<GtkWidget>) -> gpointer {
        if isSwiftInitializerMakingWidget { return MasonryViewFaceBox.retain(nil) }
        // A view made from C or a binding shows a list model: its items and cells come from the
        // `model` and `factory` properties (none until they are set).
        let source = WaterfallListModelSource()
        let face = WaterfallView<WaterfallItemCell>(adopting: view, dataSource: source, delegate: source)
        face.adopt(source)
        return MasonryViewFaceBox.retain(face)
    }
}

extension FaceBox where Face == any MasonryViewFace {
    /// Boxes the face of a `WaterfallMasonryView` (retained; detached at the view's dispose).
    static func retain(_ face: (any MasonryViewFace)?) -> gpointer {
        retain(face) { $0.detach() }
    }
}

@_cdecl("waterfall_swift_masonry_view_create")
@MainActor
func waterfallSwiftMasonryViewCreate(_ view: OpaquePointer?) -> gpointer? {
    MasonryViewConstruction.makeFace(for: UnsafeMutableRawPointer(view!).assumingMemoryBound(to: GtkWidget.self))
}

@_cdecl("waterfall_swift_masonry_view_allocate")
@MainActor
func waterfallSwiftMasonryViewAllocate(_ face: gpointer?, _ width: Int32, _ height: Int32) {
    MasonryViewFaceBox.face(face)?.allocate(width: width, height: height)
}

@_cdecl("waterfall_swift_masonry_view_adjustments_replaced")
@MainActor
func waterfallSwiftMasonryViewAdjustmentsReplaced(_ face: gpointer?) {
    MasonryViewFaceBox.face(face)?.adjustmentsReplaced()
}

@_cdecl("waterfall_swift_masonry_view_value_changed")
@MainActor
func waterfallSwiftMasonryViewValueChanged(_ face: gpointer?, _ orientation: GtkOrientation) {
    MasonryViewFaceBox.face(face)?.adjustmentValueChanged(orientation)
}

@_cdecl("waterfall_swift_masonry_view_edge_overshot")
@MainActor
func waterfallSwiftMasonryViewEdgeOvershot(_ face: gpointer?, _ position: GtkPositionType) {
    MasonryViewFaceBox.face(face)?.edgeOvershot(position)
}

@_cdecl("waterfall_swift_masonry_view_button_held")
@MainActor
func waterfallSwiftMasonryViewButtonHeld(_ face: gpointer?, _ held: gboolean) {
    MasonryViewFaceBox.face(face)?.pointerButton(held: held != 0)
}

@_cdecl("waterfall_swift_masonry_view_property_changed")
@MainActor
func waterfallSwiftMasonryViewPropertyChanged(_ face: gpointer?, _ property: WaterfallMasonryViewProp) {
    MasonryViewFaceBox.face(face)?.propertyChanged(property)
}

@_cdecl("waterfall_swift_masonry_view_get_orientation")
@MainActor
func waterfallSwiftMasonryViewGetOrientation(_ face: gpointer?) -> GtkOrientation {
    MasonryViewFaceBox.face(face)?.orientation ?? GTK_ORIENTATION_VERTICAL
}

@_cdecl("waterfall_swift_masonry_view_set_orientation")
@MainActor
func waterfallSwiftMasonryViewSetOrientation(_ face: gpointer?, _ orientation: GtkOrientation) {
    MasonryViewFaceBox.face(face)?.setOrientation(orientation)
}

@_cdecl("waterfall_swift_masonry_view_activate_item")
@MainActor
func waterfallSwiftMasonryViewActivateItem(_ face: gpointer?, _ position: guint) {
    MasonryViewFaceBox.face(face)?.activateItemAction(Int(position))
}

@_cdecl("waterfall_swift_masonry_view_select_item")
@MainActor
func waterfallSwiftMasonryViewSelectItem(_ face: gpointer?, _ position: guint, _ modify: gboolean, _ extend: gboolean) {
    MasonryViewFaceBox.face(face)?.selectItemAction(Int(position), modify: modify != 0, extend: extend != 0)
}

@_cdecl("waterfall_swift_masonry_view_scroll_to_item")
@MainActor
func waterfallSwiftMasonryViewScrollToItem(_ face: gpointer?, _ position: guint) {
    MasonryViewFaceBox.face(face)?.scrollToItemAction(Int(position))
}

@_cdecl("waterfall_swift_masonry_view_scroll_to")
@MainActor
func waterfallSwiftMasonryViewScrollTo(_ face: gpointer?, _ position: guint, _ focus: gboolean, _ reveal: gboolean) {
    MasonryViewFaceBox.face(face)?.scrollTo(Int(position), focus: focus != 0, reveal: reveal != 0)
}

@_cdecl("waterfall_swift_masonry_view_get_n_items")
@MainActor
func waterfallSwiftMasonryViewGetNItems(_ face: gpointer?) -> guint {
    guint(clamping: MasonryViewFaceBox.face(face)?.positionCount ?? 0)
}

@_cdecl("waterfall_swift_masonry_view_get_focus_position")
@MainActor
func waterfallSwiftMasonryViewGetFocusPosition(_ face: gpointer?) -> guint {
    MasonryViewFaceBox.face(face)?.focusedPosition.map { guint($0) } ?? GTK_INVALID_LIST_POSITION
}

@_cdecl("waterfall_swift_masonry_view_refresh")
@MainActor
func waterfallSwiftMasonryViewRefresh(_ face: gpointer?) {
    MasonryViewFaceBox.face(face)?.refresh()
}

@_cdecl("waterfall_swift_masonry_view_drag_content")
@MainActor
func waterfallSwiftMasonryViewDragContent(_ face: gpointer?, _ position: guint) -> UnsafeMutablePointer<GdkContentProvider>? {
    MasonryViewFaceBox.face(face)?.dragContent(ofItemAt: Int(position))
}

@_cdecl("waterfall_swift_masonry_view_position_at")
@MainActor
func waterfallSwiftMasonryViewPositionAt(_ face: gpointer?, _ x: Double, _ y: Double) -> guint {
    MasonryViewFaceBox.face(face)?.position(at: Point(x: x, y: y)).map { guint($0) } ?? GTK_INVALID_LIST_POSITION
}

@_cdecl("waterfall_swift_masonry_view_items_changed")
@MainActor
func waterfallSwiftMasonryViewItemsChanged(_ face: gpointer?, _ position: guint, _ removed: guint, _ added: guint) {
    MasonryViewFaceBox.face(face)?.itemsChanged(at: Int(position), removed: Int(removed), added: Int(added))
}

@_cdecl("waterfall_swift_masonry_view_selection_changed")
@MainActor
func waterfallSwiftMasonryViewSelectionChanged(_ face: gpointer?, _ position: guint, _ count: guint) {
    MasonryViewFaceBox.face(face)?.selectionChanged(at: Int(position), count: Int(count))
}

@_cdecl("waterfall_swift_masonry_view_sections_changed")
@MainActor
func waterfallSwiftMasonryViewSectionsChanged(_ face: gpointer?, _ position: guint, _ count: guint) {
    MasonryViewFaceBox.face(face)?.sectionsChanged(at: Int(position), count: Int(count))
}
