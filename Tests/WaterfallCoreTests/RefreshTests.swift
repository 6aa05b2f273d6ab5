import Foundation
import Testing
import WaterfallCore

@MainActor
@Suite("Pull-to-refresh")
struct RefreshTests {
    private func makeFixture() -> Fixture {
        let fixture = Fixture(sizes: Array(repeating: .height(100), count: 100))
        fixture.host.isPullToRefreshEnabled = true
        return fixture
    }

    @Test("a pull past the top refreshes: idle → refreshing → done → idle; pulls are ignored while refreshing")
    func fullCycle() {
        let fixture = makeFixture()
        fixture.model.overshot(atEnd: false, time: 0)
        #expect(fixture.model.refreshState == .refreshing)
        #expect(fixture.source.refreshRequests == 1)
        fixture.model.overshot(atEnd: false, time: 1)
        #expect(fixture.source.refreshRequests == 1, "pulls are ignored while refreshing")
        fixture.model.endRefreshing()
        #expect(fixture.model.refreshState == .done)
        fixture.model.setContentOffset(Point(x: 0, y: 5))
        #expect(fixture.model.refreshState == .idle)
        #expect(fixture.host.refreshStates == [.refreshing, .done, .idle])
    }

    @Test("a pull past the end retries a failed load-more (throttled), and refreshes nothing")
    func pullPastTheEnd() {
        let fixture = makeFixture()
        fixture.model.isLoadMoreEnabled = true
        fixture.model.setContentOffset(Point(x: 0, y: fixture.maxOffset))
        fixture.model.failLoadingMore()
        fixture.model.overshot(atEnd: true, time: 10)
        #expect(fixture.model.loadMoreState == .loading, "the first retry goes at once")
        fixture.model.failLoadingMore()
        fixture.model.overshot(atEnd: true, time: 10.5)
        #expect(fixture.model.loadMoreState == .failed, "the next one waits")
        #expect(fixture.source.moreRequests == 2)
        #expect(fixture.model.refreshState == .idle)
    }

    @Test("a pull past the start of a horizontal layout refreshes nothing")
    func horizontalStart() {
        let fixture = makeFixture()
        fixture.model.setLayout(CarouselLayout())
        fixture.model.overshot(atEnd: false, time: 0)
        #expect(fixture.model.refreshState == .idle)
        #expect(fixture.source.refreshRequests == 0)
    }

    @Test("an explicit command refreshes, once")
    func explicitCommand() {
        let fixture = makeFixture()
        fixture.model.beginRefreshing()
        fixture.model.beginRefreshing()
        #expect(fixture.model.refreshState == .refreshing)
        #expect(fixture.source.refreshRequests == 1)
        fixture.model.endRefreshing()
        fixture.model.endRefreshing()
        #expect(fixture.model.refreshState == .done)
    }

    @Test("a refresh that prepends keeps the reader's place")
    func refreshPrependsAnchored() {
        let fixture = makeFixture()
        fixture.model.setContentOffset(Point(x: 0, y: 1_000))
        let first = fixture.model.visibleIndices[0]
        let y = fixture.model.placedAttributes(at: first)?.frame.minY
        #expect(y != nil, "the first visible item is placed")
        fixture.model.beginRefreshing()
        fixture.source.sizes.insert(contentsOf: Array(repeating: .height(60), count: 50), at: 0)
        fixture.model.performBatchUpdates([.insert(0..<50)])
        fixture.model.endRefreshing()
        #expect(fixture.model.placedAttributes(at: first + 50)?.frame.minY == y)
    }

    @Test("a pull is ignored when pull-to-refresh is disabled; the explicit command still refreshes")
    func disabled() {
        let fixture = makeFixture()
        fixture.host.isPullToRefreshEnabled = false
        fixture.model.overshot(atEnd: false, time: 0)
        #expect(fixture.model.refreshState == .idle)
        fixture.model.beginRefreshing()
        #expect(fixture.model.refreshState == .refreshing)
    }
}
