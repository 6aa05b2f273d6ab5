import Foundation
import Testing
@testable import WaterfallFeed

/// Overall deadlines: a server that trickles bytes just fast enough to beat the idle timeout
/// cannot hold a page or an image forever.
@Suite("Deadlines against a trickling server")
struct DeadlineTests {
    @Test func aTricklingPageEndsAsAFeedErrorWithoutAutomaticRetries() async throws {
        let server = try TestServer.get()
        let key = uniqueKey()
        // A page of ~600 bytes sent one byte every 100 ms: a minute, never idle for 30 s.
        let template = server.urlString("/feed/\(key)/{page}.json?trickle=100")
        let feed = HTTPFeed(source: try FeedSource(template: template), deadline: .seconds(1))
        let loader = FeedLoader(provider: feed)
        let started = ContinuousClock.now
        await loader.loadMore()
        let elapsed = ContinuousClock.now - started
        guard case .failed(let error, during: .nextPage) = await loader.state,
              case .load(let failure) = error, case .deadlineExceeded(let seconds) = failure.kind else {
            Issue.record("expected a missed deadline, got \(await loader.state)")
            return
        }
        #expect(seconds == 1)
        #expect(error.description.contains("deadline"), "\(error.description)")
        #expect(error.isTransient && !error.isRetriedAutomatically)
        #expect(elapsed < .seconds(10), "\(elapsed)")
        #expect(try await server.requestCount("/feed/\(key)/1.json") == 1, "not retried at once")
    }

    @Test func aTricklingImageFailsAndIsNegativeCachedWithBackoff() async throws {
        let server = try TestServer.get()
        let clock = ManualClock()
        let pipeline = ImagePipeline(decoder: HeaderImageDecoder(), configuration: .init(
            dataLoader: URLSessionDataLoader.shared, requestDeadline: .milliseconds(800),
            transientRetry: RetryPolicy(maximumAttempts: 3, baseDelay: .seconds(1), maximumDelay: .seconds(8)),
            now: clock.now))
        let url = server.url("/img/\(uniqueKey()).png?w=10&h=10&size=3000&trickle=50")
        let request = ImageRequest(url: url, targetSize: ImagePixelSize(width: 10, height: 10))
        let started = ContinuousClock.now
        let outcome = await pipeline.imageTask(for: request).outcome()
        #expect(ContinuousClock.now - started < .seconds(5))
        guard case .failure(.loadFailed(let failure)) = outcome, case .deadlineExceeded = failure.kind else {
            Issue.record("expected a missed deadline, got \(outcome)")
            return
        }
        #expect(pipeline.statistics.downloadsStarted == 1, "a missed deadline is not retried within the load")
        #expect(pipeline.statistics.imagesFailed == 1)
        // Negative-cached: asked again at once, answered without a download…
        _ = await pipeline.imageTask(for: request).outcome()
        #expect(pipeline.statistics.failureCacheHits == 1 && pipeline.statistics.downloadsStarted == 1)
        // …for the transient backoff (1 s for the first failure), not the 5 minutes of a 404.
        clock.advance(by: .milliseconds(1100))
        _ = await pipeline.imageTask(for: request).outcome()
        #expect(pipeline.statistics.downloadsStarted == 2)
        // The second consecutive failure backs off twice as long.
        clock.advance(by: .milliseconds(1100))
        _ = await pipeline.imageTask(for: request).outcome()
        #expect(pipeline.statistics.downloadsStarted == 2, "2 s after the second failure")
        #expect(try await eventually { try await server.requestCount(url.path) == 2 })
    }

    @Test func aDeadlineDoesNotCutAFastTransfer() async throws {
        let server = try TestServer.get()
        let url = server.url("/img/\(uniqueKey()).png?w=10&h=10&size=3000")
        let (data, _) = try await URLSessionDataLoader.shared.validatedData(for: url, timeout: 30, deadline: .seconds(5))
        #expect(data.count == 3000)
    }
}
