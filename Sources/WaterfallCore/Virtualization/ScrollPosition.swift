/// Where ``WaterfallViewModel/scrollToItem(at:position:)`` puts the item in the viewport.
public enum ScrollPosition: Equatable, Sendable {
    /// The item's leading edge at the viewport's leading edge.
    case start
    /// The item centred.
    case center
    /// The item's trailing edge at the viewport's trailing edge.
    case end
    /// Scroll as little as possible to show the item whole (not at all if it already is).
    case nearest
}
