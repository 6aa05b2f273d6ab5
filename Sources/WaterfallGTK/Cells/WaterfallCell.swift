import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import WaterfallCore

/// A cell of a ``WaterfallView``: one widget tree that shows one item at a time and is reused
/// for other items once it scrolls away (the seeds' `WaterflowViewCell`).
///
/// The root is a `GtkOverlay` (accessible role: list item) with rounded corners that clips its content; subclasses put their
/// content in it with ``setContent(_:)`` and ``addOverlay(_:)``. A ring over everything shows
/// the selected state (and the keyboard focus of the view).
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

    /// Whether the cell shows the selected state.
    public var isSelected = false {
        didSet {
            guard isSelected != oldValue else { return }
            setClass(WaterfallStyle.ClassName.selected, isSelected)
            Accessible.setSelected(widget, isSelected)
        }
    }

    /// Whether the cell shows the view's keyboard focus; a focused cell becomes its parent's
    /// accessible active descendant.
    public var isFocused = false {
        didSet {
            guard isFocused != oldValue else { return }
            setClass(WaterfallStyle.ClassName.focused, isFocused)
            if isFocused, let parent = gtk_widget_get_parent(widget) {
                Accessible.setActiveDescendant(of: parent, widget)
            }
        }
    }

    /// Creates an empty cell with the given reuse identifier.
    public init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
        root = GObjectRef(sinking: wf_list_item_overlay_new())
        widget = root.pointer
        ring = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(widget, WaterfallStyle.ClassName.cell)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        gtk_widget_add_css_class(ring, WaterfallStyle.ClassName.ring)
        gtk_widget_set_can_target(ring, 0)
        gtk_overlay_add_overlay(gcast(widget), ring)
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

    /// Called by the view when the cell leaves the screen and goes back to the reuse pool:
    /// cancel pending work and drop per-item state here. Subclasses must call `super`.
    open func prepareForReuse() {
        isSelected = false
        isFocused = false
    }

    private func setClass(_ name: String, _ on: Bool) {
        if on { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
    }
}
