import WaterfallCore
import WaterfallFeed

/// A ``FeedWall``'s data source and delegate: items from a ``FeedModel``, each sized by its
/// image's aspect ratio before the image arrives (or at an estimate corrected from the image's
/// header, see `FeedWallSource+Sizes.swift`; with captions, plus the measured caption, see
/// `FeedWallSource+Captions.swift`), and images from the wall's `ImagePipeline` at
/// the cell's pixel size (HiDPI scale included) — shown in the same frame when cached,
/// prefetched for the next screen, cancelled when a cell is reused.
///
/// Load-more, refresh and errors follow the feed model (see `FeedWallSource+Loading.swift`).
@MainActor
final class FeedWallSource: WaterfallDataSource, WaterfallDelegate {
    typealias Cell = WaterfallImageCell

    /// The feed's state and its items as they come (the loader is `feed.loader`).
    let feed: FeedModel
    /// Where the images come from.
    let pipeline: ImagePipeline<PixbufDecoder>
    /// Columns, caption and the other choices the wall was made with.
    let options: FeedWall.Options
    /// Every item's slot, in display order (see `FeedWallSource+Items.swift`).
    var slots: [Slot] = []
    /// The items held whole (those near the viewport and those a refresh inserted), by ordinal
    /// (index + ``firstOrdinal``, which prepends do not change).
    var held: [Int: FeedItem] = [:]
    /// The ordinal of the item at index 0: the feed model's (``FeedModel/firstOrdinal``), the
    /// ordinals of appended items those of ``FeedLoader/refetchPage(containing:)``.
    var firstOrdinal: Int { feed.firstOrdinal }
    /// The view showing the wall; set right after the view is created.
    weak var view: WaterfallView<WaterfallImageCell>?
    /// Called when the user selects an item.
    var onSelect: (@MainActor (FeedItem) -> Void)?
    /// Where cells come from: the reuse pool first.
    var cells = ImageCellSupply()
    /// Binding figures.
    private(set) var bindCounts = FeedWall.BindCounts()

    // Feed bookkeeping, used by FeedWallSource+Loading.swift.
    /// Items of the running page that the view model's load-more is waiting for, shown when
    /// the page ends.
    var settledAppends = 0
    /// Called when the loader's state changed, after the items it brought are held and before
    /// the view model hears how the operation ended (so the wall's reason for a failure is set
    /// before the view model fails).
    var onStateChange: (@MainActor (FeedLoader.State) -> Void)?
    /// Called after a change of the loader's state was applied, its items included (the
    /// GObject face's properties follow it).
    var onStateApplied: (@MainActor () -> Void)?
    /// Waiting for every page to be loaded (``FeedWall/loadAll(then:)``).
    var allLoaded: (@MainActor () -> Void)?

    /// Creates the source; call ``start()`` once its view is attached.
    init(loader: FeedLoader, pipeline: ImagePipeline<PixbufDecoder>, options: FeedWall.Options) {
        feed = FeedModel(loader: loader, pipeline: pipeline, errorMessage: options.errorMessage)
        self.pipeline = pipeline
        self.options = options
    }

    /// The image request for `item` at the current cell width and the view's scale.
    func imageRequest(for item: FeedItem, priority: ImageRequest.Priority) -> ImageRequest {
        ImageRequest(url: item.imageURL, targetSize: targetSize(for: item), priority: priority, origin: item.origin)
    }

    /// Shows the item at `index` in `cell`: its caption, label, placeholder and image; a plain
    /// placeholder of its size while the item is compacted, and asks for it back.
    func configure(_ cell: Cell, at index: Int) {
        guard let item = item(at: index) else {
            let size = layoutSize(at: index)
            if options.wrapsCaptions { cell.imageAspectRatio = size.height / size.width }
            cell.setCaption("")
            cell.setAccessibleLabel("")
            cell.setImage(nil)
            cell.setPlaceholder(Texture.placeholder(blurHash: nil, colorHex: nil, aspectRatio: size.width / size.height))
            fetchAgain(at: index)
            return
        }
        if options.wrapsCaptions {
            let size = layoutSize(at: index)
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
        itemCount
    }

    func columns(in waterfallView: WaterfallViewModel<Cell>) -> ColumnCount {
        options.columns(waterfallView.viewportSize.width)
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, cellAt index: Int) -> Cell {
        let cell = cells.cell(from: waterfallView, captionStyle: options.wrapsCaptions ? .wrappedBelow : .strip)
        configure(cell, at: index)
        return cell
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, prefetchItemAt index: Int) {
        guard slots.indices.contains(index) else { return }
        guard let item = item(at: index) else { return fetchAgain(at: index) }
        let request = imageRequest(for: item, priority: .prefetch)
        pipeline.prefetch(urls: [request.url], targetSize: request.targetSize, origin: request.origin)
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, cancelPrefetchingItemAt index: Int) {
        guard let item = item(at: index) else { return }
        let request = imageRequest(for: item, priority: .prefetch)
        pipeline.cancelPrefetching(urls: [request.url], targetSize: request.targetSize)
    }

    // MARK: Delegate

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, sizeAt index: Int) -> ItemSize {
        if options.wrapsCaptions { return captionedSize(at: index, cellWidth: waterfallView.cellWidth) }
        let size = layoutSize(at: index)
        return .aspectRatio(width: Double(size.width), height: Double(size.height))
    }

    /// Selecting a compacted item (its page is being fetched again) does nothing.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, didSelectAt index: Int) {
        guard let item = item(at: index) else { return }
        onSelect?(item)
    }

    func waterfallViewDidRequestMore(_ waterfallView: WaterfallViewModel<Cell>) {
        requestMore()
    }

    func waterfallViewDidRequestRefresh(_ waterfallView: WaterfallViewModel<Cell>) {
        // A refresh asks again for images that failed (the negative cache would wait 5 minutes).
        pipeline.forgetFailures()
        feed.refresh()
    }
}
