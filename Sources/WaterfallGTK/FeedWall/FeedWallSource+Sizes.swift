import FoundationEssentials
import WaterfallCore
import WaterfallFeed

/// Items of unknown size: laid out at the running median aspect ratio of the feed's known
/// items (square before there is any; ``FeedModel/estimate``, which the sizes read from headers
/// join) and corrected as soon as the image pipeline reads the
/// real size from the image's first bytes. Corrections go through the view model's size
/// changes, so a frame's corrections cost one relayout and never move what the reader sees.
extension FeedWallSource {
    /// What the wall knows of item sizes.
    struct Sizes {
        /// Sizes read from image headers, by image URL.
        var discovered: [URL: (width: Double, height: Double)] = [:]
        /// Items laid out at an estimate and still waiting for their size, by image URL: their
        /// ordinals (index = ordinal − ``FeedWallSource/firstOrdinal``). Both tables hold only
        /// items held whole: compacting an item forgets it here (its slot keeps its size).
        var awaiting: [URL: [Int]] = [:]
        /// Items laid out at an estimate so far (`items_estimated`).
        var estimatedCount = 0
    }

    /// The size the layout gets for the item at `index`: the one its slot froze when it was
    /// compacted, else that of ``layoutSize(of:)``.
    func layoutSize(at index: Int) -> (width: Double, height: Double) {
        if let frozen = slots[index].frozenSize { return frozen }
        guard let item = item(at: index) else { return (1, feed.estimate.ratio) }
        return layoutSize(of: item)
    }

    /// The size the layout gets for `item`: its own, the one its header gave, or the estimate,
    /// its ratio clamped to ``SizeLimits/aspectRatios`` (a feed or an image header may claim
    /// any size).
    func layoutSize(of item: FeedItem) -> (width: Double, height: Double) {
        if item.hasValidPixelSize { return SizeLimits.size(width: item.pixelWidth, height: item.pixelHeight) }
        if let discovered = sizes.discovered[item.imageURL] {
            return SizeLimits.size(width: discovered.width, height: discovered.height)
        }
        return (1, feed.estimate.ratio)
    }

    /// Starts listening for image headers (the pipeline reports them from its loading threads).
    func listenForImageSizes() {
        headerHandler = pipeline.addHeaderHandler { [weak self] url, header in
            Task { @MainActor [weak self] in
                self?.discovered(Double(header.displaySize.width), Double(header.displaySize.height), for: url)
            }
        }
    }

    /// Records new items before they go into the view (their feed model has added their known
    /// sizes to its estimate): the others wait for their headers. `prepended` items go before
    /// index 0.
    func noteSizes(of newItems: [FeedItem], prepended: Bool) {
        let base = prepended ? firstOrdinal - newItems.count : firstOrdinal + itemCount
        for (offset, item) in newItems.enumerated() {
            if !item.hasValidPixelSize, sizes.discovered[item.imageURL] == nil {
                sizes.awaiting[item.imageURL, default: []].append(base + offset)
                sizes.estimatedCount += 1
            }
        }
    }

    /// Forgets what the size tables hold for `item` at `ordinal`, which is being compacted.
    func forgetSize(of item: FeedItem, ordinal: Int) {
        guard !item.hasValidPixelSize else { return }
        sizes.discovered[item.imageURL] = nil
        guard var ordinals = sizes.awaiting[item.imageURL] else { return }
        ordinals.removeAll { $0 == ordinal }
        sizes.awaiting[item.imageURL] = ordinals.isEmpty ? nil : ordinals
    }

    /// An image header arrived: correct the items that were waiting for it.
    private func discovered(_ width: Double, _ height: Double, for url: URL) {
        guard let ordinals = sizes.awaiting.removeValue(forKey: url) else { return }
        sizes.discovered[url] = (width, height)
        feed.addDiscoveredSize(width: width, height: height)
        let indices = ordinals.map { $0 - firstOrdinal }
        for index in indices { slots[index].frozenSize = nil }
        view?.model.invalidateSizes(at: indices)
    }
}
