/// The masonry ("waterfall flow", 瀑布流) layout engine: fixed-width columns, items of varying
/// height, each item placed under the shortest column — exactly the seeds' rule — but
/// incremental, with O(log n) queries and about 22 bytes per item.
///
/// ```swift
/// var layout = WaterfallLayout(columns: .fixed(3), insets: EdgeInsets(all: 8),
///                              columnSpacing: 8, rowSpacing: 8)
/// layout.containerWidth = 390
/// layout.append(contentsOf: [.height(120), .aspectRatio(width: 300, height: 400)])
/// layout.frame(at: 1)                 // Rect in content coordinates
/// layout.indices(in: visibleRect)     // what to show
/// ```
///
/// Geometry, identical to the seeds for positive heights:
/// - columnWidth = (width − left − right − (c − 1) · columnSpacing) / c, never negative;
/// - x = left + column · (columnWidth + columnSpacing); a full-span item spans
///   width − left − right;
/// - the first item of a column sits at `insets.top`, each later one at the previous item's
///   bottom + rowSpacing; a full-span item sits below the tallest column and every column
///   continues below it;
/// - content height = tallest column + insets.bottom (empty: top + bottom).
///
/// With `axis: .horizontal` the same rules lay out rows instead of columns, transposed at the
/// boundary: items go at the end of the shortest row and the content grows to the right (see
/// ``LayoutAxis/horizontal``).
///
/// Changing any configuration property (width, columns, insets, spacings, placement,
/// direction) lays every item out again in O(n log c). Appends place only the new items;
/// edits place again only the items from the first changed one to the end of its *segment*.
///
/// The items form an ordered list of segments (see `Segment`), each laid out on its own in
/// coordinates of its own: ``prepend(contentsOf:)`` lays the new items out in a segment above the
/// old ones, which start again level below it and move by one constant; ``startBlock(at:)``
/// makes the items from an index on a segment that later edits before it move by one constant
/// instead of reflowing; ``place(around:clearance:itemBudget:)`` lays out a segment at an
/// estimated place deep in the items before the items above it are placed. Any configuration
/// change lays everything out again as one segment. Bad input never traps: see
/// ``ItemSize``, ``EdgeInsets`` and ``ColumnCount`` for the fallbacks; a NaN, negative or
/// infinite container width counts as 0. Out-of-range indices trap, as with `Array`.
///
/// Storage is a struct of contiguous buffers (copy-on-write, `Sendable`): per item a stored
/// height or ratio (8 bytes), its y (8 bytes), its column and kind (2 bytes) and its entry in
/// its column's member list (4 bytes, plus half a byte of search fence). At most 2³¹ − 1 items.
public struct WaterfallLayout: Sendable {
    /// The largest column count the engine supports; larger requests are clamped.
    public static let maximumColumnCount = Int(ItemKind.columnMask)
    /// The narrowest column a fixed count may produce: `.fixed(n)` gets at most as many columns
    /// as fit this wide (at least one), so an absurd count gives narrow columns, never zero-wide
    /// ones (see ``ColumnCount/fixed(_:)``).
    public static let minimumColumnWidth: Double = 1

    /// The width of the container, in points (its height along rows, ``LayoutAxis/horizontal``).
    /// Setting it relayouts every item.
    public var containerWidth: Double { didSet { invalidateAll() } }
    /// How many columns there are. Setting it relayouts every item.
    public var columns: ColumnCount { didSet { invalidateAll() } }
    /// Distances from the container's edges to the items. Setting them relayouts every item.
    public var insets: EdgeInsets { didSet { invalidateAll() } }
    /// Horizontal space between columns. Setting it relayouts every item.
    public var columnSpacing: Double { didSet { invalidateAll() } }
    /// Vertical space between items of a column. Setting it relayouts every item.
    public var rowSpacing: Double { didSet { invalidateAll() } }
    /// Which column receives the next item. Setting it relayouts every item.
    public var placement: PlacementStrategy { didSet { invalidateAll() } }
    /// Left-to-right or with the columns mirrored. Rows (``LayoutAxis/horizontal``) ignore it:
    /// a view mirrors them in its viewport (``WaterfallViewModel/layoutDirection``). Setting it
    /// relayouts every item.
    public var direction: LayoutDirection { didSet { invalidateAll() } }
    /// Columns (content growing down, the default) or rows (content growing to the right): see
    /// ``LayoutAxis/horizontal`` for what every setting means along rows. Setting it relayouts
    /// every item.
    public var axis: LayoutAxis { didSet { invalidateAll() } }

    /// Resolved, sanitized geometry used by placement and queries.
    var geometry: LayoutGeometry
    /// Per item: its stored value, slot and y (relative to its segment's origin). Copied before mutation when shared (see
    /// ``uniqueStorage()``).
    @usableFromInline
    var items = ItemStore()
    /// The segments, ascending by start; the first starts at 0. Reset to one by every
    /// configuration change.
    var segments: [Segment]
    /// How many items, from index 0, have frames: ``count`` except after
    /// ``configureDeferringLayout(_:)``, until placement has caught up (see ``place(upTo:)``).
    public internal(set) var placedCount = 0
    /// The bottom (content coordinates, main axis) of the placed items from 0 on, `-infinity`
    /// when there are none: what the content length estimate extrapolates from.
    var prefixBottom = -Double.infinity
    /// How a segment with an estimated place moved when it settled, until ``takeLayoutShift()``.
    var unreportedShift: LayoutShift?
    /// Running sums of the item sizes in whole blocks from 0, for estimating where a segment
    /// deep in the items sits (see ``SizeSums``).
    var sizeSums = SizeSums()
    /// Set inside ``configure(_:)``: configuration changes wait for one relayout at its end.
    private var defersRelayout = false
    /// Whether a configuration change is waiting for the relayout at the end of ``configure(_:)``.
    private var needsRelayout = false
    /// How many times every item was laid out again (the cost ``configure(_:)`` saves).
    private(set) var fullRelayoutCount = 0

    /// Creates an empty layout. `placement` defaults to the seeds' shortest-column rule.
    public init(columns: ColumnCount = .fixed(3),
                insets: EdgeInsets = EdgeInsets(all: 8),
                columnSpacing: Double = 8,
                rowSpacing: Double = 8,
                placement: PlacementStrategy = .shortestColumn,
                direction: LayoutDirection = .leftToRight,
                axis: LayoutAxis = .vertical,
                containerWidth: Double = 0) {
        self.containerWidth = containerWidth
        self.columns = columns
        self.insets = insets
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        self.placement = placement
        self.direction = direction
        self.axis = axis
        geometry = LayoutGeometry(containerWidth: containerWidth, columns: columns, insets: insets,
                                  columnSpacing: columnSpacing, rowSpacing: rowSpacing,
                                  placement: placement, direction: direction, axis: axis)
        segments = [Segment(start: 0, origin: 0, listCount: geometry.columnCount + 1)]
    }

    /// The number of items.
    public var count: Int { items.count }

    /// Whether the layout has no items.
    public var isEmpty: Bool { items.count == 0 }

    /// The resolved number of columns (≥ 1).
    public var columnCount: Int { geometry.columnCount }

    /// The width of one column — the seeds' `cellWidth`.
    public var columnWidth: Double { Double(geometry.columnWidth) }

    /// The size of the whole content: the container width by the tallest column plus
    /// `insets.bottom` (for an empty layout, top + bottom); along rows (``LayoutAxis/horizontal``)
    /// the longest row plus `insets.right` by the container's height. While items wait for
    /// placement (see ``configureDeferringLayout(_:)``) the length is an estimate, extrapolated
    /// from the laid-out prefix in proportion to the item count; it settles as placement goes on
    /// and is exact once ``isFullyPlaced``.
    /// - Complexity: O(1).
    public var contentSize: Size {
        geometry.isHorizontal ? Size(width: contentLength, height: geometry.containerWidth)
            : Size(width: geometry.containerWidth, height: contentLength)
    }

    /// Bytes held by the engine's storage (array capacities, not counts).
    public var memoryFootprint: Int {
        items.footprint + sizeSums.footprint + segments.reduce(0) {
            $0 + MemoryLayout<Segment>.stride + $1.members.footprint + ($1.floors?.count ?? 0) * MemoryLayout<Double>.stride
        }
    }

    /// Changes several configuration properties with one relayout instead of one per property:
    /// `body` sets them on the layout it is given.
    ///
    /// ```swift
    /// layout.configure { $0.containerWidth = 1200; $0.columns = .fixed(5) }
    /// ```
    /// - Complexity: O(1) plus `body` when nothing changed, else one O(n log c) relayout.
    public mutating func configure(_ body: (inout WaterfallLayout) -> Void) {
        if changesConfiguration(body) { invalidateAll() }
    }

    /// Changes several configuration properties like ``configure(_:)``, but places no item:
    /// when something changed, every frame is dropped and the items wait for placement, which
    /// the caller drives — ``place(upTo:)`` and ``place(covering:)`` for what it must show
    /// now (the anchor item, the viewport), ``continueLayout(itemBudget:)`` for the rest in
    /// slices (a view does it when idle). Until ``isFullyPlaced``, ``contentSize`` is an estimate,
    /// queries report laid-out items only and ``frame(at:)`` accepts laid-out indices only;
    /// edits, appends and size changes work as usual (an edit in the laid-out prefix shortens
    /// it to the edit). The final layout is the one ``configure(_:)`` would have produced —
    /// unless ``place(around:clearance:itemBudget:)`` laid out a segment at an estimated place,
    /// which stays a level segment start (a seam) where it began.
    ///
    /// ```swift
    /// layout.configureDeferringLayout { $0.containerWidth = 1200 }
    /// layout.place(covering: visibleRect)            // what the screen needs, now
    /// while !layout.continueLayout(itemBudget: 100_000) {}   // the rest, slice by slice
    /// ```
    /// - Complexity: O(c) plus `body`: the placement is left to the calls above.
    public mutating func configureDeferringLayout(_ body: (inout WaterfallLayout) -> Void) {
        if changesConfiguration(body) { invalidateAll(placing: false) }
    }

    /// Runs `body` with relayouts held back.
    /// - Returns: whether it changed the configuration.
    private mutating func changesConfiguration(_ body: (inout WaterfallLayout) -> Void) -> Bool {
        defersRelayout = true
        body(&self)
        defersRelayout = false
        return needsRelayout
    }

    /// Re-resolves the geometry from the configuration properties and makes every item one
    /// level segment with nothing placed. When the column count changed and `reusingMembers`,
    /// the new member lists take over the old ones' memory (when not shared) with room for an
    /// even share of the items each, so that deferred placement neither frees nor faults in
    /// large buffers on the spot.
    /// - Complexity: O(c + s) for s segments, plus the allocations of the member lists.
    mutating func resetSegments(reusingMembers: Bool) {
        geometry = LayoutGeometry(containerWidth: containerWidth, columns: columns, insets: insets,
                                  columnSpacing: columnSpacing, rowSpacing: rowSpacing,
                                  placement: placement, direction: direction, axis: axis)
        var members = segments[0].members
        segments.removeAll(keepingCapacity: true)
        unreportedShift = nil
        let listCount = geometry.columnCount + 1
        if !isKnownUniquelyReferenced(&members) {
            members = MemberLists(count: listCount)
        } else if members.listCount != listCount {
            let share = count / geometry.columnCount
            members = reusingMembers ? members.emptied(toCount: listCount, reserving: share + share / 8)
                : MemberLists(count: listCount)
        } else {
            members.truncate(before: 0)
        }
        segments = [Segment(start: 0, origin: 0, listCount: 0, members: members)]
        if !isKnownUniquelyReferenced(&items) { items = items.copy() }
    }

    /// Re-resolves the geometry and lays every item out again (at the end of ``configure(_:)``
    /// when called inside it), or, not `placing`, leaves every item waiting for placement.
    /// - Complexity: O(n log c); O(c) when not `placing`.
    private mutating func invalidateAll(placing: Bool = true) {
        guard !defersRelayout else {
            needsRelayout = true
            return
        }
        needsRelayout = false
        fullRelayoutCount += 1
        resetSegments(reusingMembers: !placing)
        if placing { placeChain(from: 0, upTo: count) }
        summarize()
    }

    /// Makes the item store and member lists this layout's own before mutating them
    /// (copy-on-write).
    /// - Complexity: O(1) when not shared, O(n) for the copy otherwise.
    @usableFromInline
    mutating func uniqueStorage() {
        if !isKnownUniquelyReferenced(&items) { items = items.copy() }
        for position in segments.indices where !isKnownUniquelyReferenced(&segments[position].members) {
            segments[position].members = segments[position].members.copy(ys: items.ys + segments[position].start)
        }
    }
}
