import FoundationEssentials
import WaterfallCore
import WaterfallFeed

/// Items of unknown size: laid out at the running median aspect ratio of the feed's known
/// items (square before there is any) and corrected as soon as the image pipeline reads the
/// real size from the image's first bytes. Corrections go through the view model's size
/// changes, so a frame's corrections cost one relayout and never move what the reader sees.
extension FeedWallSource {
    /// What the wall knows of item sizes.
    struct Sizes {
        /// The running median of the known sizes.
        var estimate = AspectRatioEstimate()
        /// Sizes read from image headers, by image URL.
        var discovered: [URL: (width: Double, height: Double)] = [:]
        /// Items laid out at an estimate and still waiting for their size, by image URL: their
        /// ordinals (index = ordinal − ``firstOrdinal``).
        var awaiting: [URL: [Int]] = [:]
        /// The ordinal of the item at index 0 (prepends lower it).
        var firstOrdinal = 0
        /// Items laid out at an estimate so far (`items_estimated`).
        var estimatedCount = 0
    }

    /// The size the layout gets for `item`: its own, the one its header gave, or the estimate,
    /// its ratio clamped to ``SizeLimits/aspectRatios`` (a feed or an image header may claim
    /// any size).
    func layoutSize(of item: FeedItem) -> (width: Double, height: Double) {
        if item.hasValidPixelSize { return SizeLimits.size(width: item.pixelWidth, height: item.pixelHeight) }
        if let discovered = sizes.discovered[item.imageURL] {
            return SizeLimits.size(width: discovered.width, height: discovered.height)
        }
        return (1, sizes.estimate.ratio)
    }

    /// Starts listening for image headers (the pipeline reports them from its loading threads).
    func listenForImageSizes() {
        headerHandler = pipeline.addHeaderHandler { [weak self] url, header in
            Task { @MainActor [weak self] in
                self?.discovered(Double(header.displaySize.width), Double(header.displaySize.height), for: url)
            }
        }
    }

    /// Records new items before they go into the view: known sizes feed the estimate, the
    /// others wait for their headers. `prepended` items go before index 0.
    func noteSizes(of newItems: [FeedItem], prepended: Bool) {
        let base = prepended ? sizes.firstOrdinal - newItems.count : sizes.firstOrdinal + items.count
        if prepended { sizes.firstOrdinal -= newItems.count }
        for (offset, item) in newItems.enumerated() {
            if item.hasValidPixelSize {
                sizes.estimate.add(width: item.pixelWidth, height: item.pixelHeight)
            } else if sizes.discovered[item.imageURL] == nil {
                sizes.awaiting[item.imageURL, default: []].append(base + offset)
                sizes.estimatedCount += 1
            }
        }
    }

    /// An image header arrived: correct the items that were waiting for it.
    private func discovered(_ width: Double, _ height: Double, for url: URL) {
        guard let ordinals = sizes.awaiting.removeValue(forKey: url) else { return }
        sizes.discovered[url] = (width, height)
        sizes.estimate.add(width: width, height: height)
        view?.model.invalidateSizes(at: ordinals.map { $0 - sizes.firstOrdinal })
    }
}
