import FoundationEssentials
import WaterfallCore
import WaterfallGTK

/// The shop-wall window: a header bar with a refresh button and the waterfall of products.
@MainActor
final class ShopWindow {
    let window: Window
    let wall: ShopWall
    let view: WaterfallView<WaterfallImageCell>
    /// The header bar's layout switcher (waterfall, carousel, circle).
    private(set) var layouts: LayoutSwitcher?

    /// Builds the window for `options`; `preloadAll` loads every item at once instead of pages.
    init(application: Application, options: Options, preloadAll: Bool) {
        let sections = options.sections ? ShopSections(items: options.items) : nil
        let feed = ShopFeed(items: options.items, sections: sections, pageSize: options.pageSize,
                            initiallyLoaded: preloadAll ? sections?.count ?? options.items : options.pageSize * 2)
        wall = ShopWall(feed: feed, columns: options.columns, networkDelay: .milliseconds(600))
        wall.spanEvery = options.spanEvery
        view = WaterfallView(dataSource: wall, delegate: wall)
        wall.view = view
        wall.allowsReordering = options.reorder
        view.model.isLoadMoreEnabled = !preloadAll
        view.isPullToRefreshEnabled = true
        view.tabsThroughItems = false  // the shop's pages go on: Tab leaves the wall, as a feed's
        view.accessibleName = tr("Shop wall")
        view.accessibleTotal = feed.total
        view.emptyState = options.source.emptyState

        window = Window(application: application, title: tr("Shop Wall"), width: options.width, height: options.height)
        window.setChild(view.scrolledWindow)

        window.addRefreshButton(refreshing: view)

        layouts = LayoutSwitcher(window: window, view: view, initial: options.layout)
        wall.onSelect = { [window] item in
            gtk_window_set_title(gcast(window.pointer), WaterfallStrings.fill(tr("Shop Wall — {item}"), ["item": item.accessibleLabel]))
        }
    }

    /// Shows the window and gives the wall the keyboard focus.
    func present() {
        window.present()
        gtk_widget_grab_focus(view.widget)
    }

    /// Whether every visible product cell shows its image (and at least one cell is live);
    /// section headers have none. An empty shop is ready once it shows its empty state.
    var visibleImagesReady: Bool {
        if view.isShowingStatus { return true }
        let visible = view.model.visibleIndices
        return !visible.isEmpty && visible.allSatisfy {
            wall.feed.header(at: $0) != nil || view.model.cell(at: $0)?.hasImage ?? false
        }
    }
}
