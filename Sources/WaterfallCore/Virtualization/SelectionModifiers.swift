/// The modifier keys that change what a click selects.
public struct SelectionModifiers: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates the set from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Ctrl: toggles the item.
    public static let toggle = SelectionModifiers(rawValue: 1)
    /// Shift: extends from the anchor.
    public static let extend = SelectionModifiers(rawValue: 2)
}
