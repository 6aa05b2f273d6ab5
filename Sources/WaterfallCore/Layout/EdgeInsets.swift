/// Distances from the container's edges to the content, in points.
///
/// The layout engine sanitizes every inset: a negative, NaN or infinite value counts as 0.
/// In ``LayoutDirection/rightToLeft`` layouts the whole layout is mirrored, so `left` acts as
/// the leading inset and `right` as the trailing one.
public struct EdgeInsets: Equatable, Hashable, Sendable {
    /// Space above the first row.
    public var top: Double
    /// Space before the first column (the leading edge).
    public var left: Double
    /// Space below the tallest column.
    public var bottom: Double
    /// Space after the last column (the trailing edge).
    public var right: Double

    /// Creates insets from the four edge distances.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Creates insets with the same distance on every edge.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No insets.
    public static let zero = EdgeInsets(all: 0)

    /// These insets with every non-finite or negative edge replaced by 0.
    var sanitized: EdgeInsets {
        EdgeInsets(top: top.sanitizedLength, left: left.sanitizedLength,
                   bottom: bottom.sanitizedLength, right: right.sanitizedLength)
    }
}

extension Double {
    /// The longest length the engine keeps, 2³⁰ points (some 16,000 screens): a longer finite
    /// length counts as this one, so that lengths added up over millions of items stay finite.
    @inlinable static var maximumLayoutLength: Double { 0x1p30 }

    /// The value itself when it is finite and not negative, at most ``maximumLayoutLength``;
    /// otherwise 0.
    ///
    /// The engine's single fallback rule for lengths (heights, insets, spacings, widths).
    @inlinable
    var sanitizedLength: Double {
        // Floating-point selects rather than `isFinite && self > 0`, which compiled to two
        // branches per item on the append path: NaN, negatives and -0 fail the first compare,
        // +infinity the second.
        let positive = self > 0 ? self : 0
        return positive < .infinity ? Swift.min(positive, .maximumLayoutLength) : 0
    }
}
