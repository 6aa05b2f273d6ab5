/// A run of items of a ``WaterfallLayout``, `start` up to the next segment's start, laid out by
/// the masonry rule on its own, in coordinates of its own along the main axis.
///
/// The layout is an ordered list of segments. Usually there is one; more appear where the
/// layout must keep items still or must give items frames before the items above them are
/// placed:
/// - a prepend puts the new items in a segment of their own in front of the old ones, and an
///   edit above the screen can start a segment at the first visible item, so that the items
///   after it only move by one constant;
/// - after a width or column change deep in a huge feed, the items around the reader are laid
///   out in a segment whose place is estimated, before the millions of items above them.
///
/// Each segment stores the y of its items relative to its ``origin`` (the item store's ys) and
/// its member lists with indices relative to ``start``, so moving a segment is one add to its
/// origin and inserting items before it renumbers nothing. Its *base* is where it sits: derived
/// from the segment before it (the lowest origin at which no column of the segment starts above
/// that column's bottom before it), or estimated while the items before it are not placed yet.
/// *Settling* a segment derives its base again once the segment before it is fully placed; the
/// content of the segment and of every derived segment after it moves by the difference.
struct Segment: Sendable {
    /// The index of the segment's first item.
    var start: Int
    /// The main-axis coordinate of the segment's relative 0: an item's place is `origin` plus
    /// its stored y.
    var origin: Double
    /// Where each column starts, in the segment's coordinates: the bottom placement continues
    /// from. `nil` for a *level* segment, whose columns start empty, its first row at the
    /// layout's top inset (its floors, for the segment after it, are one row spacing above).
    var floors: [Double]?
    /// Whether the origin is an estimate (the items before the segment are not all placed).
    var isEstimated = false
    /// How many of the segment's items, from its start, have frames.
    var placed = 0
    /// Per column the segment's placed items, relative to ``start``, ascending; the last list
    /// holds the full-span items.
    var members: MemberLists
    /// The bottom of the segment's lowest item in its coordinates, `-infinity` while it has none.
    var tallest = -Double.infinity

    /// An empty level segment at `start` with `listCount` member lists.
    init(start: Int, origin: Double, listCount: Int, members: MemberLists? = nil) {
        self.start = start
        self.origin = origin
        self.members = members ?? MemberLists(count: listCount)
    }
}

/// How placement moved content when a segment with an estimated place settled: everything at
/// or below `level` (in content coordinates along the layout's main axis, before the move)
/// moved by `distance`. A view showing that content adds `distance` to its scroll offset, so
/// nothing on screen moves.
public struct LayoutShift: Equatable, Sendable {
    /// Content from this coordinate on (along the scroll axis, before the move) moved.
    public var level: Double
    /// How far it moved along the scroll axis (positive: toward the end).
    public var distance: Double

    /// Creates a shift of the content from `level` on by `distance`.
    public init(level: Double, distance: Double) {
        self.level = level
        self.distance = distance
    }
}
