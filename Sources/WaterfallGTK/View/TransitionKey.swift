/// What a ``WaterfallView`` animates: a live cell (by identity, so that a cell keeps its
/// animation while the model renumbers its item) or a ghost of a cell that left.
enum TransitionKey: Hashable, Sendable {
    /// A live cell.
    case cell(ObjectIdentifier)
    /// A ``TransitionGhost``, by its id.
    case ghost(Int)
}
