import Foundation
import SeededRandom
import Testing
import WaterfallCore

@MainActor
@Suite("Load-more")
struct LoadMoreTests {
    /// A fixture with load-more on, its first page already on screen.
    private func makeFixture(items: Int = 200) -> Fixture {
        var generator = SplitMix64(seed: 7)
        let fixture = Fixture(sizes: randomSizes(items, using: &generator))
        fixture.model.isLoadMoreEnabled = true
        return fixture
    }

    @Test("fires exactly once per page over 10,000 scroll steps", arguments: [81, 82, 83] as [UInt64])
    func oncePerPage(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let fixture = makeFixture()
        let lastPage = 30
        var pages = 0
        var deliverAtStep: Int?
        for step in 0..<10_000 {
            let current = fixture.model.contentOffset.y
            let delta = Int.random(in: 0..<10, using: &generator) == 0
                ? -Double.random(in: 0...300, using: &generator)
                : Double.random(in: 0...160, using: &generator)
            fixture.model.setContentOffset(Point(x: 0, y: min(max(current + delta, 0), fixture.maxOffset)))
            if deliverAtStep == nil, fixture.source.moreRequests > pages {
                deliverAtStep = step + Int.random(in: 0...40, using: &generator)   // the network takes a while
            }
            if let due = deliverAtStep, step >= due {
                pages += 1
                fixture.source.sizes += randomSizes(50, using: &generator)
                fixture.model.endLoadingMore(appending: 50, hasMore: pages < lastPage)
                deliverAtStep = nil
            }
            let pending = deliverAtStep != nil ? 1 : 0
            #expect(fixture.source.moreRequests == pages + pending, "seed \(seed), step \(step)")
            #expect((fixture.model.loadMoreState == .loading) == (pending == 1), "seed \(seed), step \(step)")
        }
        #expect(pages == lastPage, "seed \(seed): the reader reached the end")
        #expect(fixture.model.loadMoreState == .exhausted)
        #expect(fixture.source.moreRequests == lastPage, "no request after the source said there is no more")
    }

    @Test("an empty page does not start a loop; retry asks again")
    func emptyPageDoesNotLoop() {
        let fixture = makeFixture(items: 10)   // shorter than the viewport: fires at once
        #expect(fixture.source.moreRequests == 1)
        fixture.model.endLoadingMore(appending: 0, hasMore: true)
        for step in 0..<100 { fixture.model.setContentOffset(Point(x: 0, y: Double(step % 2))) }
        #expect(fixture.source.moreRequests == 1, "still near the end, but no new items since the last request")
        fixture.model.retryLoadingMore()
        #expect(fixture.source.moreRequests == 2)
        #expect(fixture.model.loadMoreState == .loading)
    }

    @Test("a short page fills the screen one request at a time")
    func shortPagesChain() {
        let fixture = makeFixture(items: 3)
        for _ in 0..<5 {
            let requests = fixture.source.moreRequests
            fixture.source.sizes += Array(repeating: .height(100), count: 3)
            fixture.model.endLoadingMore(appending: 3, hasMore: true)
            #expect(fixture.source.moreRequests == requests + 1, "each page arrives before the next request")
        }
    }

    @Test("after a failure nothing fires until retry")
    func failureAndRetry() {
        let fixture = makeFixture()
        fixture.model.setContentOffset(Point(x: 0, y: fixture.maxOffset))
        #expect(fixture.source.moreRequests == 1)
        fixture.model.failLoadingMore()
        #expect(fixture.model.loadMoreState == .failed)
        fixture.model.setContentOffset(Point(x: 0, y: fixture.maxOffset - 10))
        fixture.model.setContentOffset(Point(x: 0, y: fixture.maxOffset))
        #expect(fixture.source.moreRequests == 1)
        fixture.model.retryLoadingMore()
        #expect(fixture.source.moreRequests == 2)
        #expect(fixture.host.loadMoreStates.suffix(3) == [.loading, .failed, .loading])
    }

    @Test("a reload after exhaustion starts over")
    func reloadResets() {
        let fixture = makeFixture()
        fixture.model.setContentOffset(Point(x: 0, y: fixture.maxOffset))
        fixture.model.endLoadingMore(appending: 0, hasMore: false)
        #expect(fixture.model.loadMoreState == .exhausted)
        fixture.model.reloadData()
        #expect(fixture.source.moreRequests == 2, "near the end after the reload, so it fires again")
    }

    @Test("disabled load-more never fires")
    func disabled() {
        let fixture = makeFixture()
        fixture.model.isLoadMoreEnabled = false
        fixture.model.reloadData()
        fixture.model.setContentOffset(Point(x: 0, y: fixture.maxOffset))
        #expect(fixture.source.moreRequests == 0)
    }
}
