import CWaterfallGtk4
import Foundation
import WaterfallCore
@testable import WaterfallGTK

/// Seed 003's controller for GTK tests: solid-colour photos with known ids; selecting a photo
/// deletes it with an animated batch update, as the seed's `didSelectItemAtIndexPath:` does.
@MainActor
final class PhotoWall: WaterfallDataSource, WaterfallDelegate {
    typealias Cell = WaterfallImageCell

    /// Photo ids in display order.
    private(set) var ids: [Int]
    /// The view to animate deletions in.
    weak var view: WaterfallView<WaterfallImageCell>?
    /// Whether the photos may be reordered.
    var allowsMoving = false

    init(count: Int) {
        ids = Array(0..<count)
    }

    func numberOfCells(in waterfallView: WaterfallViewModel<Cell>) -> Int { ids.count }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, cellAt index: Int) -> Cell {
        let cell = waterfallView.dequeueReusableCell(withIdentifier: WaterfallImageCell.defaultReuseIdentifier)
            ?? WaterfallImageCell()
        cell.setImage(TestWall.texture(color: TestWall.color(of: ids[index])))
        return cell
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, marginFor type: MarginType) -> Double { 10 }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, didSelectAt index: Int) {
        ids.remove(at: index)
        view?.performBatchUpdates([.delete(index..<index + 1)], animated: true)
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, canMoveItemAt index: Int) -> Bool { allowsMoving }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, moveItemFrom source: Int, to destination: Int) {
        ids.insert(ids.remove(at: source), at: destination)
    }
}
