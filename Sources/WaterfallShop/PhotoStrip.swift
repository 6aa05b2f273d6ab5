import WaterfallCore
import WaterfallGTK

/// Seed 003's controller: twenty photos (the shop's generated product pictures) for the
/// carousel and circle layouts, as data source and delegate. Clicking a photo deletes it with
/// an animation, as the seed's `didSelectItemAtIndexPath:` does.
@MainActor
final class PhotoStrip: WaterfallDataSource, WaterfallDelegate {
    typealias Cell = WaterfallImageCell

    /// The seed's photo count.
    static let photoCount = 20
    /// The side of a carousel item in the seed's 320-point view (130); the layouts scale it
    /// to the window, and pictures are drawn as large as their item is.
    nonisolated static let photoSide: Double = 130
    /// Photo cells have their own reuse pool: they carry the photo style.
    static let reuseIdentifier = "WaterfallPhotoCell"
    /// The space between carousel items (UICollectionViewFlowLayout's default).
    static let spacing: Double = 10

    /// The photos left, in order.
    private(set) var items = PhotoStrip.allPhotos
    /// Every photo, in the seed's order.
    private static var allPhotos: [ShopItem] { (0..<photoCount).map(ShopItem.init(id:)) }
    /// The view showing the photos; set by the switcher.
    weak var view: WaterfallView<WaterfallImageCell>?

    // MARK: Data source

    func numberOfCells(in waterfallView: WaterfallViewModel<Cell>) -> Int {
        items.count
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, cellAt index: Int) -> Cell {
        let cell = waterfallView.dequeueReusableCell(withIdentifier: Self.reuseIdentifier) ?? makeCell()
        let item = items[index]
        cell.setAccessibleLabel(item.accessibleLabel)
        let side = max(1, Int((waterfallView.layout.frame(at: index).width * Double(view?.scaleFactor ?? 1)).rounded()))
        cell.loadImage { await ProductArtQueue.shared.render(item, width: side, height: side) }
        return cell
    }

    private func makeCell() -> Cell {
        let cell = WaterfallImageCell(reuseIdentifier: Self.reuseIdentifier)
        gtk_widget_add_css_class(cell.widget, PhotoStyle.photoClass)
        return cell
    }

    // MARK: Delegate

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, marginFor type: MarginType) -> Double {
        Self.spacing
    }

    /// Refreshing (F5, the refresh button) brings every photo back.
    func waterfallViewDidRequestRefresh(_ waterfallView: WaterfallViewModel<Cell>) {
        items = Self.allPhotos
        waterfallView.reloadData()
        waterfallView.endRefreshing()
    }

    /// Deletes the clicked photo, animated.
    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, didSelectAt index: Int) {
        items.remove(at: index)
        view?.performBatchUpdates([.delete(index..<index + 1)], animated: true)
    }
}
