import Foundation
import Testing
import WaterfallCore

/// Seed 004's shop wall: heights computed from `cellWidth` and each image's size, 3 columns in
/// portrait and 5 in landscape.
@MainActor
private final class ShopWall: WaterfallDataSource, WaterfallDelegate {
    typealias Cell = HeadlessCell
    var shops: [(w: Double, h: Double)] = (0..<300).map { index -> (w: Double, h: Double) in
        let width = Double(200 + index % 7 * 50)
        let height = Double(300 + index % 5 * 60)
        return (width, height)
    }
    var landscape = false

    func numberOfCells(in waterfallView: WaterfallViewModel<HeadlessCell>) -> Int { shops.count }
    func numberOfColumns(in waterfallView: WaterfallViewModel<HeadlessCell>) -> Int { landscape ? 5 : 3 }
    func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, cellAt index: Int) -> HeadlessCell {
        waterfallView.dequeueReusableCell(withIdentifier: "SHOP") ?? HeadlessCell(reuseIdentifier: "SHOP", serial: index)
    }
    func waterfallView(_ waterfallView: WaterfallViewModel<HeadlessCell>, heightAt index: Int) -> Double {
        waterfallView.cellWidth * shops[index].h / shops[index].w
    }
}

@MainActor
@Suite("View model: the seeds' API")
struct ViewModelSeedAPITests {
    @Test("a delegate may read cellWidth while its heights are asked (seed 004)")
    func heightsFromCellWidth() {
        let wall = ShopWall()
        let host = HeadlessHost()
        let model = WaterfallViewModel<HeadlessCell>()
        model.dataSource = wall
        model.delegate = wall
        model.setViewportSize(Size(width: 375, height: 667))
        model.attach(to: host)
        let width = model.cellWidth
        #expect(width == Double(375 - 4 * 8) / 3)
        #expect(abs(model.layout.frame(at: 1).height - width * wall.shops[1].h / wall.shops[1].w) < 1e-9)

        wall.shops.append((400, 400))
        model.performBatchUpdates([.insert(300..<301)])
        #expect(abs(model.layout.frame(at: 300).height - width) < 1e-9)

        // Rotation, as seed 004 does it: new size, 5 columns, reload for the new heights.
        wall.landscape = true
        model.setViewportSize(Size(width: 667, height: 375))
        model.reloadData()
        let landscapeWidth = model.cellWidth
        #expect(landscapeWidth == Double(667 - 6 * 8) / 5)
        #expect(abs(model.layout.frame(at: 1).height - landscapeWidth * wall.shops[1].h / wall.shops[1].w) < 1e-9)
    }

    @Test("non-finite offsets and sizes are ignored or sanitized")
    func badInput() {
        let fixture = Fixture(sizes: Array(repeating: .height(100), count: 200))
        fixture.model.setContentOffset(Point(x: 0, y: 500))
        fixture.model.setContentOffset(Point(x: 0, y: Double.nan))
        #expect(fixture.model.contentOffset.y == 500)
        fixture.model.overscan = -50
        fixture.model.setContentOffset(Point(x: 0, y: 900))
        #expect(fixture.model.liveIndices == fixture.bruteForceIndices(in: fixture.model.visibleBounds))
        fixture.model.setViewportSize(Size(width: Double.infinity, height: -3))
        #expect(fixture.model.viewportSize == .zero)
    }
}
