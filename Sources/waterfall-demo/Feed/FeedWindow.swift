import CWaterfallGtk4
import Foundation
import WaterfallFeed
import WaterfallGTK

/// The shop-wall window over a real feed (`--feed`, `--folder`): a header bar with a refresh
/// button (F5 and Ctrl+R work too) and the ``FeedPane``.
@MainActor
final class FeedWindow: WallWindow {
    /// The top-level window.
    let window: Window
    /// The wall and its error banner.
    let pane: FeedPane
    private let source: Options.Source
    private var imageCachePeakBytes = 0

    /// Builds the window over `loader`; `preloadAll` disables load-more (see ``whenAllItemsLoaded(_:)``).
    init(application: Application, options: Options, loader: FeedLoader, preloadAll: Bool) {
        source = options.source
        let pipeline = DemoImagePipeline.make(options: options)
        pane = FeedPane(loader: loader, pipeline: pipeline, columns: options.columns, preloadAll: preloadAll)
        window = Window(application: application, title: "Shop Wall", width: options.width, height: options.height)
        window.setChild(pane.widget)

        window.addRefreshButton(refreshing: view)

        pane.wall.onSelect = { [window] item in
            gtk_window_set_title(gcast(window.pointer), "Shop Wall — \(item.accessibleLabel)")
        }
    }

    /// The waterfall.
    var view: WaterfallView<WaterfallImageCell> { pane.view }

    /// Cells the feed wall created.
    var cellsCreated: Int { pane.wall.cellsCreated }

    /// Whether every visible cell shows its image or its error placeholder.
    var visibleImagesReady: Bool {
        let visible = view.model.visibleIndices
        return !visible.isEmpty && visible.allSatisfy { index in
            view.model.cell(at: index).map { $0.hasImage || $0.showsError } ?? false
        }
    }

    /// Shows the window and gives the wall the keyboard focus.
    func present() {
        window.present()
        gtk_widget_grab_focus(view.widget)
    }

    /// Loads every page, then calls `body` (also when a page fails: the wall keeps what loaded).
    func whenAllItemsLoaded(_ body: @escaping @MainActor () -> Void) {
        pane.wall.loadAll(then: body)
    }

    /// Records the image cache's peak size.
    func sampleFrame() {
        imageCachePeakBytes = max(imageCachePeakBytes, pane.wall.pipeline.statistics.memoryCacheBytes)
    }

    /// The loader's and the pipeline's counters, and the image cache's size, peak and cap.
    func feedFigures() async -> [(String, JSONLine.Value)] {
        let wall = pane.wall
        let feed = await wall.loader.statistics
        let images = wall.pipeline.statistics
        let megabyte = Double(1 << 20)
        return [
            ("feed", .string(source.kind)),
            ("pages_loaded", .int(feed.pagesLoaded)),
            ("feed_errors", .int(feed.errorsShown)),
            ("feed_failed_attempts", .int(feed.failedAttempts)),
            ("images_loaded", .int(images.imagesLoaded)),
            ("images_failed", .int(images.imagesFailed)),
            ("images_cancelled", .int(images.loadsCancelled)),
            ("downloads_started", .int(images.downloadsStarted)),
            ("disk_cache_hits", .int(images.diskCacheHits)),
            ("not_modified", .int(images.notModifiedResponses)),
            ("failure_cache_hits", .int(images.failureCacheHits)),
            ("image_cache_mb", .double(Double(images.memoryCacheBytes) / megabyte)),
            ("image_cache_peak_mb", .double(Double(max(imageCachePeakBytes, images.memoryCacheBytes)) / megabyte)),
            ("image_cache_cap_mb", .double(Double(wall.pipeline.configuration.memoryCacheByteLimit) / megabyte)),
            ("cell_binds", .int(wall.bindCounts.binds)),
            ("cell_binds_shown_from_cache", .int(wall.bindCounts.shownFromCache)),
        ]
    }
}
