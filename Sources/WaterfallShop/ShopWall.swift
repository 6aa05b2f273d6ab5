import WaterfallCore
import WaterfallGTK

/// Seed 004's shop controller: the wall's data source and delegate. Cells show a product
/// picture drawn off the main thread with the price across the bottom; pages of items arrive
/// after a short delay when the reader nears the end; pull-to-refresh puts fresh items in front
/// without moving what the reader sees.
@MainActor
final class ShopWall: WaterfallDataSource, WaterfallDelegate {
    typealias Cell = WaterfallImageCell

    /// Fresh items per refresh.
    static let refreshBatch = 12

    private(set) var feed: ShopFeed
    private let columns: Options.Columns
    private let networkDelay: Duration
    /// The view showing the wall; set right after the view is created.
    weak var view: WaterfallView<WaterfallImageCell>? {
        didSet { artPacer = view.map { ArtPacer(widget: $0.widget) } }
    }
    /// Draws pictures only for cells that stay on screen (nil until there is a view).
    private var artPacer: ArtPacer?
    /// Called when the user selects an item.
    var onSelect: ((ShopItem) -> Void)?
    /// Whether the items can be reordered (`--reorder`).
    var allowsReordering = false
    /// Where cells come from: the reuse pool first.
    private var cells = ImageCellSupply()
    /// Cells created so far (the rest were reused).
    var cellsCreated: Int { cells.created }
    /// Every this many items, one spans two columns (`--spans N`); `nil`: none.
    var spanEvery: Int?

    init(feed: ShopFeed, columns: Options.Columns, networkDelay: Duration) {
        self.feed = feed
        self.columns = columns
        self.networkDelay = networkDelay
    }

    // MARK: Data source

    func numberOfCells(in waterfallView: WaterfallViewModel<Cell>) -> Int {
        feed.count
    }

    /// The columns for the viewport's width, or the rows for its height when the wall scrolls
    /// sideways (`--layout rows`).
    func columns(in waterfallView: WaterfallViewModel<Cell>) -> ColumnCount {
        let size = waterfallView.viewportSize
        return columns.columnCount(forWidth: waterfallView.layout.scrollAxis == .horizontal ? size.height : size.width)
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, cellAt index: Int) -> Cell {
        if let header = feed.header(at: index) { return ShopSectionHeader.cell(showing: header, from: waterfallView) }
        let cell = cells.cell(from: waterfallView)
        let item = feed.item(at: index)
        var size = view?.cellPixelSize(forImageWidth: Double(item.width), height: Double(item.height)) ?? (width: 0, height: 0)
        if spans(index), let view {
            // A spanning cell is wider (taller in rows) than one column: draw it at its frame.
            let frame = waterfallView.layout.frame(at: index), scale = Double(view.scaleFactor)
            size = (Int((frame.width * scale).rounded()), Int((frame.height * scale).rounded()))
        }
        cell.show(item, pixelWidth: size.width, pixelHeight: size.height, pacer: artPacer)
        return cell
    }

    /// `--sections`: the category headers stick to the top while their section scrolls by.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, isSectionHeaderAt index: Int) -> Bool {
        feed.header(at: index) != nil
    }

    /// Any item moves when `--reorder` is on.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, canMoveItemAt index: Int) -> Bool {
        allowsReordering
    }

    /// The feed takes the new order (the view model moves the item in the layout itself).
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, moveItemFrom source: Int, to destination: Int) {
        feed.moveItem(from: source, to: destination)
    }

    /// Whether the item at `index` spans two columns (`--spans N`: the last of every N).
    private func spans(_ index: Int) -> Bool {
        spanEvery.map { index % $0 == $0 - 1 } ?? false
    }

    // MARK: Delegate

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, sizeAt index: Int) -> ItemSize {
        if feed.header(at: index) != nil { return .fullSpan(height: ShopSectionHeader.height) }
        let item = feed.item(at: index)
        guard spans(index) else { return .aspectRatio(width: Double(item.width), height: Double(item.height)) }
        return .spanningAspectRatio(2, width: Double(item.width), height: Double(item.height))
    }

    /// A product shows in the title; a section header scrolls its section's start into view.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, didSelectAt index: Int) {
        guard feed.header(at: index) == nil else { return waterfallView.scrollToItem(at: index) }
        onSelect?(feed.item(at: index))
    }

    func waterfallViewDidRequestMore(_ waterfallView: WaterfallViewModel<Cell>) {
        Task { [weak self, networkDelay] in
            try? await Task.sleep(for: networkDelay)
            guard let self else { return }
            let added = self.feed.loadNextPage()
            waterfallView.endLoadingMore(appending: added, hasMore: self.feed.hasMore)
        }
    }

    func waterfallViewDidRequestRefresh(_ waterfallView: WaterfallViewModel<Cell>) {
        Task { [weak self, networkDelay] in
            try? await Task.sleep(for: networkDelay)
            guard let self else { return }
            let added = self.feed.prependFresh(Self.refreshBatch)
            waterfallView.performBatchUpdates([.insert(0..<added)])
            waterfallView.endRefreshing()
        }
    }
}
