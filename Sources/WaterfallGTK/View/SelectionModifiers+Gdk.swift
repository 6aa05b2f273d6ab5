import CWaterfallGtk4
import WaterfallCore

extension SelectionModifiers {
    /// The selection modifiers held in a GDK event's `state`, for a click and an arrow key
    /// alike: Ctrl toggles, Shift extends.
    init(_ state: GdkModifierType) {
        self = []
        if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 { insert(.toggle) }
        if state.rawValue & GDK_SHIFT_MASK.rawValue != 0 { insert(.extend) }
    }
}
