import WaterfallCore
import WaterfallFeed

/// A ``FeedWall``'s data source and delegate: items from a `FeedLoader`, each sized by its
/// image's aspect ratio before the image arrives (or at an estimate corrected from the image's
/// header, see `FeedWallSource+Sizes.swift`; with captions, plus the measured caption, see
/// `FeedWallSource+Captions.swift`), and images from the wall's `ImagePipeline` at
/// the cell's pixel size (HiDPI scale included) — shown in the same frame when cached,
/// prefetched for the next screen, cancelled when a cell is reused.
///
/// Load-more, refresh and errors follow the loader's events (see `FeedWallSource+Loading.swift`).
@MainActor
final class FeedWallSource: WaterfallDataSource, WaterfallDelegate {
    typealias Cell = WaterfallImageCell

    /// Where the items come from.
    let loader: FeedLoader
    /// Where the images come from.
    let pipeline: ImagePipeline<PixbufDecoder>
    /// Columns, caption and the other choices the wall was made with.
    let options: FeedWall.Options
    /// The items shown, in display order.
    var items: [FeedItem] = []
    /// The view showing the wall; set right after the view is created.
    weak var view: WaterfallView<WaterfallImageCell>?
    /// Called when the user selects an item.
    var onSelect: (@MainActor (FeedItem) -> Void)?
    /// Where cells come from: the reuse pool first.
    var cells = ImageCellSupply()
    /// Binding figures.
    private(set) var bindCounts = FeedWall.BindCounts()
    /// Estimated and discovered item sizes.
    var sizes = Sizes()
    /// Measured caption heights, by item key, with the width they were measured at.
    var captionHeights: [String: (width: Double, height: Double)] = [:]
    /// The pipeline's header handler this source added (``listenForImageSizes()``), removed
    /// when the source goes away.
    var headerHandler: ImagePipeline<PixbufDecoder>.HeaderHandlerID?

    // Loader bookkeeping, used by FeedWallSource+Loading.swift.
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
    /// Called when the loader's state changed, before the items it brought are applied (so
    /// the wall's reason for a failure is set before the view model fails).
    var onStateChange: (@MainActor (FeedLoader.State) -> Void)?
    /// Called after a change of the loader's state was applied, its items included (the
    /// GObject face's properties follow it).
    var onStateApplied: (@MainActor (FeedLoader.State) -> Void)?
    /// Waiting for every page to be loaded (``FeedWall/loadAll(then:)``).
    var allLoaded: (@MainActor () -> Void)?

    /// Creates the source; call ``start()`` once its view is attached.
    init(loader: FeedLoader, pipeline: ImagePipeline<PixbufDecoder>, options: FeedWall.Options) {
        self.loader = loader
        self.pipeline = pipeline
        self.options = options
    }

    deinit {
        if let headerHandler { pipeline.removeHeaderHandler(headerHandler) }
    }

    /// The image request for `item` at the current cell width and the view's scale.
    func imageRequest(for item: FeedItem, priority: ImageRequest.Priority) -> ImageRequest {
        ImageRequest(url: item.imageURL, targetSize: targetSize(for: item), priority: priority, origin: item.origin)
    }

    /// The box the image is decoded to fit: the cell's pixel size; for an item whose feed gave
    /// no size, a box as wide as the cell and four times as tall, the same before and after its
    /// correction, so the image loads once, at the cell's width.
    private func targetSize(for item: FeedItem) -> ImagePixelSize {
        guard item.hasValidPixelSize else {
            let width = view?.cellPixelSize(forImageWidth: 1, height: 1).width ?? 0
            return ImagePixelSize(width: width, height: 4 * width)
        }
        let clamped = SizeLimits.size(width: item.pixelWidth, height: item.pixelHeight)
        let size = view?.cellPixelSize(forImageWidth: clamped.width, height: clamped.height) ?? (width: 0, height: 0)
        return ImagePixelSize(width: size.width, height: size.height)
    }

    // MARK: Data source

    func numberOfCells(in waterfallView: WaterfallViewModel<Cell>) -> Int {
        items.count
    }

    func columns(in waterfallView: WaterfallViewModel<Cell>) -> ColumnCount {
        options.columns(waterfallView.viewportSize.width)
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, cellAt index: Int) -> Cell {
        let item = items[index]
        let cell = cells.cell(from: waterfallView, captionStyle: options.wrapsCaptions ? .wrappedBelow : .strip)
        if options.wrapsCaptions {
            let size = layoutSize(of: item)
            cell.imageAspectRatio = size.height / size.width
        }
        cell.setCaption(options.caption(item) ?? "")
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
        pipeline.prefetch(urls: [request.url], targetSize: request.targetSize, origin: request.origin)
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, cancelPrefetchingItemAt index: Int) {
        guard items.indices.contains(index) else { return }
        let request = imageRequest(for: items[index], priority: .prefetch)
        pipeline.cancelPrefetching(urls: [request.url], targetSize: request.targetSize)
    }

    // MARK: Delegate

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, sizeAt index: Int) -> ItemSize {
        let item = items[index]
        if options.wrapsCaptions { return captionedSize(of: item, cellWidth: waterfallView.cellWidth) }
        let size = layoutSize(of: item)
        return .aspectRatio(width: Double(size.width), height: Double(size.height))
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
