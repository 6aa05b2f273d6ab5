import Foundation
import WaterfallCore
import WaterfallFeed
import WaterfallGTK

/// The wall's data source and delegate for a real feed (`--feed`, `--folder`): items from a
/// `FeedLoader`, each sized by its image's aspect ratio before the image arrives, and images
/// from the shared `ImagePipeline` at the cell's pixel size (HiDPI scale included) — shown in the
/// same frame when cached, prefetched for the next screen, cancelled when a cell is reused.
///
/// Load-more, refresh and errors follow the loader's events (see `FeedWall+Loading.swift`).
@MainActor
final class FeedWall: WaterfallDataSource, WaterfallDelegate {
    typealias Cell = WaterfallImageCell

    /// Counters for `--scroll-test`.
    struct BindCounts {
        /// Cells bound to an item.
        var binds = 0
        /// Binds whose image came from the memory cache and showed in the same call.
        var shownFromCache = 0
    }

    /// Where the items come from.
    let loader: FeedLoader
    /// Where the images come from.
    let pipeline: ImagePipeline<PixbufDecoder>
    private let columns: Options.Columns
    /// The items shown, in display order.
    var items: [FeedItem] = []
    /// The view showing the wall; set right after the view is created.
    weak var view: WaterfallView<WaterfallImageCell>?
    /// Called when the user selects an item.
    var onSelect: ((FeedItem) -> Void)?
    /// Where cells come from: the reuse pool first.
    private var cells = ImageCellSupply()
    /// Cells created so far (the rest were reused).
    var cellsCreated: Int { cells.created }
    /// Binding figures.
    private(set) var bindCounts = BindCounts()

    // Loader bookkeeping, used by FeedWall+Loading.swift.
    /// The subscription to the loader's events, made by ``start()``.
    var subscription: Task<AsyncStream<FeedLoader.Event>, Never>?
    /// The loader's state as of the last event applied.
    var loaderState = FeedLoader.State.idle
    /// What the loader is (or was last) doing.
    var operation = FeedLoader.Operation.nextPage
    /// Items announced by the running operation, applied when it ends.
    var pendingAppend: [FeedItem] = []
    /// Items a refresh announced, applied when it ends.
    var pendingPrepend: [FeedItem] = []
    /// Called after the loader's state changed and its items were applied.
    var onStateChange: ((FeedLoader.State) -> Void)?
    /// Waiting for every page to be loaded (`--scroll-test`).
    var allLoaded: (() -> Void)?

    /// Creates the wall; call ``start()`` once its view is attached.
    init(loader: FeedLoader, pipeline: ImagePipeline<PixbufDecoder>, columns: Options.Columns) {
        self.loader = loader
        self.pipeline = pipeline
        self.columns = columns
    }

    /// The image request for `item` at the current cell width and the view's scale.
    func imageRequest(for item: FeedItem, priority: ImageRequest.Priority) -> ImageRequest {
        ImageRequest(url: item.imageURL, targetSize: targetSize(for: item), priority: priority)
    }

    private func targetSize(for item: FeedItem) -> ImagePixelSize {
        let size = view?.cellPixelSize(forImageWidth: Double(item.pixelWidth), height: Double(item.pixelHeight)) ?? (width: 0, height: 0)
        return ImagePixelSize(width: size.width, height: size.height)
    }

    // MARK: Data source

    func numberOfCells(in waterfallView: WaterfallViewModel<Cell>) -> Int {
        items.count
    }

    func numberOfColumns(in waterfallView: WaterfallViewModel<Cell>) -> Int {
        columns.count(forWidth: waterfallView.viewportSize.width)
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, cellAt index: Int) -> Cell {
        let cell = cells.cell(from: waterfallView)
        let item = items[index]
        cell.setCaption(item.price ?? item.title ?? "")
        cell.setAccessibleLabel(item.accessibleLabel)
        cell.setPlaceholder(Texture.placeholder(blurHash: item.blurHash, colorHex: item.colorHex,
                                                aspectRatio: item.pixelWidth / item.pixelHeight))
        bindCounts.binds += 1
        if cell.loadImage(imageRequest(for: item, priority: .visible), from: pipeline) {
            bindCounts.shownFromCache += 1
        }
        return cell
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, prefetchItemAt index: Int) {
        guard items.indices.contains(index) else { return }
        let request = imageRequest(for: items[index], priority: .prefetch)
        pipeline.prefetch(urls: [request.url], targetSize: request.targetSize)
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, cancelPrefetchingItemAt index: Int) {
        guard items.indices.contains(index) else { return }
        let request = imageRequest(for: items[index], priority: .prefetch)
        pipeline.cancelPrefetching(urls: [request.url], targetSize: request.targetSize)
    }

    // MARK: Delegate

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, sizeAt index: Int) -> ItemSize {
        let item = items[index]
        return .aspectRatio(width: CGFloat(item.pixelWidth), height: CGFloat(item.pixelHeight))
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, didSelectAt index: Int) {
        onSelect?(items[index])
    }

    func waterfallViewDidRequestMore(_ waterfallView: WaterfallViewModel<Cell>) {
        requestMore()
    }

    func waterfallViewDidRequestRefresh(_ waterfallView: WaterfallViewModel<Cell>) {
        // A refresh asks again for images that failed (the negative cache would wait 5 minutes).
        pipeline.forgetFailures()
        send { await $0.refresh() }
    }
}
