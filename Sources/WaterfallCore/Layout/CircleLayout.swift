#if canImport(Glibc)
import Glibc // sin, cos: the standard library has no trigonometry
#elseif canImport(Darwin)
import Darwin
#endif

/// Seed 003's circle layout: equal items (default 50×50) spread evenly on a circle (default
/// radius 70) around the container's centre, item i at angle 2π·i/n measured from straight down
/// (x = cx + r·sin θ, y = cy + r·cos θ, as in the seed); a single item sits at the centre.
/// Nothing scrolls: the content is the container.
///
/// ``itemSize`` and ``radius`` are points, or with ``scaling`` set to
/// ``ContainerScaling/proportional(reference:)`` they scale with the container, keeping the
/// seed's proportions in a desktop window (see ``scaledItemSize`` and ``scaledRadius``).
///
/// Queries scan every item — O(n) — which is right for a circle: more than a few dozen items on
/// one ring overlap anyway.
public struct CircleLayout: CollectionLayout, Sendable {
    /// The size of every item (seed: 50×50).
    public var itemSize: Size
    /// The circle's radius (seed: 70).
    public var radius: Double
    /// How ``itemSize`` and ``radius`` follow the container's size (default
    /// ``ContainerScaling/fixed``: they are points).
    public var scaling: ContainerScaling
    /// The number of items.
    public private(set) var itemCount = 0
    /// The container size the layout was prepared for.
    public private(set) var containerSize = Size.zero

    /// Creates a circle layout; the defaults are seed 003's. Pass
    /// `.proportional(reference: ContainerScaling.seedContainer)` as `scaling` for the seed's
    /// proportions at any window size.
    public init(itemSize: Size = Size(width: 50, height: 50), radius: Double = 70,
                scaling: ContainerScaling = .fixed) {
        self.itemSize = itemSize
        self.radius = radius
        self.scaling = scaling
    }

    /// The size every item has in the current container: ``itemSize`` (sanitized: non-finite
    /// or negative counts as 0) times ``scaling``'s factor.
    public var scaledItemSize: Size {
        let factor = scaling.factor(for: containerSize)
        return Size(width: itemSize.width.sanitizedLength * factor, height: itemSize.height.sanitizedLength * factor)
    }

    /// The circle's radius in the current container: ``radius`` (sanitized) times ``scaling``'s factor.
    public var scaledRadius: Double { radius.sanitizedLength * scaling.factor(for: containerSize) }

    /// The width of every item, ``scaledItemSize``'s.
    public var cellWidth: Double { scaledItemSize.width }

    /// Always ``ScrollAxis/none``.
    public var scrollAxis: ScrollAxis { .none }

    /// The container size.
    public var contentSize: Size { containerSize }

    /// Lays out around the centre of a container of this size.
    public mutating func prepare(for containerSize: Size) {
        self.containerSize = Size(width: containerSize.width.sanitizedLength, height: containerSize.height.sanitizedLength)
    }

    /// Lays out around the centre of a container of this size; a circle has no columns or
    /// margins, so `metrics` change nothing.
    public mutating func prepare(for containerSize: Size, with metrics: LayoutMetrics) {
        prepare(for: containerSize)
    }

    /// Tracks the new item count; positions depend only on the count.
    public mutating func replaceItems<C: Collection>(in range: Range<Int>, with sizes: C) where C.Element == ItemSize {
        itemCount += sizes.count - range.count
    }

    /// The centre of an item.
    /// - Complexity: O(1).
    public func center(of index: Int) -> Point {
        let origin = Point(x: containerSize.width / 2, y: containerSize.height / 2)
        guard itemCount > 1 else { return origin }
        let angle = 2 * Double.pi / Double(itemCount) * Double(index)
        let r = scaledRadius
        return Point(x: origin.x + r * sin(angle), y: origin.y + r * cos(angle))
    }

    /// The frame of an item, centred on ``center(of:)``.
    /// - Complexity: O(1).
    public func frame(at index: Int) -> Rect {
        let center = center(of: index), size = scaledItemSize
        return Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    /// The item's frame; later items are drawn above earlier ones where they overlap.
    public func layoutAttributes(at index: Int) -> LayoutAttributes {
        LayoutAttributes(index: index, frame: frame(at: index), zIndex: index)
    }

    /// Whether `newBounds` has another size than the container: the circle then re-centres (and
    /// re-scales with ``scaling``), as the seed's `shouldInvalidateLayoutForBoundsChange:` asks.
    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.size != containerSize
    }

    /// Lays out again for the size of `newBounds`.
    public mutating func invalidate(forBoundsChange newBounds: Rect) {
        prepare(for: newBounds.size)
    }

    /// Every item whose frame overlaps `rect`.
    /// - Complexity: O(n).
    public func forEachIndex(in rect: Rect, _ body: (Int) -> Void) {
        for index in 0..<itemCount where frame(at: index).overlaps(rect) { body(index) }
    }
}
