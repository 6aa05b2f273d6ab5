import WaterfallCore
import WaterfallFeed

/// ``FeedWall/Options/wrapsCaptions``: each caption wrapped under its image (the Pinterest look). A cell's height is
/// its image's height at the column width plus its caption's height, measured by the view from
/// the bound cell (self-sizing); until then the caption counts as two lines.
extension FeedWallSource: WaterfallSelfSizing {
    /// The caption height assumed before a cell is measured: two lines and the padding.
    static let estimatedCaptionHeight: Double = 50

    /// Every captioned item asks to be measured.
    func waterfallView(_ view: WaterfallView<Cell>, shouldMeasureItemAt index: Int) -> Bool {
        options.wrapsCaptions && items.indices.contains(index)
    }

    /// Keeps the caption part of the measured height (the image part follows the item's size,
    /// which a header may still correct).
    func waterfallView(_ view: WaterfallView<Cell>, didMeasureItemAt index: Int, height: Double, width: Double) {
        let item = items[index]
        captionHeights[item.deduplicationKey] = (width, height - imageHeight(of: item, width: width))
    }

    /// The size of a captioned item at `cellWidth`: image height plus measured (or assumed)
    /// caption height.
    func captionedSize(of item: FeedItem, cellWidth: Double) -> ItemSize {
        let caption = captionHeights[item.deduplicationKey].flatMap { $0.width == cellWidth ? $0.height : nil }
        return .height(imageHeight(of: item, width: cellWidth) + (caption ?? Self.estimatedCaptionHeight))
    }

    /// The image part of a captioned cell, as ``WaterfallImageCell/measuredHeight(forWidth:)`` computes it.
    private func imageHeight(of item: FeedItem, width: Double) -> Double {
        let size = layoutSize(of: item)
        return (width * Double(size.height / size.width)).rounded()
    }
}
