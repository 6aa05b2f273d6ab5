import WaterfallFeed
import WaterfallGTK
import WaterfallShop

/// The feed and image figures of a measured shop-wall window, sampled frame by frame: for a real
/// feed (``FeedWindow``) the loader's and the image pipeline's counters, the image cache's peak
/// and how long after the window was built the first image, then a full first screen of images,
/// was decoded; for the generated shop, which loads no pages and no images, all 0.
@MainActor
final class WallFigures {
    private let shop: any WallWindow
    private let source: Options.Source
    private let created: ContinuousClock.Instant
    private var imageCachePeakBytes = 0
    private var firstImage: Duration?
    private var firstScreen: Duration?

    /// Figures of `shop`, showing `source`, built at `created`.
    init(of shop: any WallWindow, source: Options.Source, created: ContinuousClock.Instant) {
        self.shop = shop
        self.source = source
        self.created = created
    }

    /// Records the image cache's peak size and the first pictures' times (call once a frame).
    func sampleFrame() {
        guard let feed = shop as? FeedWindow else { return }
        let statistics = feed.wall.pipeline.statistics
        imageCachePeakBytes = max(imageCachePeakBytes, statistics.memoryCacheBytes)
        if firstImage == nil, statistics.imagesLoaded > 0 { firstImage = ContinuousClock.now - created }
        if firstScreen == nil, firstImage != nil, shop.visibleImagesReady { firstScreen = ContinuousClock.now - created }
    }

    /// The report fields, in order.
    func fields() async -> [(String, JSONLine.Value)] {
        guard let feed = shop as? FeedWindow else { return Self.generated }
        let wall = feed.wall
        let loading = await wall.loader.statistics
        let images = wall.pipeline.statistics
        let megabyte = Double(1 << 20)
        return [
            ("feed", .string(Self.kind(of: source))),
            ("pages_loaded", .int(loading.pagesLoaded)),
            ("feed_errors", .int(loading.errorsShown)),
            ("feed_failed_attempts", .int(loading.failedAttempts)),
            ("images_loaded", .int(images.imagesLoaded)),
            ("first_image_ms", .double(firstImage?.milliseconds ?? -1)),
            ("first_screen_ms", .double(firstScreen?.milliseconds ?? -1)),
            ("images_failed", .int(images.imagesFailed)),
            ("images_cancelled", .int(images.loadsCancelled)),
            ("downloads_started", .int(images.downloadsStarted)),
            ("disk_cache_hits", .int(images.diskCacheHits)),
            ("not_modified", .int(images.notModifiedResponses)),
            ("failure_cache_hits", .int(images.failureCacheHits)),
            ("image_cache_mb", .double(Double(images.memoryCacheBytes) / megabyte)),
            ("image_cache_peak_mb", .double(Double(max(imageCachePeakBytes, images.memoryCacheBytes)) / megabyte)),
            ("image_cache_cap_mb", .double(Double(wall.pipeline.configuration.memoryCacheByteLimit) / megabyte)),
            ("items_estimated", .int(wall.itemsEstimated)),
            ("items_resized", .int(feed.view.model.sizeChangeStatistics.itemsResized)),
            ("size_relayouts", .int(feed.view.model.sizeChangeStatistics.relayouts)),
            ("cell_binds", .int(wall.bindCounts.binds)),
            ("cell_binds_shown_from_cache", .int(wall.bindCounts.shownFromCache)),
        ]
    }

    /// The feed figures of the generated shop, wherever it is shown (the wall, `--grid-view`).
    static let generated: [(String, JSONLine.Value)] = [
        ("feed", .string(kind(of: .generated))), ("pages_loaded", .int(0)), ("feed_errors", .int(0)),
        ("images_loaded", .int(0)), ("images_failed", .int(0)), ("image_cache_mb", .double(0)),
        ("items_estimated", .int(0)), ("items_resized", .int(0)),
    ]

    /// The `feed` figure: where the items came from.
    private static func kind(of source: Options.Source) -> String {
        switch source {
        case .generated: "generated"
        case .feed: "http"
        case .folder: "folder"
        }
    }
}
