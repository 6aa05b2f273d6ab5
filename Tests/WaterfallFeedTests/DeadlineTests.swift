import Foundation
import Testing
@testable import WaterfallFeed

/// Overall deadlines: a server that trickles bytes just fast enough to beat the idle timeout
/// cannot hold a page or an image forever. Every deadline here is kept by a `ManualClock`, so
/// the tests assert what happens when it passes, not how long anything took.
@Suite("Deadlines against a trickling server")
struct DeadlineTests {
    @Test func aTricklingPageEndsAsAFeedErrorWithoutAutomaticRetries() async throws {
        let server = try TestServer.get()
        let key = uniqueKey()
        // A page of ~600 bytes sent one byte a second: ten minutes, never idle for 30 s.
        let template = server.urlString("/feed/\(key)/{page}.json?trickle=1000")
        let clock = ManualClock()
        let feed = HTTPFeed(source: try FeedSource(template: template), deadline: .seconds(1), deadlineClock: clock)
        let loader = FeedLoader(provider: feed)
        let loading = Task { await loader.loadMore() }
        #expect(await eventually { clock.sleeperCount == 1 }, "the deadline timer is armed")
        #expect(try await eventually { try await server.requestCount("/feed/\(key)/1.json") == 1 })
        clock.advance(by: .seconds(1))
        await loading.value
        guard case .failed(let error, during: .nextPage) = await loader.state,
              case .load(let failure) = error, case .deadlineExceeded(let seconds) = failure.kind else {
            Issue.record("expected a missed deadline, got \(await loader.state)")
            return
        }
        #expect(seconds == 1)
        #expect(error.description.contains("deadline"), "\(error.description)")
        #expect(error.isTransient && !error.isRetriedAutomatically)
        #expect(try await server.requestCount("/feed/\(key)/1.json") == 1, "not retried at once")
    }

    @Test func aTricklingImageFailsAndIsNegativeCachedWithBackoff() async throws {
        let server = try TestServer.get()
        let clock = ManualClock()
        let pipeline = ImagePipeline(decoder: HeaderImageDecoder(), configuration: .init(
            dataLoader: SoupDataLoader.shared, requestDeadline: .milliseconds(800), deadlineClock: clock,
            transientRetry: RetryPolicy(maximumAttempts: 3, baseDelay: .seconds(1), maximumDelay: .seconds(8)),
            now: clock.elapsed))
        // 3,000 bytes sent one a second: the deadline ends it long before the server would.
        let url = server.url("/img/\(uniqueKey()).png?w=10&h=10&size=3000&trickle=1000")
        let request = ImageRequest(url: url, targetSize: ImagePixelSize(width: 10, height: 10))
        let task = pipeline.imageTask(for: request)
        #expect(await eventually { clock.sleeperCount == 1 }, "the deadline timer is armed")
        #expect(try await eventually { try await server.requestCount(url.path) == 1 }, "the transfer is under way")
        clock.advance(by: .milliseconds(800))
        let outcome = await task.outcome()
        guard case .failure(.loadFailed(let failure)) = outcome, case .deadlineExceeded = failure.kind else {
            Issue.record("expected a missed deadline, got \(outcome)")
            return
        }
        #expect(pipeline.statistics.downloadsStarted == 1, "a missed deadline is not retried within the load")
        #expect(pipeline.statistics.imagesFailed == 1)
        // Negative-cached: asked again at once, answered without a download…
        _ = await pipeline.imageTask(for: request).outcome()
        #expect(pipeline.statistics.failureCacheHits == 1 && pipeline.statistics.downloadsStarted == 1)
        // …for the transient backoff (1 s for the first failure, counted from its end at
        // 0.8 s), not the 5 minutes of a 404. The second download misses its deadline too.
        clock.advance(by: .milliseconds(1100))
        let second = pipeline.imageTask(for: request)
        #expect(await eventually { clock.sleeperCount == 1 })
        #expect(try await eventually { try await server.requestCount(url.path) == 2 })
        clock.advance(by: .milliseconds(800))
        _ = await second.outcome()
        #expect(pipeline.statistics.downloadsStarted == 2)
        // The second consecutive failure backs off twice as long.
        clock.advance(by: .milliseconds(1100))
        _ = await pipeline.imageTask(for: request).outcome()
        #expect(pipeline.statistics.downloadsStarted == 2, "2 s after the second failure")
        #expect(try await server.requestCount(url.path) == 2)
    }

    @Test func aDeadlineDoesNotCutAFastTransfer() async throws {
        let server = try TestServer.get()
        let url = server.url("/img/\(uniqueKey()).png?w=10&h=10&size=3000")
        let clock = ManualClock()
        let (data, _) = try await SoupDataLoader.shared.validatedData(for: url, timeout: 30, deadline: .seconds(5),
                                                                            clock: clock)
        #expect(data.count == 3000)
        // The timer's slice is never cancelled (a cancelled sleep leaks its timer); it ends with
        // the slice, without a missed deadline.
        clock.advance(by: SoupDataLoader.timerSlice)
        #expect(await eventually { clock.sleeperCount == 0 }, "the timer of a finished transfer ends with its slice")
    }

    /// A transfer that ignores cancellation (as FoundationNetworking did for many seconds) does
    /// not hold its caller past the deadline, nor past the caller's own cancellation: the
    /// caller is answered at once and the transfer ends on its own when it is let go.
    @Test(arguments: [false, true])
    func theCallerIsAnsweredWithoutWaitingForATransferSlowToStop(cancelledByCaller: Bool) async throws {
        let loader = FakeDataLoader()
        let url = URL(string: "https://slow.test/\(uniqueKey()).png")!
        loader.script(url, .body(Data(count: 10), status: 200))
        loader.setHolding(true)
        let clock = ManualClock()
        let answered = Locked<DataLoadFailure?>(nil)
        let load = Task {
            do throws(DataLoadFailure) {
                _ = try await loader.validatedData(for: url, timeout: 30, deadline: .seconds(5), clock: clock)
                Issue.record("a held transfer cannot succeed before it is released")
            } catch {
                answered.withLock { $0 = error }
            }
        }
        #expect(await loader.waitUntilHeld(1))
        #expect(await eventually { clock.sleeperCount == 1 })
        if cancelledByCaller {
            load.cancel()
        } else {
            clock.advance(by: .seconds(5))
        }
        let kind = await eventually { answered.withLock { $0 } != nil } ? answered.withLock { $0?.kind } : nil
        let expected: DataLoadFailure.Kind = cancelledByCaller ? .cancelled : .deadlineExceeded(seconds: 5)
        #expect(kind == expected)
        #expect(loader.heldURLs == [url], "the transfer was still running when the caller was answered")
        clock.advance(by: SoupDataLoader.timerSlice)
        #expect(await eventually { clock.sleeperCount == 0 }, "the timer ends with its slice")
        loader.releaseNext()
        await load.value
    }
}
