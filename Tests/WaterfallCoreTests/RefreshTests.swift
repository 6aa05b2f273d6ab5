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

    @Test("idle → pulling → armed → refreshing → done → idle")
    func fullCycle() {
        let fixture = makeFixture()
        fixture.model.overscroll(20)
        #expect(fixture.model.refreshState == .pulling(progress: 20 / 64))
        fixture.model.overscroll(70)
        #expect(fixture.model.refreshState == .armed)
        fixture.model.overscroll(40)
        #expect(fixture.model.refreshState == .pulling(progress: 40 / 64), "pulling back disarms")
        fixture.model.overscroll(80)
        fixture.model.endOverscroll()
        #expect(fixture.model.refreshState == .refreshing)
        #expect(fixture.source.refreshRequests == 1)
        fixture.model.overscroll(100)
        fixture.model.endOverscroll()
        #expect(fixture.source.refreshRequests == 1, "pulls are ignored while refreshing")
        fixture.model.endRefreshing()
        #expect(fixture.model.refreshState == .done)
        fixture.model.setContentOffset(Point(x: 0, y: 5))
        #expect(fixture.model.refreshState == .idle)
        let expected: [RefreshState] = [.pulling(progress: 20 / 64), .armed, .pulling(progress: 40 / 64),
                                        .armed, .refreshing, .done, .idle]
        #expect(fixture.host.refreshStates == expected)
    }

    @Test("releasing before the threshold springs back")
    func shortPull() {
        let fixture = makeFixture()
        fixture.model.overscroll(30)
        fixture.model.endOverscroll()
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

    @Test("overscroll is ignored when pull-to-refresh is disabled")
    func disabled() {
        let fixture = makeFixture()
        fixture.host.isPullToRefreshEnabled = false
        fixture.model.overscroll(200)
        fixture.model.endOverscroll()
        #expect(fixture.model.refreshState == .idle)
    }
}
