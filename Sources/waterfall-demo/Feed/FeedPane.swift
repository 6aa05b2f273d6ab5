import CWaterfallGtk4
import WaterfallFeed
import WaterfallGTK

/// The feed wall as one widget: the waterfall view with the error banner floating over it.
/// The banner shows while the loader's last operation has failed, and its Retry runs that
/// operation again; the items stay on screen all along.
@MainActor
final class FeedPane {
    /// The pane's widget (a `GtkOverlay`): put it in a window.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The items, images and loading.
    let wall: FeedWall
    /// The waterfall.
    let view: WaterfallView<WaterfallImageCell>
    /// The error bar with Retry.
    let banner: ErrorBanner

    /// Builds the pane and starts loading; `preloadAll` disables load-more (the caller then
    /// loads every page with ``FeedWall/loadAll(then:)``).
    init(loader: FeedLoader, pipeline: ImagePipeline<PixbufDecoder>, columns: Options.Columns, preloadAll: Bool) {
        wall = FeedWall(loader: loader, pipeline: pipeline, columns: columns)
        view = WaterfallView(dataSource: wall, delegate: wall)
        wall.view = view
        view.model.isLoadMoreEnabled = !preloadAll
        view.model.isRefreshEnabled = true
        banner = ErrorBanner { [wall] in wall.retry() }
        widget = gtk_overlay_new()
        gtk_overlay_set_child(gcast(widget), view.widget)
        gtk_overlay_add_overlay(gcast(widget), banner.widget)
        wall.onStateChange = { [banner] state in
            if case .failed(let error, _) = state {
                banner.show(error.description)
            } else if case .loading = state {
                return
            } else {
                banner.hide()
            }
        }
        wall.start()
    }
}
