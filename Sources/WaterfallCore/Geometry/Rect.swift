/// A rectangle in a plane, in points: an origin and a size.
///
/// WaterfallCore's own rectangle type, so that the layout engine needs no Foundation; it takes
/// the place of Foundation's rectangle type in the API before (see CHANGELOG.md). Its members keep
/// that type's meaning as swift-corelibs-foundation defines it:
///
/// - A negative width or height extends the rectangle the other way: ``minX`` and ``maxX``
///   (``minY``, ``maxY``) are the smaller and the larger edge, and ``width`` and ``height``
///   are not negative.
/// - The *null* rectangle, ``null``, has an infinite origin: it is what ``intersection(_:)``
///   returns for rectangles with no point in common, and ``union(_:)`` ignores it.
/// - ``contains(_:)`` is half-open: a point on the maximum edges is outside.
///
/// Equality compares ``origin`` and ``size`` as stored (a rectangle of negative width is not
/// equal to its standardized twin, unlike Foundation's).
public struct Rect: Hashable, Sendable {
    /// The corner the size extends from: the top-left one when the size is not negative.
    public var origin: Point
    /// The extents from ``origin``; negative ones extend left or up.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its origin's coordinates and its extents.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle at the origin with no extent.
    @inlinable public static var zero: Rect { Rect(origin: .zero, size: .zero) }

    /// The null rectangle: no rectangle at all, at infinity (see ``isNull``).
    @inlinable public static var null: Rect { Rect(x: .infinity, y: .infinity, width: 0, height: 0) }

    /// Whether this is the null rectangle (an infinite origin coordinate).
    @inlinable public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }

    /// Whether the rectangle is null or has no area (a zero width or height).
    @inlinable public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    /// The horizontal extent, never negative.
    @inlinable public var width: Double { size.width.magnitude }
    /// The vertical extent, never negative.
    @inlinable public var height: Double { size.height.magnitude }

    /// The smaller x edge.
    @inlinable public var minX: Double { origin.x + Swift.min(size.width, 0) }
    /// The x coordinate halfway between ``minX`` and ``maxX``.
    @inlinable public var midX: Double { (minX + maxX) * 0.5 }
    /// The larger x edge.
    @inlinable public var maxX: Double { origin.x + Swift.max(size.width, 0) }
    /// The smaller y edge (the top, y growing downward).
    @inlinable public var minY: Double { origin.y + Swift.min(size.height, 0) }
    /// The y coordinate halfway between ``minY`` and ``maxY``.
    @inlinable public var midY: Double { (minY + maxY) * 0.5 }
    /// The larger y edge (the bottom).
    @inlinable public var maxY: Double { origin.y + Swift.max(size.height, 0) }

    /// The same rectangle with its origin at the minimum corner and a size that is not
    /// negative; the null rectangle stays null.
    @inlinable
    var standardized: Rect {
        isNull ? .null : Rect(x: minX, y: minY, width: width, height: height)
    }

    /// Whether `point` lies in the rectangle: minimum edges inclusive, maximum edges
    /// exclusive; never in an empty or null rectangle.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        !isEmpty && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The standardized rectangle moved by `dx` and `dy`; the null rectangle stays null.
    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        guard !isNull else { return self }
        var moved = standardized
        moved.origin.x += dx
        moved.origin.y += dy
        return moved
    }

    /// The standardized rectangle shrunk by `dx` on the left and right and by `dy` on the top
    /// and bottom (grown by negative ones); null when that leaves a negative width or height.
    @inlinable
    public func insetBy(dx: Double, dy: Double) -> Rect {
        guard !isNull else { return self }
        let inset = Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
        return inset.size.width < 0 || inset.size.height < 0 ? .null : inset
    }

    /// The smallest standardized rectangle that holds both; a null rectangle adds nothing.
    @inlinable
    public func union(_ other: Rect) -> Rect {
        if isNull { return other }
        if other.isNull { return self }
        let minX = Swift.min(self.minX, other.minX), minY = Swift.min(self.minY, other.minY)
        return Rect(x: minX, y: minY,
                    width: Swift.max(maxX, other.maxX) - minX, height: Swift.max(maxY, other.maxY) - minY)
    }

    /// The standardized rectangle both share, edges included (rectangles that only touch
    /// share one of zero width or height); null when they share no point or one is null.
    @inlinable
    public func intersection(_ other: Rect) -> Rect {
        guard !isNull, !other.isNull,
              let x = Self.overlap(of: (minX, maxX, width), and: (other.minX, other.maxX, other.width)),
              let y = Self.overlap(of: (minY, maxY, height), and: (other.minY, other.maxY, other.height))
        else { return .null }
        return Rect(x: x.start, y: y.start, width: x.length, height: y.length)
    }

    /// The part two closed spans (`min...max`, of length `length`) share, nil when none. When
    /// it is all of one span, its length is that span's own, not `max - min` rounded again
    /// (as Foundation computes it).
    @inlinable
    static func overlap(of first: (min: Double, max: Double, length: Double),
                        and second: (min: Double, max: Double, length: Double)) -> (start: Double, length: Double)? {
        let start = Swift.max(first.min, second.min), end = Swift.min(first.max, second.max)
        guard start <= end else { return nil }
        if start == first.min && end == first.max { return (start, first.length) }
        if start == second.min && end == second.max { return (start, second.length) }
        return (start, end - start)
    }
}
