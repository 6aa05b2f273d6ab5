import Foundation

/// The size of one item as the data source describes it, before layout.
///
/// Invalid values never crash the engine: a height that is negative, NaN or infinite counts as
/// 0, and so does an aspect ratio whose width is not positive and finite or whose height is not
/// finite and non-negative.
public enum ItemSize: Equatable, Hashable, Sendable {
    /// An item of one column's width and this height in points (the seeds' `heightAtIndex`).
    case height(CGFloat)
    /// An item of one column's width whose height keeps the aspect ratio of a `width`×`height`
    /// image: height = columnWidth × height / width (seed 004's `cellWidth * h / w`).
    case aspectRatio(width: CGFloat, height: CGFloat)
    /// An item across the whole content width (a header, section break or banner) with this
    /// height, placed below every column.
    case fullSpan(height: CGFloat)
    /// A full-span item whose height keeps the aspect ratio of a `width`×`height` image across
    /// the content width.
    case fullSpanAspectRatio(width: CGFloat, height: CGFloat)

    /// Whether the item spans every column.
    public var isFullSpan: Bool {
        switch self {
        case .height, .aspectRatio: return false
        case .fullSpan, .fullSpanAspectRatio: return true
        }
    }

    /// The sanitized stored form: a height, or the ratio height / width.
    @inlinable
    var encoded: (value: Double, kind: ItemKind) {
        switch self {
        case .height(let height):
            return (Double(height.sanitizedLength), [])
        case .aspectRatio(let width, let height):
            return (Self.ratio(width: width, height: height), .proportional)
        case .fullSpan(let height):
            return (Double(height.sanitizedLength), .fullSpan)
        case .fullSpanAspectRatio(let width, let height):
            return (Self.ratio(width: width, height: height), [.fullSpan, .proportional])
        }
    }

    /// height / width, or 0 when the pair is not a valid image size.
    @usableFromInline
    static func ratio(width: CGFloat, height: CGFloat) -> Double {
        guard width.isFinite, width > 0, height.isFinite, height >= 0 else { return 0 }
        let ratio = Double(height / width)
        return ratio.isFinite ? ratio : 0
    }
}

/// The flags stored per item next to its column, in the top bits of a 16-bit slot.
@usableFromInline
struct ItemKind: OptionSet, Sendable {
    @usableFromInline
    let rawValue: UInt16
    @inlinable
    init(rawValue: UInt16) { self.rawValue = rawValue }
    /// The item spans every column.
    @inlinable static var fullSpan: ItemKind { ItemKind(rawValue: 0x8000) }
    /// The stored value is a height/width ratio, not a height.
    @inlinable static var proportional: ItemKind { ItemKind(rawValue: 0x4000) }
    /// The bits that hold the column index.
    @inlinable static var columnMask: UInt16 { 0x3FFF }
}
