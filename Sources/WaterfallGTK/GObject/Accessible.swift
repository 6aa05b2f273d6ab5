import CWaterfallGtk
import CWaterfallGtk4

/// Accessibility properties GTK sets only through variadic C functions.
@MainActor
public enum Accessible {
    /// Sets the label assistive technologies read for `widget`.
    public static func setLabel(_ widget: some GPointer, _ label: String) {
        wf_accessible_set_label(gcast(widget), label)
    }

    /// Tells assistive technologies that `descendant` is the active item inside `widget` (where
    /// the keyboard focus ring is).
    public static func setActiveDescendant(of widget: some GPointer, _ descendant: some GPointer) {
        wf_accessible_set_active_descendant(gcast(widget), gcast(descendant))
    }

    /// Sets the accessible "selected" state of `widget`.
    public static func setSelected(_ widget: some GPointer, _ selected: Bool) {
        wf_accessible_set_selected(gcast(widget), selected ? 1 : 0)
    }
}
