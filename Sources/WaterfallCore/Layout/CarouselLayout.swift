/// Seed 003's horizontal "line layout": one row of equal items, centred vertically, with side
/// insets so the first and last items can reach the centre; each item is scaled by its distance
/// from the viewport's centre, and scrolling settles with an item centred.
///
/// - Scale: ``scale(forDistance:)`` maps the distance from the centre, as a fraction of the
///   viewport width, to a scale; by default the seed's `1 − distance / width`, clamped to
///   `minimumScale...1`. Replace ``scaleCurve`` for another curve.
/// - Snapping: ``targetContentOffset(forProposed:velocity:)`` picks the item whose centre is
///   nearest the proposed centre; a fling faster than ``flingVelocity`` moves at least one item
///   from the one centred now.
/// - Size: ``itemSize`` and ``spacing`` are points, or with ``scaling`` set to
///   ``ContainerScaling/proportional(reference:)`` they scale with the viewport, keeping the
///   seed's proportions in a desktop window (see ``scaledItemSize``).
/// - Queries are arithmetic: O(1 + k) for k items in a rectangle, O(1) hit tests.
public struct CarouselLayout: SnappingLayout, Sendable {
    /// The size of every item before scaling (seed: 130×130).
    public var itemSize: Size
    /// Horizontal space between neighbouring items (UICollectionViewFlowLayout's default, 10).
    public var spacing: Double
    /// The smallest scale the default curve produces (keeps far items from vanishing or
    /// turning negative, which the seed's formula does past one viewport width).
    public var minimumScale: Double
    /// Maps the distance of an item's centre from the viewport's centre, as a fraction of the
    /// viewport width, to its scale. `nil` uses the seed's curve, `1 − fraction`, clamped to
    /// `minimumScale...1`.
    public var scaleCurve: (@Sendable (Double) -> Double)?
    /// Flings faster than this (points per second) move at least one item.
    public var flingVelocity: Double
    /// How ``itemSize`` and ``spacing`` follow the viewport's size (default
    /// ``ContainerScaling/fixed``: they are points).
    public var scaling: ContainerScaling

    /// The number of items.
    public private(set) var itemCount = 0
    /// The viewport size the layout was prepared for.
    public private(set) var containerSize = Size.zero
    /// The viewport in content coordinates, as last reported by the view model.
    public private(set) var bounds = Rect.zero

    /// Creates a carousel; the defaults are seed 003's. Pass
    /// `.proportional(reference: ContainerScaling.seedContainer)` as `scaling` for the seed's
    /// proportions at any window size.
    public init(itemSize: Size = Size(width: 130, height: 130), spacing: Double = 10,
                minimumScale: Double = 0.1, flingVelocity: Double = 300,
                scaling: ContainerScaling = .fixed, scaleCurve: (@Sendable (Double) -> Double)? = nil) {
        self.itemSize = itemSize
        self.spacing = spacing
        self.scaling = scaling
        self.minimumScale = minimumScale
        self.flingVelocity = flingVelocity
        self.scaleCurve = scaleCurve
    }

    /// Always ``ScrollAxis/horizontal``.
    public var scrollAxis: ScrollAxis { .horizontal }

    /// The factor ``scaling`` gives for the current viewport.
    private var factor: Double { scaling.factor(for: containerSize) }
    /// The size every item has in the current viewport, before the scale by distance from the
    /// centre: ``itemSize`` (sanitized: non-finite or negative counts as 0) times ``scaling``'s factor.
    public var scaledItemSize: Size {
        Size(width: itemSize.width.sanitizedLength * factor, height: itemSize.height.sanitizedLength * factor)
    }
    /// Item width and height in the current viewport.
    private var size: Size { scaledItemSize }
    /// The space between items in the current viewport.
    private var gap: Double { spacing.sanitizedLength * factor }
    /// Distance from one item's left edge to the next one's.
    private var pitch: Double { size.width + gap }
    /// The seed's section inset: (viewport width − item width) / 2, so item 0 can be centred.
    private var sideInset: Double { max(0, (containerSize.width - size.width) / 2) }

    /// The width of all items with the side insets, by the viewport height.
    public var contentSize: Size {
        guard itemCount > 0 else { return containerSize }
        let row = Double(itemCount) * size.width + Double(itemCount - 1) * gap
        return Size(width: max(containerSize.width, 2 * sideInset + row), height: containerSize.height)
    }

    /// The item width.
    public var cellWidth: Double { size.width }

    /// Lays out for a viewport of this size (the seed's `prepareLayout`).
    public mutating func prepare(for containerSize: Size) {
        self.containerSize = Size(width: containerSize.width.sanitizedLength, height: containerSize.height.sanitizedLength)
        if bounds.size != self.containerSize { bounds.size = self.containerSize }
    }

    /// Uses the metrics' column spacing as the space between items (a carousel has no
    /// columns) and lays out for a viewport of this size.
    public mutating func prepare(for containerSize: Size, with metrics: LayoutMetrics) {
        spacing = metrics.columnSpacing
        prepare(for: containerSize)
    }

    /// Tracks the new item count; every item has the same size.
    public mutating func replaceItems<C: Collection>(in range: Range<Int>, with sizes: C) where C.Element == ItemSize {
        itemCount += sizes.count - range.count
    }

    /// The unscaled frame of an item.
    /// - Complexity: O(1).
    public func frame(at index: Int) -> Rect {
        Rect(x: sideInset + Double(index) * pitch, y: max(0, (containerSize.height - size.height) / 2),
               width: size.width, height: size.height)
    }

    /// The scale for a distance from the centre, as a fraction of the viewport width.
    public func scale(forDistance fraction: Double) -> Double {
        if let scaleCurve { return max(0, scaleCurve(fraction)) }
        return min(1, max(minimumScale, 1 - fraction))
    }

    /// The item's frame, its scale by distance from the centre of ``bounds``, and a z-index
    /// that puts nearer items above farther ones.
    /// - Complexity: O(1).
    public func layoutAttributes(at index: Int) -> LayoutAttributes {
        let frame = frame(at: index)
        let distance = abs(frame.midX - bounds.midX)
        let fraction = containerSize.width > 0 ? distance / containerSize.width : 0
        return LayoutAttributes(index: index, frame: frame, scale: scale(forDistance: fraction),
                                zIndex: -Int(min(distance, 1e9).rounded()))
    }

    /// The items whose unscaled frame overlaps `rect`.
    /// - Complexity: O(1 + k).
    public func forEachIndex(in rect: Rect, _ body: (Int) -> Void) {
        guard itemCount > 0, pitch > 0, rect.maxY > frame(at: 0).minY, rect.minY < frame(at: 0).maxY else { return }
        let first = Int(max(0, ((rect.minX - sideInset - size.width) / pitch).rounded(.down)))
        guard rect.maxX.isFinite, first < itemCount else { return }
        var index = first
        while index < itemCount {
            let frame = frame(at: index)
            if frame.minX >= rect.maxX { break }
            if frame.overlaps(rect) { body(index) }
            index += 1
        }
    }

    /// Scaling depends on the scroll offset: every bounds change invalidates.
    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool { true }

    /// Remembers the viewport, whose centre the scales are measured from; a viewport of another
    /// size lays out again for it first (re-scaling the items with ``scaling``).
    public mutating func invalidate(forBoundsChange newBounds: Rect) {
        if newBounds.size != containerSize { prepare(for: newBounds.size) }
        bounds = newBounds
    }

    /// The index of the item whose centre is nearest `x` (ties to the lower index).
    /// - Complexity: O(1).
    public func nearestItem(toCenterX x: Double) -> Int? {
        guard itemCount > 0 else { return nil }
        guard pitch > 0, x.isFinite else { return 0 }
        let raw = ((x - sideInset - size.width / 2) / pitch).rounded(.toNearestOrAwayFromZero)
        return Int(min(max(raw, 0), Double(itemCount - 1)))
    }

    /// Settles with an item centred: the one nearest the proposed centre, or — for a fling
    /// faster than ``flingVelocity`` that would stay on the item centred now — its neighbour
    /// in the fling's direction. The vertical offset is kept.
    /// - Complexity: O(1).
    public func targetContentOffset(forProposed proposed: Point, velocity: Point) -> Point {
        guard var target = nearestItem(toCenterX: proposed.x + containerSize.width / 2) else { return proposed }
        if abs(velocity.x) > flingVelocity, let current = nearestItem(toCenterX: bounds.midX), target == current {
            target = min(max(current + (velocity.x > 0 ? 1 : -1), 0), itemCount - 1)
        }
        return Point(x: frame(at: target).midX - containerSize.width / 2, y: proposed.y)
    }
}
