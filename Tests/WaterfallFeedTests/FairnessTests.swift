import Foundation
import SeededRandom
import Testing
@testable import WaterfallFeed

/// Per-host and global download limits: one stalled host never starves the others, and cells on
/// screen keep priority.
@Suite("Download fairness")
struct FairnessTests {
    @Test func aStalledHostDoesNotStarveAFastOne() async throws {
        let stalled = try TestServer.get()
        let fast = try TestServer()
        defer { fast.stop() }
        // The deadlines are kept by a clock that never moves: the stalled transfers end only
        // when the test cancels them, however long the fast host's images take.
        let pipeline = ImagePipeline(decoder: HeaderImageDecoder(), configuration: .init(
            dataLoader: SoupDataLoader(), deadlineClock: ManualClock()))
        let size = ImagePixelSize(width: 60, height: 60)
        let key = uniqueKey()
        // 12 images from a host that sends one byte a second for almost an hour, asked for first…
        let slow = (0..<12).map { index in
            pipeline.imageTask(for: ImageRequest(url: stalled.url("/img/\(key)-\(index).png?w=10&h=10&size=3000&trickle=1000"),
                                                 targetSize: size, priority: .visible))
        }
        defer { for task in slow { task.cancel() } }
        #expect(await eventually { pipeline.scheduler.runningCount == 6 })
        // …then 30 from a fast host, all on screen: every one loads while the stalled host's
        // transfers still run and hold only that host's six slots.
        let quick = (0..<30).map { index in
            pipeline.imageTask(for: ImageRequest(url: fast.url("/img/\(key)-\(index).png?w=40&h=30"),
                                                 targetSize: size, priority: .visible))
        }
        for task in quick {
            if case .failure(let error) = await task.outcome() { Issue.record("\(error)") }
        }
        #expect(slow.allSatisfy { $0.outcomeIfFinished == nil }, "the stalled host's transfers are still running")
        #expect(pipeline.scheduler.runningCount(host: DownloadScheduler.host(of: stalled.url("/"))) == 6,
                "the stalled host holds only its own six slots")
    }

    /// Slow hosts that take every global slot, one each (the per-host limit never applies):
    /// after a second their transfers lend their slots and the fast host's images load, though
    /// the slow ones run on. Without lending nothing of the fast host loads until they end.
    @Test func slowHostsLendTheirSlotsWhenNothingScrolls() async throws {
        let slowServer = try TestServer.get()
        let fast = try TestServer()
        defer { fast.stop() }
        let pipeline = ImagePipeline(decoder: HeaderImageDecoder(), configuration: .init(
            dataLoader: SoupDataLoader(), maximumConcurrentDownloads: 2, maximumDownloadsPerHost: 6,
            deadlineClock: ManualClock()))
        let size = ImagePixelSize(width: 60, height: 60)
        let key = uniqueKey()
        // Two hosts of the same server (127.0.0.1 and localhost), one transfer each, a byte a second.
        let slow = ["127.0.0.1", "localhost"].map { host in
            pipeline.imageTask(for: ImageRequest(url: URL(string: slowServer.urlString(
                "/img/\(key)-\(host).png?w=10&h=10&size=3000&trickle=1000", host: host))!, targetSize: size, priority: .visible))
        }
        defer { for task in slow { task.cancel() } }
        #expect(await eventually { pipeline.scheduler.runningCount == 2 })
        let quick = (0..<8).map { index in
            pipeline.imageTask(for: ImageRequest(url: fast.url("/img/\(key)-\(index).png?w=40&h=30"),
                                                 targetSize: size, priority: .visible))
        }
        for task in quick {
            if case .failure(let error) = await task.outcome() { Issue.record("\(error)") }
        }
        #expect(slow.allSatisfy { $0.outcomeIfFinished == nil }, "the slow transfers still run")
        #expect(pipeline.scheduler.lentCount == 2)
    }

    @Test func perHostAndGlobalLimitsWithPriority() async throws {
        let scheduler = DownloadScheduler(maximumConcurrent: 3, maximumPerHost: 2, lending: nil)
        let order = Locked<[Int]>([])
        func start(_ id: Int, _ host: String, _ priority: ImageRequest.Priority) -> Task<Void, any Error> {
            Task {
                try await scheduler.acquire(id: id, host: host, priority: priority)
                order.withLock { $0.append(id) }
            }
        }
        // Two of host a run; a third waits for a's limit although a global slot is free.
        try await start(1, "a", .normal).value
        try await start(2, "a", .normal).value
        let third = start(3, "a", .visible)
        #expect(await eventually { scheduler.waitingCount == 1 })
        try await start(4, "b", .prefetch).value   // host b takes the free global slot at once
        #expect(scheduler.runningCount == 3 && scheduler.runningCount(host: "a") == 2)
        // More waiters: b's prefetch and visible, c's normal.
        let fifth = start(5, "b", .prefetch)
        let sixth = start(6, "c", .normal)
        let seventh = start(7, "b", .visible)
        #expect(await eventually { scheduler.waitingCount == 4 })
        // b finishes: a's visible waiter cannot run (a is at its limit), so b's visible one
        // goes, ahead of c's normal and b's prefetch.
        scheduler.release(id: 4, host: "b")
        try await seventh.value
        // a finishes: a's visible waiter (3) goes first.
        scheduler.release(id: 1, host: "a")
        try await third.value
        // b finishes: c's normal goes before b's prefetch.
        scheduler.release(id: 7, host: "b")
        try await sixth.value
        scheduler.release(id: 6, host: "c")
        try await fifth.value
        #expect(order.withLock { $0 } == [1, 2, 4, 7, 3, 6, 5])
        #expect(scheduler.waitingCount == 0 && scheduler.runningCount == 3)
    }

    @Test func seededRandomSchedulingMatchesAReference() async throws {
        for seed in UInt64(1)...8 {
            var random = SplitMix64(seed: seed)
            let perHost = Int.random(in: 1...3, using: &random)
            let global = Int.random(in: perHost...6, using: &random)
            let scheduler = DownloadScheduler(maximumConcurrent: global, maximumPerHost: perHost, lending: nil)
            var reference = ReferenceScheduler(global: global, perHost: perHost)
            let acquired = Locked<Set<Int>>([])
            var expected: Set<Int> = []
            var running: [(id: Int, host: String)] = []
            var tasks: [Task<Void, any Error>] = []
            for id in 0..<40 {
                if !running.isEmpty, Bool.random(using: &random) {
                    let finished = running.remove(at: Int.random(in: 0..<running.count, using: &random))
                    scheduler.release(id: finished.id, host: finished.host)
                    if let next = reference.release(host: finished.host) {
                        running.append(next)
                        expected.insert(next.id)
                    }
                }
                let host = ["a", "b", "c"][Int.random(in: 0..<3, using: &random)]
                let priority = ImageRequest.Priority(rawValue: Int.random(in: 0...2, using: &random))!
                let waitingBefore = scheduler.waitingCount
                tasks.append(Task {
                    try await scheduler.acquire(id: id, host: host, priority: priority)
                    acquired.withLock { _ = $0.insert(id) }
                })
                if reference.acquire(id: id, host: host, priority: priority) {
                    running.append((id, host))
                    expected.insert(id)
                } else {
                    // Wait until it queued, so arrival order is the order of ids.
                    #expect(await eventually { scheduler.waitingCount == waitingBefore + 1 }, "seed \(seed), step \(id)")
                }
                #expect(await eventually { acquired.withLock { $0 } == expected },
                        "seed \(seed), step \(id): \(acquired.withLock { $0.sorted() }) vs \(expected.sorted())")
            }
            for task in tasks { task.cancel() }
        }
    }
}

/// The scheduler's rule written plainly: run now if both limits allow; on a release, the most
/// urgent, then oldest, waiter whose host is below its limit.
private struct ReferenceScheduler {
    var global: Int
    var perHost: Int
    var running: [String: Int] = [:]
    var waiting: [(id: Int, host: String, priority: ImageRequest.Priority)] = []

    mutating func acquire(id: Int, host: String, priority: ImageRequest.Priority) -> Bool {
        if running.values.reduce(0, +) < global, running[host, default: 0] < perHost {
            running[host, default: 0] += 1
            return true
        }
        waiting.append((id, host, priority))
        return false
    }

    mutating func release(host: String) -> (id: Int, host: String)? {
        running[host, default: 0] -= 1
        let eligible = waiting.indices.filter { running[waiting[$0].host, default: 0] < perHost }
        guard let best = eligible.max(by: { waiting[$0].priority != waiting[$1].priority
            ? waiting[$0].priority < waiting[$1].priority : $0 > $1 }) else { return nil }
        let next = waiting.remove(at: best)
        running[next.host, default: 0] += 1
        return (next.id, next.host)
    }
}
