import Foundation
import WaterfallCore

/// A delegate that answers sizes one item at a time — an app that does not implement
/// `waterfallView(_:sizesIn:)` — over a ``HeadlessDataSource``'s sizes and margin.
@MainActor
final class PerItemSizeDelegate: WaterfallDelegate {
    private let source: HeadlessDataSource

    init(source: HeadlessDataSource) {
        self.source = source
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, sizeAt index: Int) -> ItemSize {
        source.sizes[index]
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, marginFor type: MarginType) -> Double {
        source.margin
    }
}
