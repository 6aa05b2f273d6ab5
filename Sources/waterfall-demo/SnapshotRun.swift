import WaterfallShop
import WaterfallGTK

/// `--snapshot FILE.png`: waits until the layout is done, every visible image is drawn and no
/// page is loading,
/// writes the window as PNG and quits (exit 0; 1 if the PNG could not be written). With
/// `--scroll-to Y` it scrolls there first; with `--refresh` it then refreshes as F5 does, waits
/// for the new items and prints how far the items visible before the refresh moved on screen;
/// with `--reorder-preview FROM:TO` it lifts item FROM, holds it over item TO's place and waits
/// for the others to move out of the way. Works over any shop-wall window, whichever cells it
/// shows.
@MainActor
final class SnapshotRun<Shop: WallWindow> {
    /// How long to wait for the images before writing whatever is shown.
    static var timeout: Duration { .seconds(20) }

    private let shop: Shop
    private let path: String
    private let selectedIndex: Int?
    /// Where to scroll before anything else, until done.
    private var pendingScroll: Double?
    /// Whether a refresh is still to start.
    private var pendingRefresh: Bool
    /// The drag still to start and hold.
    private var pendingReorder: ReorderPreview?
    /// The visible items' on-screen frames when the refresh started, and the item count then.
    private var beforeRefresh: (frames: [(index: Int, frame: Rect)], count: Int)?

    /// A snapshot of `shop` (made without `preloadAll`) to `path`, as `options` ask.
    init(shop: Shop, options: Options, path: String) {
        self.shop = shop
        self.path = path
        selectedIndex = options.selectedIndex
        pendingScroll = options.scrollOffset
        pendingRefresh = options.refreshesBeforeSnapshot
        pendingReorder = options.reorderPreview
    }

    /// Presents the window, waits until it is ready, writes it and calls `finish` with the exit
    /// status (0 also when the images timed out: the PNG shows what was ready).
    func start(finish: @escaping @MainActor (Int32) -> Void) {
        shop.present()
        WidgetSnapshot.savePNG(of: shop.window.pointer, to: path, whenReady: { [self] in
                                   // Not halfway through a page: the footer shows how the page ended.
                                   shop.visibleImagesReady && shop.view.model.loadMoreState != .loading && !prepareNextStep()
                               },
                               timeout: Self.timeout,
                               prepare: { [shop, selectedIndex] in
                                   if let selectedIndex { shop.view.selectItem(at: selectedIndex) }
                               },
                               completion: { [path] outcome in
            switch outcome {
            case .written(let timedOut):
                if timedOut {
                    StandardError.write("waterfall-demo: images not ready after \(Self.timeout); wrote them as they were\n")
                }
                print("wrote \(path)")
                finish(0)
            case .failed(let error):
                StandardError.write("waterfall-demo: \(error)\n")
                finish(1)
            }
        })
    }

    /// Starts the next step before the snapshot (scroll, refresh) or waits for one running;
    /// returns whether the snapshot must wait. Reports the refresh once it is done.
    private func prepareNextStep() -> Bool {
        let model = shop.view.model
        if let offset = pendingScroll {
            pendingScroll = nil
            shop.view.scroll(to: offset)
            return true
        }
        if pendingRefresh {
            pendingRefresh = false
            beforeRefresh = (model.visibleIndices.map { ($0, model.placedAttributes(at: $0)!.frame) }, model.numberOfItems)
            shop.view.refresh()
            return true
        }
        if let reorder = pendingReorder {
            pendingReorder = nil
            holdDrag(reorder)
            return true
        }
        guard model.refreshState != .refreshing, !shop.view.isAnimatingTransition else { return true }
        if let before = beforeRefresh {
            beforeRefresh = nil
            let added = model.numberOfItems - before.count
            let moves = before.frames.map { index, frame -> Double in
                guard let now = model.placedAttributes(at: index + added)?.frame else { return .infinity }
                return Double(max(abs(now.minX - frame.minX), abs(now.minY - frame.minY)))
            }
            print("refresh: \(added) new items; the \(moves.count) items visible before moved at most "
                  + "\(moves.max() ?? 0) px; pill: \(shop.view.isShowingNewItemsPill ? "'\(model.newItemsPillText)'" : "hidden")")
        }
        return false
    }

    /// Lifts item `from` at its centre and holds it over item `to`'s place, a little off its
    /// centre so the lifted card visibly floats over its neighbours; both must be on screen.
    private func holdDrag(_ reorder: ReorderPreview) {
        let model = shop.view.model
        guard let from = model.placedAttributes(at: reorder.from)?.frame,
              let to = model.placedAttributes(at: reorder.to)?.frame,
              shop.view.beginReorder(at: Point(x: from.midX, y: from.midY)) else {
            StandardError.write("waterfall-demo: --reorder-preview \(reorder.from):\(reorder.to): both items must be on screen\n")
            return
        }
        shop.view.moveReorder(to: Point(x: to.midX + to.width / 6, y: to.midY + to.height / 8))
        print("reorder preview: item \(reorder.from) lifted, landing at \(model.reorderDestination ?? reorder.from)")
    }
}
