import CWaterfallGtk4
import Foundation
import WaterfallCore
@testable import WaterfallGTK

/// A data source and delegate for GTK tests: items with known ids, heights and solid colours,
/// paging and refresh on demand, and a record of what the view asked for.
@MainActor
final class TestWall: WaterfallDataSource, WaterfallDelegate {
    typealias Cell = WaterfallImageCell

    /// Item ids in display order (refresh prepends negative ids).
    private(set) var ids: [Int]
    /// The catalogue size load-more pages through.
    let total: Int
    /// Items per load-more page.
    let pageSize: Int
    /// Columns for a viewport width.
    var columnsForWidth: (Double) -> Int = { _ in 3 }
    /// Columns returned instead of `.fixed(columnsForWidth(width))` when set.
    var columnRule: ColumnCount?
    /// Indices the delegate was told were selected.
    private(set) var selections: [Int] = []
    /// Load-more requests received.
    private(set) var moreRequests = 0
    /// Refresh requests received.
    private(set) var refreshRequests = 0
    /// Items each refresh prepends.
    var refreshBatch = 7
    /// How long a page or refresh takes to arrive.
    var delay: Duration = .milliseconds(50)
    /// While true, pages and refreshes wait for ``releaseHeld()`` instead of ``delay``, so a test
    /// decides when they arrive.
    var holdsResponses = false
    /// Responses waiting for ``releaseHeld()``.
    private var held: [() -> Void] = []
    /// The number of responses waiting.
    var heldCount: Int { held.count }

    init(initial: Int, total: Int? = nil, pageSize: Int = 20) {
        ids = Array(0..<initial)
        self.total = total ?? initial
        self.pageSize = pageSize
    }

    /// The colour of item `id`'s picture, as opaque 0xRRGGBB.
    static func color(of id: Int) -> UInt32 {
        let palette: [UInt32] = [0xD0_30_30, 0x30_A0_40, 0x30_50_D0, 0xE0_A0_20, 0x90_30_B0]
        return palette[((id % palette.count) + palette.count) % palette.count]
    }

    /// Item `id`'s height for a width of 100.
    static func height(of id: Int) -> Double {
        Double(60 + ((id &* 37) % 7 + 7) % 7 * 20)
    }

    func numberOfCells(in waterfallView: WaterfallViewModel<Cell>) -> Int { ids.count }

    func numberOfColumns(in waterfallView: WaterfallViewModel<Cell>) -> Int {
        columnsForWidth(waterfallView.viewportSize.width)
    }

    func columns(in waterfallView: WaterfallViewModel<Cell>) -> ColumnCount {
        columnRule ?? .fixed(numberOfColumns(in: waterfallView))
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, cellAt index: Int) -> Cell {
        let cell = waterfallView.dequeueReusableCell(withIdentifier: WaterfallImageCell.defaultReuseIdentifier)
            ?? WaterfallImageCell()
        let id = ids[index]
        cell.setCaption("#\(id)")
        cell.setAccessibleLabel("Item \(id)")
        cell.setImage(Self.texture(color: headerIDs.contains(id) ? Self.headerColor : Self.color(of: id)))
        return cell
    }

    /// Heights (for a width of 100) that replace ``height(of:)`` for some item ids, for size
    /// corrections.
    var correctedHeights: [Int: Double] = [:]
    /// Item ids that are sticky section headers: full-span, ``headerHeight`` high, dark grey.
    var headerIDs: Set<Int> = []
    /// The height of a section header.
    static let headerHeight: Double = 40
    /// The colour of a section header's picture.
    static let headerColor: UInt32 = 0x20_20_20

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, isSectionHeaderAt index: Int) -> Bool {
        headerIDs.contains(ids[index])
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, sizeAt index: Int) -> ItemSize {
        if headerIDs.contains(ids[index]) { return .fullSpan(height: Self.headerHeight) }
        return .aspectRatio(width: 100, height: correctedHeights[ids[index]] ?? Self.height(of: ids[index]))
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<Cell>, didSelectAt index: Int) {
        selections.append(index)
    }

    func waterfallViewDidRequestMore(_ waterfallView: WaterfallViewModel<Cell>) {
        moreRequests += 1
        respond { [self] in
            let start = ids.count - ids.filter { $0 < 0 }.count
            let added = min(pageSize, total - start)
            ids += start..<start + added
            waterfallView.endLoadingMore(appending: added, hasMore: start + added < total)
        }
    }

    func waterfallViewDidRequestRefresh(_ waterfallView: WaterfallViewModel<Cell>) {
        refreshRequests += 1
        respond { [self] in
            let lowest = ids.min() ?? 0
            let fresh = (1...refreshBatch).map { min(lowest, 0) - $0 }.reversed()
            ids.insert(contentsOf: fresh, at: 0)
            waterfallView.performBatchUpdates([.insert(0..<refreshBatch)])
            waterfallView.endRefreshing()
        }
    }

    /// Runs `response` after ``delay``, or holds it for ``releaseHeld()``.
    private func respond(_ response: @escaping @MainActor () -> Void) {
        if holdsResponses {
            held.append(response)
        } else {
            Task { [delay] in
                try? await Task.sleep(for: delay)
                response()
            }
        }
    }

    /// Delivers the held responses, in order.
    func releaseHeld() {
        let responses = held
        held = []
        for response in responses { response() }
    }

    /// A 4 × 4 opaque texture of one colour (the picture scales it to cover the cell).
    static func texture(color: UInt32) -> Texture {
        let pixel = color | 0xFF00_0000  // ARGB32, opaque
        let pixels = [UInt32](repeating: pixel, count: 16)
        return pixels.withUnsafeBytes { Texture(premultipliedARGB32: $0, width: 4, height: 4, stride: 16) }
    }
}
