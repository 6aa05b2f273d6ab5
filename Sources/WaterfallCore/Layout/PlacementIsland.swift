import Foundation

/// Items of a ``WaterfallLayout`` laid out ahead of the placed prefix, so that a view deep in a
/// huge feed gets its frames after a width or column change without waiting for every item
/// before them (see ``WaterfallLayout/place(around:clearance:itemBudget:)``).
///
/// An island is a level block (see ``BlockStart``) whose base is not known yet: its items
/// `start..<end` are laid out by the masonry rule from an estimated base, every column level,
/// and kept in member lists of their own. When placement of the prefix reaches `start`, the
/// base is derived from the items before, the island's items move by the difference (one
/// constant) and join the prefix as a level block.
struct PlacementIsland: Sendable {
    /// The index of the island's first item: where its level block starts.
    var start: Int
    /// The items `start..<end` have frames.
    var end: Int
    /// The estimated level the island is laid out from (a level block's base): its first row
    /// sits at `base + rowSpacing`. Content at or below it is in the island's coordinates.
    var base: Double
    /// Per column, the island's items in ascending order, the last list for full-span items,
    /// as ``WaterfallLayout``'s own member lists hold the prefix's.
    var members: MemberLists
    /// The bottom of the island's tallest column, `-infinity` while it holds no item.
    var tallestBottom = -Double.infinity
    /// The lowest y the island's next item can get (every column's next top).
    var frontier: Double

    /// An empty island of `listCount` member lists starting at `start`, laid out from `base`
    /// with `rowSpacing` between rows.
    init(start: Int, base: Double, listCount: Int, rowSpacing: Double) {
        self.start = start
        end = start
        self.base = base
        members = MemberLists(count: listCount)
        frontier = base + rowSpacing
    }

    /// The island's items.
    var range: Range<Int> { start..<end }
}

/// How placement moved content when an island joined the placed prefix: everything at or
/// below `level` (in content coordinates along the layout's main axis, before the move) moved
/// by `distance`. A view showing that content adds `distance` to its scroll offset, so
/// nothing on screen moves.
public struct LayoutShift: Equatable, Sendable {
    /// Content from this coordinate on (along the scroll axis, before the move) moved.
    public var level: CGFloat
    /// How far it moved along the scroll axis (positive: toward the end).
    public var distance: CGFloat

    /// Creates a shift of the content from `level` on by `distance`.
    public init(level: CGFloat, distance: CGFloat) {
        self.level = level
        self.distance = distance
    }
}
