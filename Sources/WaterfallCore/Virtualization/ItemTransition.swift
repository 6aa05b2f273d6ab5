/// How one item moved in a batch update or layout switch, for the host to animate. Both
/// attributes are relative to the viewport: `from` at the scroll offset before the change,
/// `to` at the offset after it.
public struct ItemTransition: Equatable, Sendable {
    /// What happened to the item.
    public enum Kind: Equatable, Sendable {
        /// The item is new; `from` is `to` with alpha 0 (fade in).
        case insert
        /// The item is gone; `to` is `from` with alpha 0 (fade out). Its cell is already recycled.
        case delete
        /// The item stays (possibly renumbered or moved) and keeps its cell. If it was not live
        /// before, `from` is `to` with alpha 0.
        case move
        /// The item was reloaded and shows a new cell from the data source.
        case reload
    }

    /// What happened to the item.
    public var kind: Kind
    /// The item's index before the change (`nil` when inserted).
    public var oldIndex: Int?
    /// The item's index after the change (`nil` when deleted).
    public var newIndex: Int?
    /// The attributes to animate from.
    public var from: LayoutAttributes
    /// The attributes to animate to.
    public var to: LayoutAttributes

    /// Creates a transition.
    public init(kind: Kind, oldIndex: Int?, newIndex: Int?, from: LayoutAttributes, to: LayoutAttributes) {
        self.kind = kind
        self.oldIndex = oldIndex
        self.newIndex = newIndex
        self.from = from
        self.to = to
    }
}
