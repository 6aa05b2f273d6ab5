import Foundation
import Testing
@testable import WaterfallFeed

/// The negative cache: a failed image is not asked for again on every re-bind.
@Suite("Image pipeline negative cache")
struct NegativeCacheTests {
    typealias Pipeline = ImagePipeline<HeaderImageDecoder>
    let size = ImagePixelSize(width: 64, height: 64)

    func pipeline(clock: ManualClock, retry: RetryPolicy = .once) -> Pipeline {
        Pipeline(decoder: HeaderImageDecoder(), configuration: .init(
            dataLoader: SoupDataLoader.shared, transientRetry: retry, failureRetryInterval: .seconds(300),
            now: clock.elapsed))
    }

    func outcome(_ pipeline: Pipeline, _ url: URL) async -> ImageTask<HeaderImageDecoder.FakeImage>.Outcome {
        await pipeline.imageTask(for: ImageRequest(url: url, targetSize: size)).outcome()
    }

    @Test(arguments: ["/nowhere/%@.png", "/img/%@.png?fail=410:99", "/img/%@.png?broken=1", "/img/%@.png?empty=1"])
    func permanentFailuresAreAskedForOncePerInterval(pattern: String) async throws {
        let server = try TestServer.get()
        let path = String(format: pattern, uniqueKey())
        let url = server.url(path)
        let counted = String(path.prefix { $0 != "?" })
        let clock = ManualClock()
        let pipeline = pipeline(clock: clock)
        for rebind in 0..<5 {
            guard case .failure(let error) = await outcome(pipeline, url) else {
                Issue.record("rebind \(rebind) of \(path) should fail")
                return
            }
            #expect(FailureCache.isPermanent(error), "\(error)")
        }
        #expect(try await server.requestCount(counted) == 1)
        #expect(pipeline.statistics.imagesFailed == 1)
        #expect(pipeline.statistics.failureCacheHits == 4)
        // Just before the retry interval: still remembered; at it: asked again.
        clock.advance(by: .seconds(299))
        _ = await outcome(pipeline, url)
        #expect(try await server.requestCount(counted) == 1)
        clock.advance(by: .seconds(1))
        _ = await outcome(pipeline, url)
        #expect(try await server.requestCount(counted) == 2)
        // A refresh forgets failures at once.
        pipeline.forgetFailures()
        _ = await outcome(pipeline, url)
        #expect(try await server.requestCount(counted) == 3)
        #expect(pipeline.statistics.imagesFailed == 1, "distinct images, not attempts")
    }

    @Test func transientFailuresRetryWithinTheLoad() async throws {
        let server = try TestServer.get()
        let path = "/img/\(uniqueKey()).png"
        let pipeline = pipeline(clock: ManualClock(),
                                retry: RetryPolicy(maximumAttempts: 3, baseDelay: .milliseconds(10), maximumDelay: .milliseconds(20)))
        guard case .success = await outcome(pipeline, server.url(path + "?w=10&h=10&fail=503:2")) else {
            Issue.record("the third attempt succeeds")
            return
        }
        #expect(try await server.requestCount(path) == 3)
        #expect(pipeline.statistics.transientRetries == 2)
        #expect(pipeline.statistics.imagesFailed == 0)
    }

    @Test func transientFailuresBackOffBetweenRequests() async throws {
        let server = try TestServer.get()
        let path = "/img/\(uniqueKey()).png"
        let url = server.url(path + "?w=10&h=10&fail=503:2")
        let clock = ManualClock()
        let pipeline = pipeline(clock: clock)
        // Fails, then is remembered for 1 s.
        guard case .failure = await outcome(pipeline, url) else { Issue.record("first request fails"); return }
        guard case .failure = await outcome(pipeline, url) else { Issue.record("remembered"); return }
        #expect(try await server.requestCount(path) == 1)
        clock.advance(by: .seconds(1))
        // Fails again: remembered for 2 s now.
        guard case .failure = await outcome(pipeline, url) else { Issue.record("second request fails"); return }
        #expect(try await server.requestCount(path) == 2)
        clock.advance(by: .seconds(1))
        guard case .failure = await outcome(pipeline, url) else { Issue.record("still backing off"); return }
        #expect(try await server.requestCount(path) == 2)
        clock.advance(by: .seconds(1))
        guard case .success = await outcome(pipeline, url) else { Issue.record("third request succeeds"); return }
        #expect(try await server.requestCount(path) == 3)
        // A success forgets the failures: a later failure starts again at 1 s.
        #expect(pipeline.state.withLock { $0.failures.entries.isEmpty })
    }
}
