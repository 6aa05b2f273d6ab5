import CWaterfallGtk
import CWaterfallGtk4
import WaterfallCore

/// A cell of a ``WaterfallView``: one widget tree that shows one item at a time and is reused
/// for other items once it scrolls away (the seeds' `WaterflowViewCell`).
///
/// The root is a `GtkOverlay` (accessible role: list item, or row header for a section's
/// header) with rounded corners that clips its content; subclasses put their content in it
/// with ``setContent(_:)`` and ``addOverlay(_:)``. A ring over everything shows the selected
/// state (and the keyboard focus of the view).
///
/// For assistive technologies the cell is one focusable list item named by
/// ``setAccessibleLabel(_:)`` and described by its position ("item 12 of 10,000"); the view
/// gives it the GTK focus when the arrow keys reach it. Content whose text the label already
/// says should be hidden from them (``Accessible/setHidden(_:_:)``).
@MainActor
open class WaterfallCell: ReusableCell {
    /// The reuse identifier the cell was created with; the view keeps cells with equal
    /// identifiers in the same reuse pool.
    public let reuseIdentifier: String
    /// The cell's root widget (a `GtkOverlay`); the view parents and positions it.
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// Where the view last placed the cell: its item and its frame relative to the viewport.
    var placement: LayoutAttributes?
    /// The cell's position in its view's list of children, for O(1) removal.
    var childSlot = -1

    private let root: GObjectRef<UnsafeMutablePointer<GtkWidget>>
    private let ring: UnsafeMutablePointer<GtkWidget>

    /// Whether the cell shows the selected state: the `selected` CSS class, GTK's `:selected`
    /// state (`GTK_STATE_FLAG_SELECTED`) and the accessible selected state.
    public var isSelected = false {
        didSet {
            guard isSelected != oldValue else { return }
            setClass(WaterfallStyle.ClassName.selected, isSelected)
            if isSelected {
                gtk_widget_set_state_flags(widget, GTK_STATE_FLAG_SELECTED, 0)
            } else {
                gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_SELECTED)
            }
            Accessible.setSelected(widget, isSelected)
        }
    }

    /// Whether the cell shows the view's keyboard focus ring (the view also gives it the GTK
    /// focus, which assistive technologies follow).
    public var isFocused = false {
        didSet {
            guard isFocused != oldValue else { return }
            setClass(WaterfallStyle.ClassName.focused, isFocused)
        }
    }

    /// The 1-based position and set size last given to assistive technologies.
    private var accessiblePosition: (position: Int, count: Int)?
    /// The position text last made for the cell ("item 12 of 10,000"), its description while
    /// ``accessibleDescription`` is `nil`.
    private var positionDescription = ""
    /// A description of the cell's own for assistive technologies, read in place of the
    /// position text while set (a `WaterfallItem`'s `accessible-description`).
    var accessibleDescription: String? {
        didSet {
            guard accessibleDescription != oldValue else { return }
            Accessible.setDescription(widget, accessibleDescription ?? positionDescription)
        }
    }

    /// Creates an empty cell with the given reuse identifier. Installs the ``MainQueueBridge``
    /// if it is not installed yet (cells that load images await main-actor tasks).
    ///
    /// `accessibleRole` is what assistive technologies are told the cell is: a list item
    /// (focusable, the default), or `GTK_ACCESSIBLE_ROLE_ROW_HEADER` for a section header, as
    /// GTK's list widgets make theirs (not focusable: the keys skip headers; GTK names it by its
    /// content). GTK sets a role only at construction.
    public init(reuseIdentifier: String, accessibleRole: GtkAccessibleRole = GTK_ACCESSIBLE_ROLE_LIST_ITEM) {
        MainQueueBridge.install()
        self.reuseIdentifier = reuseIdentifier
        root = GObjectRef(sinking: Accessible.widget(ofType: gtk_overlay_get_type(), role: accessibleRole))
        widget = root.pointer
        ring = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(widget, WaterfallStyle.ClassName.cell)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        gtk_widget_set_focusable(widget, accessibleRole == GTK_ACCESSIBLE_ROLE_ROW_HEADER ? 0 : 1)
        gtk_widget_add_css_class(ring, WaterfallStyle.ClassName.ring)
        Accessible.setHidden(ring, true)
        gtk_widget_set_can_target(ring, 0)
        gtk_overlay_add_overlay(gcast(widget), ring)
        // With the cairo renderer the view paints the cell from one raster (rounded corners,
        // textures and gradients drawn once per change, not every frame).
        wf_flatten_mark(widget)
    }

    /// Sets the main content, which fills the cell and decides nothing about its size.
    public func setContent(_ content: some GPointer) {
        gtk_overlay_set_child(gcast(widget), gcast(content))
    }

    /// Adds a widget above the content (below the selection ring), positioned by its own
    /// alignment.
    public func addOverlay(_ overlay: some GPointer) {
        gtk_overlay_add_overlay(gcast(widget), gcast(overlay))
        // Keep the ring on top.
        gtk_widget_insert_before(ring, widget, nil)
    }

    /// Sets the label assistive technologies read for this cell.
    public func setAccessibleLabel(_ label: String) {
        Accessible.setLabel(widget, label)
    }

    /// Tells assistive technologies that the cell shows the item at `index` of `count`: the
    /// position relations and (without an ``accessibleDescription``) the description "item 12 of 10,000", made by the view's
    /// `descriptions`. Unchanged values are not sent again, so placing cells while scrolling
    /// costs nothing here.
    func setAccessiblePosition(index: Int, count: Int, descriptions: inout ItemPositionText) {
        let position = index + 1
        guard accessiblePosition?.position != position || accessiblePosition?.count != count else { return }
        accessiblePosition = (position, count)
        Accessible.setPosition(widget, position, of: count)
        positionDescription = descriptions.text(position, of: count)
        if accessibleDescription == nil { Accessible.setDescription(widget, positionDescription) }
    }

    /// Called by the view when the cell leaves the screen and goes back to the reuse pool:
    /// cancel pending work and drop per-item state here. Subclasses must call `super`.
    open func prepareForReuse() {
        isSelected = false
        isFocused = false
    }

    /// Called by the view when the cell leaves the screen, before it goes to the reuse pool
    /// (``prepareForReuse()`` runs later, when it is dequeued): the list-model path's cells
    /// unbind their item here.
    func didLeaveView() {}

    /// The height the cell wants at `width` for the item it shows (self-sizing cells, see
    /// ``WaterfallSelfSizing``): by default the root widget's natural height for that width
    /// (`gtk_widget_measure`). Subclasses whose content has a known shape may answer from it.
    /// - Complexity: GTK's measure of the cell's widget tree.
    open func measuredHeight(forWidth width: Double) -> Double {
        Self.naturalHeight(of: widget, forWidth: width)
    }

    /// A widget's natural height for `width` (`gtk_widget_measure` in the vertical orientation).
    public static func naturalHeight(of widget: some GPointer, forWidth width: Double) -> Double {
        var minimum: gint = 0, natural: gint = 0
        gtk_widget_measure(gcast(widget), GTK_ORIENTATION_VERTICAL, gint(max(0, width.rounded())), &minimum, &natural, nil, nil)
        return Double(natural)
    }

    private func setClass(_ name: String, _ on: Bool) {
        if on { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
    }
}
