import WaterfallGTK

/// What the demo's modes (and the harness's) need from a shop-wall window, whichever source fills
/// it: the generated shop (``ShopWindow``) or a real feed (``FeedWindow``), and whichever cells
/// its waterfall shows.
///
/// The modes are generic over the window (`<Shop: WallWindow>`), so they reach ``view`` with its
/// own cell type; ``makeWallWindow(application:options:preloadAll:)`` returns `any WallWindow`,
/// which a mode opens once, where it starts.
@MainActor
package protocol WallWindow: AnyObject {
    /// The cells of the waterfall.
    associatedtype Cell: WaterfallCell

    /// The top-level window.
    var window: Window { get }
    /// The waterfall.
    var view: WaterfallView<Cell> { get }
    /// Cells created so far (the rest were reused).
    var cellsCreated: Int { get }
    /// Whether every visible cell shows its image or its error placeholder (and at least one
    /// cell is live).
    var visibleImagesReady: Bool { get }

    /// Shows the window and gives the wall the keyboard focus.
    func present()
    /// Calls `body` once every item is in the view (for windows made with `preloadAll`).
    func whenAllItemsLoaded(_ body: @escaping @MainActor () -> Void)
}

/// The window for the item source `options` ask for; `preloadAll` loads every item before
/// scrolling starts (the harness's `--scroll-test`) instead of page by page.
@MainActor
package func makeWallWindow(application: Application, options: Options, preloadAll: Bool) -> any WallWindow {
    guard let loader = options.source.makeLoader(pageSize: options.pageSize, schema: options.schema) else {
        return ShopWindow(application: application, options: options, preloadAll: preloadAll)
    }
    return FeedWindow(application: application, options: options, loader: loader, preloadAll: preloadAll)
}

extension Window {
    /// Adds the header bar's refresh button, which refreshes `view` as F5 does.
    func addRefreshButton<Cell>(refreshing view: WaterfallView<Cell>) {
        let button = gtk_button_new_from_icon_name("view-refresh-symbolic")!
        gtk_widget_set_tooltip_text(button, tr("Refresh (F5)"))
        Accessible.setLabel(button, tr("Refresh"))
        Signal.connect(button, "clicked") { [view] in view.refresh() }
        packEnd(button)
    }
}
