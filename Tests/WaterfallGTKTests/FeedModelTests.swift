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
        // A request's end can be applied after the loader's last event (see FeedModel.requests).
        model.onRequestChange = { [unowned model] in statuses.append(model.status) }
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

    @Test("a feed model corrects the items laid out at an estimate when their image's header arrives, by ordinal across a refresh; a forgotten item is not corrected")
    func feedModelSizeCorrections() async throws {
        try GTKHost.start()
        let pages = ChangingPages()
        let model = FeedModel(loader: FeedLoader(provider: pages), pipeline: ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess)))
        var resizes: [FeedModel.Resize] = []
        model.onResize = { resizes.append($0) }
        model.start()
        model.loadMore()
        try #require(await GTKHost.pump(until: { model.count == 4 && !model.status.isLoading }))
        model.loadMore()
        try #require(await GTKHost.pump(until: { model.count == 8 && !model.status.isLoading }))
        #expect(model.estimatedCount == 2, "items 2 and 6 have no size")
        let url = { (id: String) in URL(string: "https://example.test/\(id).png")! }
        #expect(model.sizes.awaiting == [url("2"): [2], url("6"): [6]])

        // Three new items at the top: the corrections still find their items, 3 further down.
        await pages.setFresh(3)
        model.refresh()
        try #require(await GTKHost.pump(until: { model.count == 11 && !model.status.isLoading }))
        #expect(model.firstOrdinal == -3)
        #expect(model.estimatedCount == 3, "new2 (third on page 1) has no size")
        model.imageHeaderArrived(url: url("2"), width: 300, height: 100)
        #expect(resizes == [FeedModel.Resize(indices: [5], width: 300, height: 100)])
        #expect(resizes.last?.aspectRatio == 3)
        #expect(model.knownSize(of: FeedItem(id: "2", imageURL: url("2"), pixelWidth: 0, pixelHeight: 0)) ?? (0, 0) == (300, 100))
        model.imageHeaderArrived(url: url("2"), width: 300, height: 100)   // once per URL
        model.imageHeaderArrived(url: url("nobody"), width: 10, height: 10)   // another list's image
        #expect(resizes.count == 1)

        // An item a list let go (FeedWall compacts far ones) is not corrected; taken back, it is.
        let six = FeedItem(id: "6", imageURL: url("6"), pixelWidth: 0, pixelHeight: 0)
        model.forgetSize(of: six, ordinal: 6)
        model.imageHeaderArrived(url: url("6"), width: 100, height: 400)
        #expect(resizes.count == 1)
        model.awaitSize(of: six, ordinal: 6)
        model.imageHeaderArrived(url: url("6"), width: 100, height: 400)
        #expect(resizes.last == FeedModel.Resize(indices: [9], width: 100, height: 400))

        // The headers' sizes join the estimate of the items to come (100×200 ×6 and 300×100, 100×400).
        #expect(model.estimate.ratio == 2)
        model.stop()
    }

    @Test("a feed model's status is loading from the call of loadMore() on, without the last failure, until the request's end is applied")
    func feedModelLoadingFromTheCall() async throws {
        try GTKHost.start()
        let pages = ChangingPages()
        let model = FeedModel(loader: FeedLoader(provider: pages), pipeline: ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess)))
        var requestChanges = 0
        model.onRequestChange = { requestChanges += 1 }
        model.start()
        model.loadMore()
        #expect(model.status.isLoading && requestChanges == 1, "loading at the call, before the loader starts")
        try #require(await GTKHost.pump(until: { !model.status.isLoading }))
        #expect(model.count == 4)

        await pages.setFailing([2])
        model.loadMore()
        try #require(await GTKHost.pump(until: { !model.status.isLoading }))
        #expect(model.status.errorMessage != nil && model.count == 4)
        await pages.setFailing([])
        model.loadMore()   // the failed page again
        #expect(model.status.isLoading && model.status.errorMessage == nil, "the failure is hidden while the page loads again")
        try #require(await GTKHost.pump(until: { !model.status.isLoading }))
        #expect(model.count == 8 && model.status.errorMessage == nil)

        model.loadMore()   // page 3 is empty: the end
        try #require(await GTKHost.pump(until: { !model.status.isLoading }))
        #expect(!model.status.hasMore)
        let changes = requestChanges
        model.loadMore()   // past the end: no request
        #expect(!model.status.isLoading && requestChanges == changes)
        model.stop()
    }
}
