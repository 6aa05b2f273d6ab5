import Foundation
import SeededRandom
import Testing
@testable import WaterfallFeed

/// Retries fast so tests do not wait for real backoff.
let quickRetry = RetryPolicy(maximumAttempts: 3, baseDelay: .milliseconds(5), maximumDelay: .milliseconds(20))

@Suite("Feed loader against the local server")
struct FeedLoaderTests {
    func loader(_ pathAndQuery: String, retry: RetryPolicy = quickRetry) throws -> FeedLoader {
        try FeedLoader(feedURL: TestServer.get().urlString(pathAndQuery), retryPolicy: retry)
    }

    /// Loads pages until the loader stops making progress (bounded).
    func loadAll(_ loader: FeedLoader) async {
        for _ in 0..<50 {
            let before = await loader.statistics.pagesLoaded
            await loader.loadMore()
            if await loader.statistics.pagesLoaded == before { return }
        }
    }

    @Test(arguments: ["empty", "404", "null"])
    func pagingStopsAtTheEnd(end: String) async throws {
        let key = uniqueKey()
        let loader = try loader("/feed/\(key)/{page}.json?pages=3&per=4&end=\(end)")
        await loadAll(loader)
        let items = await loader.items
        #expect(items.count == 12)
        #expect(await loader.state == .exhausted)
        let server = try TestServer.get()
        #expect(items.first?.imageURL == server.url("/img/\(key)-p1-0.png?w=100&h=201"))
        #expect(items[1].imageURL == server.url("/img/\(key)-p1-1.png?w=101&h=201"))
        // "null" ends on page 3 itself; "empty" and "404" need page 4 to find out.
        #expect(try await server.requestCount("/feed/\(key)/4.json") == (end == "null" ? 0 : 1))
        for page in 1...3 {
            #expect(try await server.requestCount("/feed/\(key)/\(page).json") == 1)
        }
    }

    @Test func plistPagesAndWrongContentTypeLoad() async throws {
        let loader = try loader("/feed/\(uniqueKey())/{page}.plist?pages=2&per=3&ctype=text/html")
        await loadAll(loader)
        #expect(await loader.items.count == 6)
        #expect(await loader.items.first?.price == "10")
    }

    @Test func nextLinksAreFollowed() async throws {
        let key = uniqueKey()
        let loader = try loader("/chain/\(key)/1?pages=4&per=2")
        await loadAll(loader)
        #expect(await loader.items.count == 8)
        #expect(await loader.state == .exhausted)
        #expect(try await TestServer.get().requestCount("/chain/\(key)/4") == 1)
    }

    @Test func singleDocumentWithoutPlaceholder() async throws {
        let key = uniqueKey()
        let loader = try loader("/feed/\(key)/1.json?per=5")
        await loadAll(loader)
        #expect(await loader.items.count == 5)
        #expect(await loader.state == .exhausted)
        #expect(try await TestServer.get().requestCount("/feed/\(key)/1.json") == 1)
    }

    @Test func transientFailuresAreRetried() async throws {
        let key = uniqueKey()
        // Page 2 fails twice with 503, page 3 is truncated once; three attempts cover both.
        let loader = try loader("/feed/\(key)/{page}.json?pages=3&per=2&fail=2:503:2&truncate=3:1")
        await loadAll(loader)
        #expect(await loader.items.count == 6)
        #expect(await loader.state == .exhausted)
        #expect(await loader.statistics.failedAttempts == 3)
        #expect(try await TestServer.get().requestCount("/feed/\(key)/2.json") == 3)
    }

    @Test func exhaustedRetriesSurfaceAndRetryRecoversWithoutLosingItems() async throws {
        let key = uniqueKey()
        let loader = try loader("/feed/\(key)/{page}.json?pages=3&per=2&fail=2:500:3")
        await loader.loadMore()
        await loader.loadMore()
        let state = await loader.state
        guard case .failed(let error, during: .nextPage) = state else {
            Issue.record("expected a failed state, got \(state)")
            return
        }
        #expect(error.isTransient)
        #expect(error.description.contains("HTTP 500"))
        #expect(await loader.items.count == 2)
        // While failed, load-more does not hammer the server.
        await loader.loadMore()
        #expect(try await TestServer.get().requestCount("/feed/\(key)/2.json") == 3)
        await loader.retry()
        #expect(await loader.items.count == 4)
        #expect(await loader.state == .idle)
        await loadAll(loader)
        #expect(await loader.items.count == 6)
    }

    @Test(arguments: [("malformed=2", "item 2: key 'w'"), ("syntax=2", "line"), ("fail=2:403:9", "HTTP 403")])
    func permanentFailuresAreNotRetried(fault: String, mention: String) async throws {
        let key = uniqueKey()
        let loader = try loader("/feed/\(key)/{page}.json?pages=3&per=4&\(fault)")
        await loader.loadMore()
        await loader.loadMore()
        let state = await loader.state
        guard case .failed(let error, during: .nextPage) = state else {
            Issue.record("expected a failed state, got \(state)")
            return
        }
        #expect(!error.isTransient)
        #expect(error.description.contains(mention), "\(error)")
        #expect(await loader.items.count == 4)
        #expect(try await TestServer.get().requestCount("/feed/\(key)/2.json") == 1)
    }

    @Test func missingFirstPageIsAnError() async throws {
        let loader = try loader("/nothing/\(uniqueKey())/{page}.json")
        await loader.loadMore()
        guard case .failed(.load(let failure), _) = await loader.state else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.isNotFound)
    }

    @Test func concurrentLoadMoreNeverLoadsAPageTwice() async throws {
        let key = uniqueKey()
        let loader = try loader("/feed/\(key)/{page}.json?pages=3&per=2&delay=50")
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask { await loader.loadMore() }
            }
        }
        await loadAll(loader)
        let server = try TestServer.get()
        for page in 1...4 {
            #expect(try await server.requestCount("/feed/\(key)/\(page).json") == 1, "page \(page)")
        }
        let ids = await loader.items.map(\.deduplicationKey)
        #expect(ids.count == 6 && Set(ids).count == 6)
    }

    @Test func concurrentLoadMoreCallsWaitForTheSharedRequest() async throws {
        // Page 1 is held while eleven more calls arrive: each must return only once a page is
        // applied (an implementation that drops calls while busy returns them with no items),
        // and none may start a second request for page 1.
        let fake = FakeDataLoader()
        let source = try FeedSource(template: "http://127.0.0.1:9/\(uniqueKey())/{page}.json")
        for page in 1...3 {
            fake.script(source.url(forPage: page),
                        .body(Data(#"[{"img": "\#(page).png", "w": 1, "h": 1, "id": \#(page)}]"#.utf8), status: 200))
        }
        fake.script(source.url(forPage: 4), .body(Data("[]".utf8), status: 200))
        let loader = FeedLoader(provider: HTTPFeed(source: source, dataLoader: fake), retryPolicy: quickRetry)
        fake.setHolding(true)
        let first = Task { await loader.loadMore(); return await loader.items.count }
        #expect(await fake.waitUntilHeld(1))
        let others = (0..<11).map { _ in Task { await loader.loadMore(); return await loader.items.count } }
        // Let the calls reach the loader while page 1 is held (no clock: whatever has not arrived
        // by then loads a later page, which the checks below allow).
        for _ in 0..<1_000 { await Task.yield() }
        #expect(fake.heldURLs == [source.url(forPage: 1)], "one request while page 1 loads")
        fake.setHolding(false)
        fake.releaseNext()
        #expect(await first.value == 1)
        for other in others {
            #expect(await other.value >= 1, "a call made while page 1 loads returns with it applied")
        }
        let requested = fake.requestedURLs
        #expect(requested.first == source.url(forPage: 1))
        #expect(Set(requested).count == requested.count, "no page requested twice: \(requested)")
    }

    @Test func timeoutsAndDroppedConnectionsAreRetried() async throws {
        let fake = FakeDataLoader()
        let source = try FeedSource(template: "http://127.0.0.1:9/\(uniqueKey())/{page}.json")
        fake.script(source.url(forPage: 1), .failure(.timedOut), .failure(.networkConnectionLost),
                    .body(Data(#"[{"img": "a.png", "w": 1, "h": 1, "id": 1}]"#.utf8), status: 200))
        let loader = FeedLoader(provider: HTTPFeed(source: source, dataLoader: fake), retryPolicy: quickRetry)
        await loader.loadMore()
        #expect(await loader.items.map(\.id) == ["1"])
        #expect(await loader.state == .idle)
        #expect(await loader.statistics.failedAttempts == 2)
        #expect(fake.requestedURLs == Array(repeating: source.url(forPage: 1), count: 3))
    }

    @Test func refreshPrependsNewItemsAndDropsDuplicates() async throws {
        let key = uniqueKey()
        let loader = try loader("/feed/\(key)/{page}.json?pages=2&per=3&grow=2")
        let observation = await loader.observe()
        #expect(observation.items.isEmpty)
        await loader.loadMore()
        await loader.loadMore()
        #expect(await loader.items.count == 6)
        await loader.refresh()
        let items = await loader.items
        #expect(items.count == 8)
        #expect(items.prefix(2).map(\.id) == ["\(key)-new-2", "\(key)-new-1"])
        #expect(await loader.statistics.duplicateItems == 3)
        // The refresh did not reset paging.
        await loader.loadMore()
        // Every state change is emitted, so `.exhausted` is in the stream and ends the loop below.
        guard await loader.state == .exhausted else {
            Issue.record("expected the feed to be exhausted")
            return
        }
        var events: [FeedLoader.Event] = []
        for await event in observation.events {
            events.append(event)
            if case .stateChanged(.exhausted) = event { break }
        }
        let inserted = events.compactMap { event -> String? in
            switch event {
            case .appended(let items): return "+\(items.count)"
            case .prepended(let items): return "^\(items.count)"
            case .stateChanged: return nil
            }
        }
        #expect(inserted == ["+3", "+3", "^2"])
    }

    @Test func cancelStopsALoadAndKeepsItems() async throws {
        let key = uniqueKey()
        let fake = FakeDataLoader()
        let source = try FeedSource(template: "http://127.0.0.1:9/\(key)/{page}.json")
        let page1 = Data(#"[{"img": "a.png", "w": 1, "h": 1, "id": 1}]"#.utf8)
        fake.script(source.url(forPage: 1), .body(page1, status: 200))
        fake.script(source.url(forPage: 2), .body(Data(#"[{"img": "b.png", "w": 1, "h": 1, "id": 2}]"#.utf8), status: 200))
        let loader = FeedLoader(provider: HTTPFeed(source: source, dataLoader: fake), retryPolicy: quickRetry)
        await loader.loadMore()
        fake.setHolding(true)
        let pending = Task { await loader.loadMore() }
        #expect(await fake.waitUntilHeld(1))
        #expect(await loader.state == .loading(.nextPage))
        await loader.cancel()
        fake.releaseNext()
        await pending.value
        #expect(await loader.state == .idle)
        #expect(await loader.items.map(\.id) == ["1"])
        fake.setHolding(false)
        await loader.loadMore()
        #expect(await loader.items.map(\.id) == ["1", "2"])
    }

    @Test func refreshBeforeAnyPageLoadsTheFirstPage() async throws {
        let loader = try loader("/feed/\(uniqueKey())/{page}.json?pages=2&per=2")
        await loader.refresh()
        #expect(await loader.items.count == 2)
        await loader.loadMore()
        #expect(await loader.items.count == 4)
    }

    @Test func backoffDelaysAreFullJitterUnderAGrowingCeiling() {
        // Full jitter: uniform in 0...ceiling, the ceiling doubling from 100 ms up to 1 s. The
        // draws are seeded, so the spread checks below (5 standard deviations wide) replay.
        let policy = RetryPolicy(maximumAttempts: 10, baseDelay: .milliseconds(100), multiplier: 2,
                                 maximumDelay: .seconds(1))
        // Not SystemRandomNumberGenerator: with that zero-size generator passed `inout` from this
        // frame, ThreadSanitizer builds crash in the access instrumentation (a toolchain bug,
        // reproduced in Reproductions/TSanZeroSizeInout).
        var random = SplitMix64(seed: 7)
        for retry in 0..<10 {
            let ceiling = min(Duration.milliseconds(100) * (1 << retry), .seconds(1))
            let delays = (0..<200).map { _ in policy.delay(beforeRetry: retry, using: &random) / ceiling }
            #expect(delays.allSatisfy { $0 >= 0 && $0 <= 1 }, "retry \(retry): within 0...\(ceiling)")
            let mean = delays.reduce(0, +) / Double(delays.count)
            #expect(abs(mean - 0.5) < 0.1, "retry \(retry): mean \(mean) of the ceiling")
            #expect(delays.min()! < 0.05 && delays.max()! > 0.95, "retry \(retry): spread over the whole range")
        }
    }
}
