/// The size of one item as the data source describes it, before layout.
///
/// Invalid values never crash the engine: a height that is negative, NaN or infinite counts as
/// 0, and so does an aspect ratio whose width is not positive and finite or whose height is not
/// finite and non-negative. Sizes beyond any screen keep the layout finite: a height counts as
/// at most 2³⁰ points and a ratio (height / width) lies within 2⁻³⁰…2³⁰. A span of fewer than
/// one column counts as one column; a span of at least the column count (any number up to
/// `Int.max`) spans every column.
public enum ItemSize: Equatable, Hashable, Sendable {
    /// An item of one column's width and this height in points (the seeds' `heightAtIndex`).
    case height(Double)
    /// An item of one column's width whose height keeps the aspect ratio of a `width`×`height`
    /// image: height = columnWidth × height / width (seed 004's `cellWidth * h / w`).
    case aspectRatio(width: Double, height: Double)
    /// An item across the whole content width (a header, section break or banner) with this
    /// height, placed below every column.
    case fullSpan(height: Double)
    /// A full-span item whose height keeps the aspect ratio of a `width`×`height` image across
    /// the content width.
    case fullSpanAspectRatio(width: Double, height: Double)
    /// An item across `columns` adjacent columns (their widths plus the spacings between them)
    /// with this height. It goes into the run of adjacent columns whose tallest bottom is
    /// lowest (see ``PlacementStrategy`` for each strategy's rule) and sits below all of them.
    /// `columns` < 1 counts as 1 (a plain ``height(_:)`` item); `columns` ≥ the column count is
    /// a full-span item, so the same item spans 2 of 4 columns and every column of 2.
    case spanning(_ columns: Int, height: Double)
    /// A spanning item (see ``spanning(_:height:)``) whose height keeps the aspect ratio of a
    /// `width`×`height` image across its own width: `columns` column widths plus the
    /// `columns − 1` spacings between them.
    case spanningAspectRatio(_ columns: Int, width: Double, height: Double)

    /// Whether the item spans every column whatever the column count (``fullSpan(height:)`` and
    /// ``fullSpanAspectRatio(width:height:)``); a ``spanning(_:height:)`` item spans every
    /// column only when it asks for at least as many columns as there are.
    public var isFullSpan: Bool {
        switch self {
        case .height, .aspectRatio, .spanning, .spanningAspectRatio: return false
        case .fullSpan, .fullSpanAspectRatio: return true
        }
    }

    /// The sanitized stored form: a height, or the ratio height / width, and the kind flags —
    /// for an item across several columns with the requested span in the column bits
    /// (``ItemKind/columnMask``, which a full-span item fills).
    ///
    /// Always inlined and kept small (spans are encoded out of line), so that an append of a
    /// lazy map over a data source still inlines into its caller: with the spans' clamping
    /// inline, the whole append stopped being inlined and called the map's closure per item
    /// (see docs/PERFORMANCE.md).
    @inlinable @inline(__always)
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
        case .spanning(let columns, let height):
            return Self.encodeSpanning(columns, value: Double(height.sanitizedLength), kind: [])
        case .spanningAspectRatio(let columns, let width, let height):
            return Self.encodeSpanning(columns, value: Self.ratio(width: width, height: height), kind: .proportional)
        }
    }

    /// The stored form of an item across `columns` columns: `kind` plus the clamped span (see
    /// ``ItemKind/spanning(_:)``). Not inlinable, to keep ``encoded`` small.
    @usableFromInline
    static func encodeSpanning(_ columns: Int, value: Double, kind: ItemKind) -> (value: Double, kind: ItemKind) {
        (value, ItemKind.spanning(columns).union(kind))
    }

    /// height / width, kept within 2⁻³⁰…2³⁰ (`maximumLayoutLength`) so that an item's
    /// length across any column or along any row stays finite; 0 when the pair is not a valid
    /// image size or the height is 0.
    @usableFromInline
    static func ratio(width: Double, height: Double) -> Double {
        guard width.isFinite, width > 0, height.isFinite, height > 0 else { return 0 }
        let limit = Double(Double.maximumLayoutLength)
        return Swift.min(Swift.max(Double(height / width), 1 / limit), limit)
    }
}

/// The flags stored per item next to its column, in the top bits of a 16-bit slot.
///
/// An item of one column keeps its column in the low 14 bits (written by placement). An item
/// across several columns has the ``multiColumn`` flag and keeps the number of columns it asks
/// for there instead (2…16,383; all ones — ``columnMask`` — for a full-span item, which is at
/// least any column count); the run it was placed in is kept by the member lists.
@usableFromInline
struct ItemKind: OptionSet, Sendable {
    @usableFromInline
    let rawValue: UInt16
    @inlinable
    init(rawValue: UInt16) { self.rawValue = rawValue }
    /// The item spans several columns; the column bits hold how many.
    @inlinable static var multiColumn: ItemKind { ItemKind(rawValue: 0x8000) }
    /// The item spans every column, whatever their count.
    @inlinable static var fullSpan: ItemKind { ItemKind(rawValue: 0x8000 | columnMask) }
    /// The stored value is a height/width ratio, not a height.
    @inlinable static var proportional: ItemKind { ItemKind(rawValue: 0x4000) }
    /// The bits that hold the column index, or the requested span of a multi-column item.
    @inlinable static var columnMask: UInt16 { 0x3FFF }

    /// The kind of an item across `columns` columns: clamped to 1…``columnMask``, and a plain
    /// one-column item for 1.
    static func spanning(_ columns: Int) -> ItemKind {
        let span = UInt16(truncatingIfNeeded: Swift.min(Swift.max(columns, 1), Int(columnMask)))
        return span == 1 ? [] : ItemKind(rawValue: multiColumn.rawValue | span)
    }
}
