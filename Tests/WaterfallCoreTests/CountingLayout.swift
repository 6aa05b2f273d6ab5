import Foundation
import WaterfallCore

/// A waterfall that counts the items its queries report and the attributes asked of it, so a
/// test can show how much work a search does without timing it.
struct CountingLayout: CollectionLayout {
    /// The counts, shared by copies of the layout.
    final class Counter {
        var reported = 0
        var attributes = 0
    }

    var base: WaterfallCollectionLayout
    let counter = Counter()

    var scrollAxis: ScrollAxis { base.scrollAxis }
    var itemCount: Int { base.itemCount }
    var contentSize: Size { base.contentSize }
    var cellWidth: Double { base.cellWidth }
    mutating func prepare(for containerSize: Size, with metrics: LayoutMetrics) {
        base.prepare(for: containerSize, with: metrics)
    }
    mutating func replaceItems<C: Collection>(in range: Range<Int>, with sizes: C) where C.Element == ItemSize {
        base.replaceItems(in: range, with: sizes)
    }
    func frame(at index: Int) -> Rect { base.frame(at: index) }
    func layoutAttributes(at index: Int) -> LayoutAttributes {
        counter.attributes += 1
        return base.layoutAttributes(at: index)
    }
    func forEachIndex(in rect: Rect, _ body: (Int) -> Void) {
        base.forEachIndex(in: rect) { index in
            counter.reported += 1
            body(index)
        }
    }
    func index(at point: Point) -> Int? { base.index(at: point) }
}
