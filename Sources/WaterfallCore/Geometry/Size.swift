/// A width and a height, in points.
///
/// WaterfallCore's own size type, so that the layout engine needs no Foundation; it takes the
/// place of Foundation's size type in the API before (see CHANGELOG.md).
public struct Size: Hashable, Sendable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size from its two extents.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No extent: 0 × 0.
    @inlinable public static var zero: Size { Size(width: 0, height: 0) }
}
