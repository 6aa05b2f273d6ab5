import CWaterfallGtk
import CWaterfallGtk4

/// Accessibility properties GTK sets only through variadic C functions.
@MainActor
public enum Accessible {
    /// Sets the label assistive technologies read for `widget` (its accessible name).
    public static func setLabel(_ widget: some GPointer, _ label: String) {
        wf_accessible_set_label(gcast(widget), label)
    }

    /// Clears `widget`'s accessible label: its content names it again.
    public static func resetLabel(_ widget: some GPointer) {
        gtk_accessible_reset_property(gcast(widget), GTK_ACCESSIBLE_PROPERTY_LABEL)
    }

    /// Sets the description assistive technologies read after `widget`'s name.
    public static func setDescription(_ widget: some GPointer, _ description: String) {
        wf_accessible_set_description(gcast(widget), description)
    }

    /// Sets the accessible "selected" state of `widget`.
    public static func setSelected(_ widget: some GPointer, _ selected: Bool) {
        wf_accessible_set_selected(gcast(widget), selected ? 1 : 0)
    }

    /// Leaves `widget` and its children out of the accessibility tree: for decoration, and for
    /// parts whose text the parent's label already says. Call it before the widget is first
    /// shown. Built against GTK 4.10 or later this is for good (the widget gets the presentation
    /// role, since GTK 4.18 clears the hidden state whenever it maps a widget); against GTK 4.8,
    /// `hidden` false puts the widget back.
    public static func setHidden(_ widget: some GPointer, _ hidden: Bool) {
        wf_accessible_set_hidden(gcast(widget), hidden ? 1 : 0)
    }

    /// A new widget of GObject `type` (a `GtkWidget` subtype such as `gtk_box_get_type()`) with
    /// an accessible role, which GTK sets only at construction: e.g. `GTK_ACCESSIBLE_ROLE_ALERT`
    /// for an error bar. The reference is floating.
    public static func widget(ofType type: GType, role: GtkAccessibleRole) -> UnsafeMutablePointer<GtkWidget> {
        wf_widget_new_with_role(type, role)
    }

    /// A new `GtkBox` with an accessible role (see ``widget(ofType:role:)``); floating.
    public static func box(_ orientation: GtkOrientation, spacing: Int32,
                           role: GtkAccessibleRole) -> UnsafeMutablePointer<GtkWidget> {
        let box = widget(ofType: gtk_box_get_type(), role: role)
        gtk_orientable_set_orientation(gcast(box), orientation)
        gtk_box_set_spacing(gcast(box), spacing)
        return box
    }

    /// Sets `widget`'s 1-based `position` in a set of `count` items (the pos-in-set and set-size
    /// relations).
    public static func setPosition(_ widget: some GPointer, _ position: Int, of count: Int) {
        wf_accessible_set_position(gcast(widget), Int32(clamping: position), Int32(clamping: count))
    }
}
