/// A direction the keyboard moves the focus ring in: one of the arrow keys (see
/// ``WaterfallViewModel/focusTarget(from:moving:)``).
public enum FocusDirection: Equatable, Sendable, CaseIterable {
    /// Up: the item above.
    case up
    /// Down: the item below.
    case down
    /// Left: the item to the left on screen.
    case left
    /// Right: the item to the right on screen.
    case right
}
