/// A location in a plane, in points: content or view coordinates, with y growing downward.
///
/// WaterfallCore's own point type, so that the layout engine needs no Foundation; it takes
/// the place of Foundation's point type in the API before (see CHANGELOG.md).
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// Creates a point from its two coordinates.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    @inlinable public static var zero: Point { Point(x: 0, y: 0) }
}
