import Foundation
import WaterfallFeed
import WaterfallGTK

/// The shop-wall window over a real feed (`--feed`, `--folder`): a header bar with a refresh
/// button (F5 and Ctrl+R work too) and the library's `FeedWall`.
@MainActor
final class FeedWindow: WallWindow {
    /// The top-level window.
    let window: Window
    /// The wall and its error banner.
    let wall: FeedWall
    private let source: Options.Source
    private var imageCachePeakBytes = 0
    /// When the window was built, and how long after it the first image, and then a full first
    /// screen of images, was decoded (the first pictures, sampled per frame).
    private let created = ContinuousClock.now
    private var firstImage: Duration?
    private var firstScreen: Duration?

    /// Builds the window over `loader`; `preloadAll` disables load-more (see ``whenAllItemsLoaded(_:)``).
    init(application: Application, options: Options, loader: FeedLoader, preloadAll: Bool) {
        source = options.source
        let cacheDirectory = ImagePipeline.cacheDirectory(named: "waterfall")
        let pipeline = ImagePipeline.standard(memoryCacheMegabytes: options.imageCacheMegabytes, diskCache: cacheDirectory,
                                              diskCacheMegabytes: options.diskCacheMegabytes, diskCacheDays: options.diskCacheDays)
        if pipeline.configuration.diskCache == nil {
            FileHandle.standardError.write(Data("waterfall-demo: no disk cache at \(cacheDirectory.path)\n".utf8))
        }
        let columns = options.columns
        var wallOptions = FeedWall.Options(columns: { columns.columnCount(forWidth: $0) }, loadsMore: !preloadAll,
                                           wrapsCaptions: options.captions)
        if options.captions {
            // --captions: the title (and the price, when there is one) wrapped under the image.
            wallOptions.caption = { item in [item.title, item.price].compactMap { $0 }.joined(separator: " · ") }
        }
        wallOptions.emptyState = options.source.emptyState
        wallOptions.failureTitle = options.source.failureTitle
        wall = FeedWall(loader: loader, pipeline: pipeline, options: wallOptions)
        window = Window(application: application, title: tr("Shop Wall"), width: options.width, height: options.height)
        window.setChild(wall.widget)
        view.accessibleName = tr("Shop wall")

        window.addRefreshButton(refreshing: view)

        wall.onSelect = { [window] item in
            gtk_window_set_title(gcast(window.pointer), WaterfallStrings.fill(tr("Shop Wall — {item}"), ["item": item.accessibleLabel]))
        }
    }

    /// The waterfall.
    var view: WaterfallView<WaterfallImageCell> { wall.view }

    /// Cells the feed wall created.
    var cellsCreated: Int { wall.cellsCreated }

    /// Whether every visible cell shows its image or its error placeholder.
    var visibleImagesReady: Bool { wall.visibleImagesReady }

    /// Shows the window and gives the wall the keyboard focus.
    func present() {
        window.present()
        gtk_widget_grab_focus(view.widget)
    }

    /// Loads every page, then calls `body` (also when a page fails: the wall keeps what loaded).
    func whenAllItemsLoaded(_ body: @escaping @MainActor () -> Void) {
        wall.loadAll(then: body)
    }

    /// Records the image cache's peak size and the first pictures' times.
    func sampleFrame() {
        let statistics = wall.pipeline.statistics
        imageCachePeakBytes = max(imageCachePeakBytes, statistics.memoryCacheBytes)
        if firstImage == nil, statistics.imagesLoaded > 0 { firstImage = ContinuousClock.now - created }
        if firstScreen == nil, firstImage != nil, visibleImagesReady { firstScreen = ContinuousClock.now - created }
    }

    /// The loader's and the pipeline's counters, and the image cache's size, peak and cap.
    func feedFigures() async -> [(String, JSONLine.Value)] {
        let feed = await wall.loader.statistics
        let images = wall.pipeline.statistics
        let megabyte = Double(1 << 20)
        return [
            ("feed", .string(source.kind)),
            ("pages_loaded", .int(feed.pagesLoaded)),
            ("feed_errors", .int(feed.errorsShown)),
            ("feed_failed_attempts", .int(feed.failedAttempts)),
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
            ("items_resized", .int(view.model.sizeChangeStatistics.itemsResized)),
            ("size_relayouts", .int(view.model.sizeChangeStatistics.relayouts)),
            ("cell_binds", .int(wall.bindCounts.binds)),
            ("cell_binds_shown_from_cache", .int(wall.bindCounts.shownFromCache)),
        ]
    }
}
