import Foundation
import Testing
import WaterfallFeed
@testable import WaterfallGTK

/// ``FeedModel``, the logic of `WaterfallFeedModel`, over pages made in the test: each
/// operation's items in one insertion (a refresh's at 0), aspect ratios, and a status whose
/// failure keeps every item (the GObject face is tested from Python: test_feed_model.py).
extension WallTests {
    /// Two pages of four items, 100×200 except each page's third, which has no size; page 1
    /// gains `fresh` items at its top, and a page in `failing` fails with a 403.
    actor ChangingPages: FeedPageProviding {
        var fresh = 0
        var failing: Set<Int> = []

        func setFresh(_ count: Int) { fresh = count }
        func setFailing(_ pages: Set<Int>) { failing = pages }

        func page(at cursor: FeedCursor) async throws(FeedError) -> FeedPage {
            guard case .page(let number) = cursor, number <= 2 else { return FeedPage(items: [], next: nil) }
            let url = URL(string: "https://example.test/page/\(number).json")!
            if failing.contains(number) { throw .load(DataLoadFailure(url: url, kind: .httpStatus(403))) }
            var ids = Array((number - 1) * 4..<number * 4).map(String.init)
            if number == 1 { ids.insert(contentsOf: (0..<fresh).map { "new\($0)" }, at: 0) }
            let items = ids.enumerated().map { offset, id in
                FeedItem(id: id, imageURL: URL(string: "https://example.test/\(id).png")!,
                         pixelWidth: offset % 4 == 2 ? 0 : 100, pixelHeight: offset % 4 == 2 ? 0 : 200)
            }
            return FeedPage(items: items, next: .page(number + 1))
        }
    }

    @Test("a feed model reports each page in one insertion, a refresh's at 0, and keeps its items when a page fails")
    func feedModelInsertionsAndStatus() async throws {
        try GTKHost.start()
        let pages = ChangingPages()
        let model = FeedModel(loader: FeedLoader(provider: pages), pipeline: ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess)))
        var insertions: [(ids: [String], ratios: [Double], index: Int)] = []
        var statuses: [FeedModel.Status] = []
        model.onInsert = { insertions.append(($0.items.compactMap(\.id), $0.aspectRatios, $0.index)) }
        model.onStatusChange = { statuses.append($0) }
        model.start()
        model.loadMore()
        try #require(await GTKHost.pump(until: { model.count == 4 && !model.status.isLoading }))
        #expect(insertions.map(\.index) == [0])
        #expect(insertions[0].ratios == [0.5, 0.5, 0.5, 0.5], "an unsized item gets the median of the sizes given so far")

        await pages.setFailing([2])
        model.loadMore()
        try #require(await GTKHost.pump(until: { model.status.errorMessage != nil }))
        #expect(model.status.errorMessage == "example.test refused access (error 403).")
        #expect(model.count == 4 && model.status.hasMore, "a failed page keeps the items and the pages to come")

        await pages.setFailing([])
        model.loadMore()   // the failed page again
        try #require(await GTKHost.pump(until: { model.count == 8 && !model.status.isLoading }))
        #expect(model.status.errorMessage == nil)
        #expect(insertions.map(\.index) == [0, 4])

        model.loadMore()   // page 3 is empty: the end
        try #require(await GTKHost.pump(until: { !model.status.hasMore }))

        await pages.setFresh(3)
        model.refresh()
        try #require(await GTKHost.pump(until: { model.count == 11 && !model.status.isLoading }))
        #expect(insertions.count == 3)
        #expect(insertions.last?.index == 0 && insertions.last?.ids == ["new0", "new1", "new2"], "one insertion at 0")
        #expect(statuses.contains { $0.isLoading } && statuses.last == model.status)
        model.stop()
    }
}
