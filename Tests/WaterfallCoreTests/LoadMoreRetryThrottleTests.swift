import Foundation
import SeededRandom
import Testing
import WaterfallCore

/// The back-off of retries that scrolling makes after load-more failures, at explicit times.
@MainActor
@Suite("Load-more retry throttle")
struct LoadMoreRetryThrottleTests {
    /// The reference: the wait after k failures is the base doubled k − 1 times, capped.
    private static func referenceInterval(failures: Int, base: Double, multiplier: Double, maximum: Double) -> Double {
        guard failures > 0 else { return 0 }
        var wait = base
        for _ in 1..<failures { wait = min(wait * multiplier, maximum) }
        return min(wait, maximum)
    }

    /// `throttle.takeRetry(at:)` (a mutating call cannot go inside `#expect`).
    private func take(_ throttle: inout LoadMoreRetryThrottle, at now: Double) -> Bool {
        throttle.takeRetry(at: now)
    }

    @Test("random failures, pages and retry attempts against a reference", arguments: 0..<100 as Range<UInt64>)
    func matchesTheReference(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let base = Double(Int.random(in: 0...4, using: &rng)), multiplier = Double(Int.random(in: 1...3, using: &rng))
        let maximum = Double(Int.random(in: 0...40, using: &rng))
        var throttle = LoadMoreRetryThrottle(baseInterval: base, multiplier: multiplier, maximumInterval: maximum)
        var failures = 0, lastRetry: Double?, now = 0.0, granted = 0
        for step in 0..<400 {
            now += Double(Int.random(in: 0...6, using: &rng)) / 2
            switch Int.random(in: 0..<10, using: &rng) {
            case 0:
                throttle.recordSuccess()
                failures = 0
                lastRetry = nil
            case 1...3:
                throttle.recordFailure()
                failures += 1
            default:
                let wait = Self.referenceInterval(failures: failures, base: base, multiplier: multiplier, maximum: maximum)
                let due = failures > 0 && (lastRetry.map { now - $0 >= wait } ?? true)
                let took = throttle.takeRetry(at: now)
                #expect(took == due, "seed \(seed), step \(step): \(failures) failures, now \(now), last \(String(describing: lastRetry))")
                if due {
                    lastRetry = now
                    granted += 1
                }
            }
            #expect(throttle.consecutiveFailures == failures, "seed \(seed), step \(step)")
        }
        #expect(granted > 0, "seed \(seed): no retry was ever due")
    }

    @Test("the defaults: at once after a failure, then 2, 4, 8, 16, 16 s; a page forgets; bad settings fall back")
    func defaultsBackOff() {
        var throttle = LoadMoreRetryThrottle()
        #expect(!take(&throttle, at: 0), "nothing failed")
        throttle.recordFailure()
        #expect(take(&throttle, at: 100))
        var now = 100.0
        for wait in [2.0, 4, 8, 16, 16] {
            #expect(throttle.interval == wait)
            #expect(!take(&throttle, at: now + wait - 0.01))
            now += wait
            #expect(take(&throttle, at: now))
            throttle.recordFailure()
        }
        #expect(!throttle.isDue(at: .nan))
        throttle.recordSuccess()
        #expect(throttle.interval == 0 && !throttle.isDue(at: now))
        let fallback = LoadMoreRetryThrottle(baseInterval: -1, multiplier: 0.5, maximumInterval: .nan)
        #expect(fallback == LoadMoreRetryThrottle())
    }

    @Test("the view model throttles scrolling's retries, not explicit ones, and forgets failures on a page")
    func viewModelThrottlesScrollRetries() {
        var rng = SplitMix64(seed: 5)
        let fixture = Fixture(sizes: randomSizes(200, using: &rng))
        fixture.model.isLoadMoreEnabled = true
        let model = fixture.model
        model.setContentOffset(Point(x: 0, y: fixture.maxOffset))
        #expect(model.loadMoreState == .loading)
        #expect(!model.retryLoadingMoreIfDue(at: 0), "not failed")
        model.failLoadingMore()
        #expect(model.retryLoadingMoreIfDue(at: 10), "the first retry goes at once")
        model.failLoadingMore()
        #expect(!model.retryLoadingMoreIfDue(at: 13.9), "4 s after the second failure's retry")
        #expect(model.retryLoadingMoreIfDue(at: 14))
        model.failLoadingMore()
        model.retryLoadingMore()
        #expect(model.loadMoreState == .loading, "explicit retries are not throttled")
        model.failLoadingMore()
        #expect(model.loadMoreRetryThrottle.consecutiveFailures == 4)
        model.loadMoreRetryThrottle = LoadMoreRetryThrottle(baseInterval: 0, multiplier: 1, maximumInterval: 0)
        #expect(model.loadMoreRetryThrottle.consecutiveFailures == 4, "new settings keep the history")
        #expect(model.retryLoadingMoreIfDue(at: 14))
        #expect(fixture.source.moreRequests == 5, "the first request and four retries")
        fixture.source.sizes += randomSizes(50, using: &rng)
        model.endLoadingMore(appending: 50, hasMore: true)
        #expect(model.loadMoreRetryThrottle.consecutiveFailures == 0)
    }
}
