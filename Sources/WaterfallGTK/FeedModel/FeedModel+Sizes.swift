import FoundationEssentials
import WaterfallFeed

/// Items the feed gave no size: laid out at the running median aspect ratio of the known sizes
/// (``FeedModel/estimate``, square before there is any) until the image pipeline reads the
/// image's real size from its first bytes — then the model adds that size to the estimate and
/// reports the items that waited for it (``FeedModel/onResize``), for every list over the feed
/// to correct: ``FeedWall`` through its view model's size changes, `WaterfallFeedModel` through
/// the items' `width`, `height` and `aspect-ratio` and an `items-changed` of the same items.
///
/// Items are known by ordinal (index + ``FeedModel/firstOrdinal``), which a refresh's items
/// inserted at index 0 do not change: a correction that arrives after a refresh finds its items.
extension FeedModel {
    /// What the model knows of the sizes of the items the feed gave none.
    struct Sizes {
        /// Sizes read from image headers, by image URL: only those of items that waited for them
        /// (an item of such a URL that comes later has its size at once).
        var discovered: [URL: (width: Double, height: Double)] = [:]
        /// Items laid out at an estimate and still waiting for their size, by image URL: their
        /// ordinals. A list that lets an item go (``FeedModel/forgetSize(of:ordinal:)``) takes
        /// it out.
        var awaiting: [URL: [Int]] = [:]
        /// Items laid out at an estimate so far.
        var estimatedCount = 0
    }

    /// Items laid out at an estimate whose image's header told their real size.
    struct Resize: Equatable {
        /// Their indices in the list as reported so far, ascending.
        let indices: [Int]
        /// The image's width and height in pixels, as its header tells them (oriented).
        let width: Double
        let height: Double

        /// Width / height, clamped as the wall clamps sizes.
        var aspectRatio: Double {
            let size = SizeLimits.size(width: width, height: height)
            return size.width / size.height
        }
    }

    /// The item's pixel size: the feed's, else the one its image's header told; `nil` while
    /// unknown.
    func knownSize(of item: FeedItem) -> (width: Double, height: Double)? {
        if item.hasValidPixelSize { return (item.pixelWidth, item.pixelHeight) }
        return sizes.discovered[item.imageURL]
    }

    /// The size the layout gets for `item`: its known size (``knownSize(of:)``), its ratio
    /// clamped to ``SizeLimits/aspectRatios`` (a feed or an image header may claim any size), or
    /// the estimate.
    func layoutSize(of item: FeedItem) -> (width: Double, height: Double) {
        guard let known = knownSize(of: item) else { return (1, estimate.ratio) }
        return SizeLimits.size(width: known.width, height: known.height)
    }

    /// Width / height of ``layoutSize(of:)``.
    func aspectRatio(of item: FeedItem) -> Double {
        guard knownSize(of: item) != nil else { return SizeLimits.aspectRatio(1 / estimate.ratio) }
        let size = layoutSize(of: item)
        return size.width / size.height
    }

    /// Starts listening to the pipeline's image headers (reported from its loading threads).
    func listenForImageHeaders() {
        guard headerHandler == nil else { return }
        headerHandler = pipeline.addHeaderHandler { [weak self] url, header in
            Task { @MainActor [weak self] in
                self?.imageHeaderArrived(url: url, width: Double(header.displaySize.width),
                                         height: Double(header.displaySize.height))
            }
        }
    }

    /// Stops listening to the pipeline's image headers.
    func stopListeningForImageHeaders() {
        if let headerHandler { pipeline.removeHeaderHandler(headerHandler) }
        headerHandler = nil
    }

    /// New items at `ordinals`: the sizes the feed gives join the estimate, and the items
    /// without one (nor a discovered one) wait for their headers.
    func noteSizes(of items: [FeedItem], ordinals: Range<Int>) {
        for item in items where item.hasValidPixelSize {
            estimate.add(width: item.pixelWidth, height: item.pixelHeight)
        }
        for (ordinal, item) in zip(ordinals, items) where knownSize(of: item) == nil {
            sizes.awaiting[item.imageURL, default: []].append(ordinal)
            sizes.estimatedCount += 1
        }
    }

    /// The item at `ordinal`, which a list let go and took back (``FeedWall`` fetches compacted
    /// items again), waits for its header again; nothing for an item of known size.
    func awaitSize(of item: FeedItem, ordinal: Int) {
        guard !item.hasValidPixelSize else { return }
        sizes.awaiting[item.imageURL, default: []].append(ordinal)
    }

    /// Forgets what the tables hold for `item` at `ordinal`, which a list lets go (``FeedWall``
    /// compacts far items: their slots keep their sizes).
    func forgetSize(of item: FeedItem, ordinal: Int) {
        guard !item.hasValidPixelSize else { return }
        sizes.discovered[item.imageURL] = nil
        guard var ordinals = sizes.awaiting[item.imageURL] else { return }
        ordinals.removeAll { $0 == ordinal }
        sizes.awaiting[item.imageURL] = ordinals.isEmpty ? nil : ordinals
    }

    /// The header of the image at `url` says it is `width` × `height`: the items that waited for
    /// it are reported (``onResize``) and the size joins the estimate. Nothing for a URL no
    /// item waits for (another list's image, or one already corrected).
    func imageHeaderArrived(url: URL, width: Double, height: Double) {
        guard width > 0, height > 0, let ordinals = sizes.awaiting.removeValue(forKey: url) else { return }
        sizes.discovered[url] = (width, height)
        estimate.add(width: width, height: height)
        let indices = ordinals.map { $0 - firstOrdinal }.filter { $0 >= 0 && $0 < count }.sorted()
        guard !indices.isEmpty else { return }
        onResize?(Resize(indices: indices, width: width, height: height))
    }
}
