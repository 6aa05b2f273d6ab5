import WaterfallCore
import WaterfallFeed

/// Items of unknown size: laid out at the running median aspect ratio of the feed's known
/// items (square before there is any; ``FeedModel/estimate``, which the sizes read from headers
/// join) and corrected as soon as the image pipeline reads the real size from the image's first
/// bytes. The feed model keeps which items wait for which image and reports the corrections
/// (see `FeedModel+Sizes.swift`); the wall applies them through the view model's size changes,
/// so a frame's corrections cost one relayout and never move what the reader sees.
extension FeedWallSource {
    /// The size the layout gets for the item at `index`: the one its slot froze when it was
    /// compacted, else the feed model's (``FeedModel/layoutSize(of:)``).
    func layoutSize(at index: Int) -> (width: Double, height: Double) {
        if let frozen = slots[index].frozenSize { return frozen }
        guard let item = item(at: index) else { return (1, feed.estimate.ratio) }
        return feed.layoutSize(of: item)
    }

    /// An image header corrected the items at `resize.indices`: their slots let go of the size
    /// they froze while compacted, and the view asks their sizes again.
    func resized(_ resize: FeedModel.Resize) {
        for index in resize.indices where slots.indices.contains(index) { slots[index].frozenSize = nil }
        view?.model.invalidateSizes(at: resize.indices)
    }
}
