import Foundation
@testable import WaterfallCore

/// The layout rules as the README states them, in the plainest code, as the oracle for the
/// engine: every item placed from scratch, one at a time, the column chosen with the seeds' own
/// shortest-column loop (`HMWaterflowView reloadData`). Nothing here is taken from the engine's
/// code; where the README gives a formula (the column width, `x`, the aspect-ratio height), it is
/// written as the README writes it.
struct ReferenceMasonry {
    /// What the reference computes for a list of items.
    struct Layout {
        /// Every item's frame, in index order.
        var frames: [Rect]
        /// Tallest column + bottom inset (empty: top + bottom).
        var contentHeight: Double
        /// The number of columns.
        var columnCount: Int
        /// The width of one column (the seeds' `cellWidth`).
        var columnWidth: Double
    }

    /// The layout configuration under test.
    var columns: ColumnCount
    var insets: EdgeInsets
    var columnSpacing: Double
    var rowSpacing: Double
    var placement: PlacementStrategy
    var direction: LayoutDirection
    var width: Double

    /// Creates the reference with the same configuration as `layout`.
    init(_ layout: WaterfallLayout) {
        columns = layout.columns
        insets = layout.insets
        columnSpacing = layout.columnSpacing
        rowSpacing = layout.rowSpacing
        placement = layout.placement
        direction = layout.direction
        width = layout.containerWidth
    }

    /// README, "Bad input never traps": a NaN, infinite or negative length counts as 0.
    private static func length(_ value: Double) -> Double {
        if value.isNaN || value.isInfinite || value < 0 { return 0 }
        return value
    }

    /// The README's `(width − left − right − (c − 1)·columnSpacing) / c`, never negative.
    private static func columnWidth(count: Int, width: Double, left: Double, right: Double, spacing: Double) -> Double {
        length((width - left - right - Double(count - 1) * spacing) / Double(count))
    }

    /// The item's height: its own, or the README's `columnWidth × (height / width)` for an image
    /// size (a non-positive or non-finite width, or a bad height, gives 0).
    private static func height(imageWidth: Double, imageHeight: Double, across width: Double) -> Double {
        let w = Double(imageWidth), h = Double(imageHeight)
        if w.isNaN || w.isInfinite || w <= 0 || h.isNaN || h.isInfinite || h < 0 { return 0 }
        return length(width * (h / w))
    }

    /// How many columns `item` asks for, as the README and ``ItemSize`` state it: 1 for a plain
    /// item, every column for a full-span one, a span below 1 counts as 1 and one of at least
    /// the column count spans every column (`count`).
    private static func span(of item: ItemSize, count: Int) -> Int {
        switch item {
        case .height, .aspectRatio: return 1
        case .fullSpan, .fullSpanAspectRatio: return count
        case .spanning(let k, _), .spanningAspectRatio(let k, _, _): return min(max(k, 1), count)
        }
    }

    /// The height of `item` across `width` (its own columns' width): its own height, or its
    /// image's aspect ratio across that width.
    private static func height(of item: ItemSize, across width: Double) -> Double {
        switch item {
        case .height(let h), .fullSpan(let h), .spanning(_, let h): return length(Double(h))
        case .aspectRatio(let w, let h), .fullSpanAspectRatio(let w, let h), .spanningAspectRatio(_, let w, let h):
            return height(imageWidth: w, imageHeight: h, across: width)
        }
    }

    /// Whether `item` asks for more than one column (a full-span item, or a span above 1).
    private static func asksForSeveralColumns(_ item: ItemSize) -> Bool {
        switch item {
        case .height, .aspectRatio: return false
        case .fullSpan, .fullSpanAspectRatio: return true
        case .spanning(let k, _), .spanningAspectRatio(let k, _, _): return k > 1
        }
    }

    /// The tallest bottom of a run of columns, `nil` when every column of it is empty.
    private static func tallest(_ run: ArraySlice<Double?>) -> Double? {
        run.compactMap { $0 }.max()
    }

    /// Whether column bottom `a` is strictly shorter than `b`; an empty column (`nil`) is shorter
    /// than any used one, two empty columns tie.
    private static func isShorter(_ a: Double?, than b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): return false
        case (nil, _): return true
        case (_, nil): return false
        case let (a?, b?): return a < b
        }
    }

    /// The frames of `items` and the content height.
    func layout(of items: [ItemSize]) -> Layout {
        let width = Self.length(Double(self.width))
        let top = Self.length(Double(insets.top)), bottom = Self.length(Double(insets.bottom))
        let left = Self.length(Double(insets.left)), right = Self.length(Double(insets.right))
        let spacing = Self.length(Double(columnSpacing)), rowGap = Self.length(Double(rowSpacing))

        // The column count: `.fixed(n)` clamped to 1...16383 and to columns at least one point
        // wide; `.adaptive(minimumWidth:)` as many
        // columns as are each at least the minimum wide, at least one.
        var count: Int
        switch columns {
        case .fixed(let n):
            // Fewer while a column would be narrower than one point (at least one column).
            count = min(max(n, 1), 16383)
            while count > 1, Self.columnWidth(count: count, width: width, left: left, right: right, spacing: spacing) < 1 {
                count -= 1
            }
        case .adaptive(let minimum):
            count = 1
            let minimum = Double(minimum)
            if minimum.isFinite && minimum > 0 {
                while count < 16383,
                      Self.columnWidth(count: count + 1, width: width, left: left, right: right, spacing: spacing) >= minimum {
                    count += 1
                }
            }
        }
        let columnWidth = Self.columnWidth(count: count, width: width, left: left, right: right, spacing: spacing)
        let contentWidth = Self.length(width - left - right)

        // The left-to-right layout: the seeds' loop, with the README's strategies, spanning and
        // full-span items.
        var bottoms = [Double?](repeating: nil, count: count)
        var nextSequential = 0
        var frames: [Rect] = []
        for item in items {
            let span = Self.span(of: item, count: count)
            if span == count && Self.asksForSeveralColumns(item) {
                // Below every column, across the content width.
                let itemHeight = Self.height(of: item, across: contentWidth)
                let tallest = Self.tallest(bottoms[...])
                let y = tallest == nil ? top : tallest! + rowGap
                frames.append(Rect(x: left, y: y, width: contentWidth, height: itemHeight))
                bottoms = [Double?](repeating: y + itemHeight, count: count)
                nextSequential = 0
            } else if span > 1 {
                // README "Spanning items": the run of `span` adjacent columns whose tallest bottom
                // is lowest (an empty run is lowest), leftmost on ties; with a tolerance the
                // leftmost run within it of that one; sequential: the run from the next
                // round-robin column, or from column 0 when it does not fit in the row.
                let itemWidth = Double(span) * columnWidth + Double(span - 1) * spacing
                let itemHeight = Self.height(of: item, across: itemWidth)
                let runs = (0...(count - span)).map { Self.tallest(bottoms[$0..<$0 + span]) }
                var lowest = 0
                for j in 1..<runs.count where Self.isShorter(runs[j], than: runs[lowest]) { lowest = j }
                var column = lowest
                switch placement {
                case .shortestColumn:
                    break
                case .sequential:
                    column = nextSequential + span <= count ? nextSequential : 0
                    nextSequential = (column + span) % count
                case .shortestWithTolerance(let rawTolerance):
                    let tolerance = Self.length(Double(rawTolerance))
                    column = runs.indices.first { j in
                        guard let lowestBottom = runs[lowest] else { return runs[j] == nil }
                        return runs[j]! <= lowestBottom + tolerance
                    }!
                }
                let y = runs[column] == nil ? top : runs[column]! + rowGap
                let x = left + Double(column) * (columnWidth + spacing)
                frames.append(Rect(x: x, y: y, width: itemWidth, height: itemHeight))
                for j in column..<column + span { bottoms[j] = y + itemHeight }
            } else {
                let itemHeight = Self.height(of: item, across: columnWidth)
                // The seeds' loop: start at column 0, move right only to a strictly shorter column.
                var shortest = 0
                for j in 1..<count where Self.isShorter(bottoms[j], than: bottoms[shortest]) {
                    shortest = j
                }
                var column = shortest
                switch placement {
                case .shortestColumn:
                    break
                case .sequential:
                    column = nextSequential
                    nextSequential = (nextSequential + 1) % count
                case .shortestWithTolerance(let rawTolerance):
                    // The leftmost column within `tolerance` points of the shortest (bottom ≤
                    // shortest + tolerance: the README does not say how to round, this is the
                    // engine's way, so a difference of exactly `tolerance` plus rounding agrees).
                    let tolerance = Self.length(Double(rawTolerance))
                    column = (0..<count).first { j in
                        guard let shortestBottom = bottoms[shortest] else { return bottoms[j] == nil }
                        return bottoms[j]! <= shortestBottom + tolerance
                    }!
                }
                let y = bottoms[column] == nil ? top : bottoms[column]! + rowGap
                let x = left + Double(column) * (columnWidth + spacing)
                frames.append(Rect(x: x, y: y, width: columnWidth, height: itemHeight))
                bottoms[column] = y + itemHeight
            }
        }
        let tallest = bottoms.compactMap { $0 }.max()
        let contentHeight = tallest == nil ? top + bottom : tallest! + bottom

        // Right to left: the mirror image of the left-to-right layout, reflected in the width it
        // occupies (the container's, or more when the insets and spacings do not fit), never at
        // a negative x.
        if direction == .rightToLeft {
            let occupied = left + Double(count) * columnWidth + Double(count - 1) * spacing + right
            let mirror = max(width, occupied)
            frames = frames.map { frame in
                Rect(x: max(0, mirror - frame.maxX), y: frame.minY, width: frame.width, height: frame.height)
            }
        }
        return Layout(frames: frames, contentHeight: contentHeight, columnCount: count, columnWidth: columnWidth)
    }
}
