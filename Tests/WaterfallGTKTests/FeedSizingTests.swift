import CWaterfallGtk4
import Foundation
import Testing
import WaterfallCore
import WaterfallFeed
@testable import WaterfallGTK

/// Items of unknown size and self-sizing captions in the library's `FeedWall`, end to end: real
/// downloads, the pipeline's header reports, the view's once-per-frame corrections.
extension WallTests {
    @Test("a feed without sizes shows every item, each corrected to its image's real aspect ratio")
    func noSizeFeedIsCorrected() async throws {
        let (wall, window) = try await showFeed("/api/reddit/\(uniqueKey())?pages=1&per=12&real=1&nosize=1", schema: .reddit)
        defer { GTKHost.close(window) }
        let view = wall.view
        try #require(await GTKHost.pump(until: { view.model.numberOfItems == 12 }, timeout: .seconds(10)))
        #expect(wall.source.feed.estimatedCount == 12, "every item was laid out at an estimate")
        let visible = view.model.visibleIndices
        try #require(!visible.isEmpty)
        // The view applies the corrections of each frame once the headers have arrived.
        let corrected = await GTKHost.pump(until: {
            !view.model.hasPendingSizeChanges && visible.allSatisfy { wall.item(at: $0).flatMap { wall.source.feed.sizes.discovered[$0.imageURL] } != nil }
        }, timeout: .seconds(10))
        try #require(corrected, "the visible items' sizes never arrived")
        for index in visible {
            let item = try #require(wall.item(at: index))
            let real = try #require(wall.source.feed.sizes.discovered[item.imageURL])
            let frame = view.model.layout.frame(at: index)
            // The fixture's image name carries its real size: w and h in the URL query.
            let query = URLComponents(url: item.imageURL, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let w = Double(query.first { $0.name == "w" }?.value ?? "")
            let h = Double(query.first { $0.name == "h" }?.value ?? "")
            #expect(real.width == w && real.height == h, "item \(index): header \(real), URL \(String(describing: w))×\(String(describing: h))")
            #expect(abs(Double(frame.height / frame.width) - real.height / real.width) < 1e-9, "item \(index) was not corrected to its real ratio")
        }
        let statistics = view.model.sizeChangeStatistics
        #expect(statistics.itemsResized >= visible.count)
        #expect(statistics.relayouts <= statistics.itemsResized, "corrections are coalesced, never more relayouts than items")
    }

    @Test("wrapped captions: each cell is its image plus its measured wrapped title, long titles taller")
    func captionsAreMeasured() async throws {
        let (wall, window) = try await showFeed("/api/pinterest/\(uniqueKey())?pages=1&per=9&real=1", schema: .pinterest,
                                                wrapsCaptions: true)
        defer { GTKHost.close(window) }
        let view = wall.view
        try #require(await GTKHost.pump(until: { view.model.numberOfItems == 9 }, timeout: .seconds(10)))
        try #require(await GTKHost.pump(until: { !view.model.hasPendingSizeChanges && view.model.sizeChangeStatistics.relayouts > 0 },
                                        timeout: .seconds(10)), "no cell was measured")
        await GTKHost.pump(frames: 2, of: view.widget)
        let width = view.model.cellWidth
        var captionHeights: [Int: Double] = [:]
        for index in view.model.visibleIndices {
            let cell = try #require(view.model.cell(at: index))
            let frame = view.model.layout.frame(at: index)
            #expect(abs(frame.height - cell.measuredHeight(forWidth: width)) < 0.5, "item \(index) has its measured height")
            let item = try #require(wall.item(at: index))
            captionHeights[index] = frame.height - (width * item.pixelHeight / item.pixelWidth).rounded()
        }
        // The fixture's titles: item i has (i % 3) repetitions of a long phrase.
        let short = try #require(captionHeights[0]), long = try #require(captionHeights[2])
        #expect(long > short + 20, "a four-line caption (\(long)) is taller than a one-line one (\(short))")
    }
}
