/// A direction the keyboard moves the focus ring in: one of the arrow keys (see
/// ``WaterfallViewModel/focusTarget(from:moving:)``).
public enum FocusDirection: Equatable, Sendable, CaseIterable {
    /// Up: the item above.
    case up
    /// Down: the item below.
    case down
    /// Left: the previous item (the next one right to left).
    case left
    /// Right: the next item (the previous one right to left).
    case right
}
