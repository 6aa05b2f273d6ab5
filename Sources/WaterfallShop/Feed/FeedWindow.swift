import FoundationEssentials
import WaterfallFeed
import WaterfallGTK

/// The shop-wall window over a real feed (`--feed`, `--folder`): a header bar with a refresh
/// button (F5 and Ctrl+R work too) and the library's `FeedWall`.
@MainActor
package final class FeedWindow: WallWindow {
    /// The top-level window.
    package let window: Window
    /// The wall and its error banner.
    package let wall: FeedWall

    /// Builds the window over `loader`; `preloadAll` disables load-more (see ``whenAllItemsLoaded(_:)``).
    init(application: Application, options: Options, loader: FeedLoader, preloadAll: Bool) {
        let cacheDirectory = ImagePipeline.cacheDirectory(named: "waterfall")
        let pipeline = ImagePipeline.standard(memoryCacheMegabytes: options.imageCacheMegabytes, diskCache: cacheDirectory,
                                              diskCacheMegabytes: options.diskCacheMegabytes, diskCacheDays: options.diskCacheDays)
        if pipeline.configuration.diskCache == nil {
            StandardError.write("waterfall-demo: no disk cache at \(cacheDirectory.path)\n")
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
    package var view: WaterfallView<WaterfallImageCell> { wall.view }

    /// Cells the feed wall created.
    package var cellsCreated: Int { wall.cellsCreated }

    /// Whether every visible cell shows its image or its error placeholder.
    package var visibleImagesReady: Bool { wall.visibleImagesReady }

    /// Shows the window and gives the wall the keyboard focus.
    package func present() {
        window.present()
        gtk_widget_grab_focus(view.widget)
    }

    /// Loads every page, then calls `body` (also when a page fails: the wall keeps what loaded).
    package func whenAllItemsLoaded(_ body: @escaping @MainActor () -> Void) {
        wall.loadAll(then: body)
    }
}
