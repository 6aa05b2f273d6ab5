/// What a layout adds to ``CollectionLayout`` when an item's place depends on the items before
/// it (the waterfall): placement that may wait for idle time, parts placed ahead at an estimated
/// place, blocks that keep the screen still across edits above it, and appends that keep every
/// earlier frame (the view model then handles an append at the end in O(page)). Layouts that place each item by its index alone (``CarouselLayout``,
/// ``CircleLayout``) conform to ``CollectionLayout`` only: every item always has its frame.
///
/// The view model checks once, when its layout is set, whether the layout is incremental, runs
/// these requirements in place as ``CollectionLayout/incrementally(_:)`` does, and skips all of
/// this for other layouts.
public protocol IncrementalLayout: CollectionLayout {
    /// Keeps the layout of the items from `index` on (0...itemCount) across later edits before
    /// it: such an edit moves them all by one constant, which the view model absorbs in the
    /// scroll offset, so nothing on screen moves (the waterfall's
    /// ``WaterfallLayout/startBlock(at:)``). An insert at 0 right after `startBlock(at: 0)` puts
    /// the new items above the old ones as a block of their own. Any configuration change
    /// places everything again as one block.
    mutating func startBlock(at index: Int)
    /// Moves the item at `source` to `destination` (both valid), as
    /// `array.insert(array.remove(at: source), at: destination)`, keeping its size — drag to
    /// reorder commits through it. The view model moves an item in other layouts by removing
    /// it and inserting it again with the delegate's size.
    mutating func moveItem(from source: Int, to destination: Int)

    /// Like ``CollectionLayout/prepare(for:with:)``, but the layout may leave items unplaced:
    /// the view model then asks for what it must show with ``place(around:clearance:itemBudget:)``
    /// and ``place(covering:)`` and has the rest done in slices with ``continueLayout(itemBudget:)``.
    mutating func prepareDeferringLayout(for containerSize: Size, with metrics: LayoutMetrics)
    /// How many items, from index 0, have frames: ``CollectionLayout/itemCount`` unless
    /// placement waits after ``prepareDeferringLayout(for:with:)``. Only placed items may be
    /// asked for their frame or attributes, and only they are reported by queries.
    var placedCount: Int { get }
    /// Places every item that may overlap `rect`, if it is not yet.
    mutating func place(covering rect: Rect)
    /// Places up to `itemBudget` more of the waiting items.
    /// - Returns: whether every item is placed now.
    mutating func continueLayout(itemBudget: Int) -> Bool
    /// Gives the item at `index` (a valid one) a frame for a view to keep it in view, with the
    /// content at least `clearance` above it along the scroll axis placed too, placing about
    /// `itemBudget` waiting items at most when it is deep in the items (the waterfall's
    /// ``WaterfallLayout/place(around:clearance:itemBudget:)`` places an island there).
    mutating func place(around index: Int, clearance: Double, itemBudget: Int)
    /// Returns, once, how placement moved content since the last call (the waterfall's island
    /// joining its placed prefix), or `nil`.
    mutating func takeLayoutShift() -> LayoutShift?
    /// The items placed ahead of the placed prefix, at an estimated place until placement
    /// reaches them (the waterfall's ``WaterfallLayout/islandRange``), or `nil`.
    var islandRange: Range<Int>? { get }

    /// The smallest coordinate along the scroll axis (`minY`; `minX` for a horizontal layout)
    /// of the frames of the items in `range`, which must be placed; `.infinity` for an empty
    /// range. The view model checks an appended page against its live and prefetch windows item
    /// by item only when the page starts before their end.
    func leadingEdge(ofItemsIn range: Range<Int>) -> Double
}

extension IncrementalLayout {
    /// `body`'s answer about `layout`, whose dynamic type must be `Self`, read in place: a cast
    /// of the layout to `any IncrementalLayout` would copy its value into a new box, and the
    /// caller's check of the type (`as? any IncrementalLayout.Type`) serves every read.
    static func reading<R>(_ layout: any CollectionLayout, _ body: (Self) -> R) -> R {
        func read<L: CollectionLayout>(_ value: L) -> R {
            assert(L.self == Self.self, "reading a \(L.self) as a \(Self.self)")
            return withUnsafePointer(to: value) { $0.withMemoryRebound(to: Self.self, capacity: 1) { body($0.pointee) } }
        }
        return read(layout)
    }
}

extension CollectionLayout {
    /// Runs `body` on this layout when it is an ``IncrementalLayout``, in place: the value is
    /// moved into the existential `body` gets and back, never copied, so the waterfall's storage
    /// stays uniquely referenced and a mutation does not copy its items.
    /// - Returns: `body`'s result, or `nil` (without calling it) for other layouts.
    /// - Complexity: `body`'s, plus a conformance check and, for large layouts, one box.
    public mutating func incrementally<R>(_ body: (inout any IncrementalLayout) -> R) -> R? {
        guard let type = Self.self as? any IncrementalLayout.Type else { return nil }
        return moveIncrementally(as: type, body)
    }

    /// ``incrementally(_:)`` with the conformance opened as `L`, which must be `Self` (the view
    /// model passes the type it checked when its layout was set).
    mutating func moveIncrementally<L: IncrementalLayout, R>(as _: L.Type,
                                                                    _ body: (inout any IncrementalLayout) -> R) -> R {
        assert(L.self == Self.self, "moving a \(Self.self) as a \(L.self)")
        return withUnsafeMutablePointer(to: &self) { pointer in
            pointer.withMemoryRebound(to: L.self, capacity: 1) { layout in
                var moved: any IncrementalLayout = layout.move()
                defer { layout.initialize(to: moved as! L) }
                return body(&moved)
            }
        }
    }

    /// How many items, from index 0, have frames: an incremental layout's
    /// ``IncrementalLayout/placedCount``, every item for other layouts.
    /// - Complexity: O(1).
    public var placedItemCount: Int { (self as? any IncrementalLayout)?.placedCount ?? itemCount }
}
