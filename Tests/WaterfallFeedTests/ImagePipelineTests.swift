import Foundation
import SeededRandom
import Testing
@testable import WaterfallFeed

@Suite("Image pipeline against the local server")
struct ImagePipelineTests {
    typealias Pipeline = ImagePipeline<HeaderImageDecoder>

    func pipeline(memoryLimit: Int = 128 << 20, diskCache: DiskDataCache? = nil, timeout: TimeInterval = 30,
                  loader: any DataLoading = URLSessionDataLoader.shared, downloads: Int = 6,
                  clock: ManualClock = ManualClock()) -> Pipeline {
        Pipeline(decoder: HeaderImageDecoder(), configuration: .init(
            dataLoader: loader, maximumConcurrentDownloads: downloads, memoryCacheByteLimit: memoryLimit,
            diskCache: diskCache, requestTimeout: timeout, transientRetry: .once, now: clock.now))
    }

    @Test func loadsDownscalesAndCaches() async throws {
        let server = try TestServer.get()
        let path = "/img/\(uniqueKey()).png"
        let url = server.url(path + "?w=800&h=600&size=3000")
        let pipeline = pipeline()
        let size = ImagePixelSize(width: 200, height: 200)
        #expect(pipeline.cachedImage(for: url, size: size) == nil)
        let image = try await pipeline.image(for: ImageRequest(url: url, targetSize: size))
        #expect(image.image.size == ImagePixelSize(width: 200, height: 150))
        #expect(image.byteCount == 200 * 150 * 4)
        #expect(image.image.sourceByteCount == 3000)
        #expect(pipeline.cachedImage(for: url, size: size)?.image == image.image)
        // A cached request finishes synchronously, without a download.
        let again = pipeline.imageTask(for: ImageRequest(url: url, targetSize: size))
        #expect(again.outcomeIfFinished != nil)
        #expect(try await server.requestCount(path) == 1)
        // Another size is another entry.
        let small = try await pipeline.image(for: ImageRequest(url: url, targetSize: ImagePixelSize(width: 80, height: 80)))
        #expect(small.image.size == ImagePixelSize(width: 80, height: 60))
        #expect(pipeline.statistics.memoryCacheCount == 2)
    }

    @Test func concurrentRequestsShareOneDownload() async throws {
        let server = try TestServer.get()
        let path = "/img/\(uniqueKey()).png"
        let url = server.url(path + "?w=400&h=400&delay=100")
        let pipeline = pipeline()
        let request = ImageRequest(url: url, targetSize: ImagePixelSize(width: 100, height: 100))
        let images = try await withThrowingTaskGroup(of: HeaderImageDecoder.FakeImage.self) { group in
            for _ in 0..<8 {
                group.addTask { try await pipeline.image(for: request).image }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(images.count == 8 && Set(images).count == 1)
        #expect(try await server.requestCount(path) == 1)
        #expect(pipeline.statistics.imagesLoaded == 1)
    }

    @Test func memoryCapHoldsUnderSeededChurn() async throws {
        let server = try TestServer.get()
        let key = uniqueKey()
        let limit = 2_000_000
        let pipeline = pipeline(memoryLimit: limit)
        for seed in UInt64(1)...3 {
            var random = SplitMix64(seed: seed)
            let requests = (0..<120).map { _ in
                let index = Int.random(in: 0..<60, using: &random)
                // Sizes from 4 KB to 4.8 MB decoded; some exceed the cap and are never cached.
                let side = [32, 200, 400, 700, 1100].randomElement(using: &random)!
                return ImageRequest(url: server.url("/img/\(key)-\(index).png?w=\(side)&h=\(side)"),
                                    targetSize: ImagePixelSize(width: side, height: side))
            }
            for batch in stride(from: 0, to: requests.count, by: 10) {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for request in requests[batch..<batch + 10] {
                        group.addTask {
                            _ = try await pipeline.image(for: request)
                            let bytes = pipeline.statistics.memoryCacheBytes
                            #expect(bytes <= limit, "seed \(seed): \(bytes) bytes cached")
                        }
                    }
                    try await group.waitForAll()
                }
            }
            let statistics = pipeline.statistics
            #expect(statistics.memoryCacheBytes <= limit, "seed \(seed)")
            #expect(statistics.memoryCacheCount > 0, "seed \(seed)")
            #expect(statistics.loadsInProgress == 0, "seed \(seed)")
        }
    }

    @Test func cancellingTheLastRequesterCancelsTheDownload() async throws {
        let server = try TestServer.get()
        let path = "/hang/\(uniqueKey())"
        let url = server.url(path)
        let pipeline = pipeline()
        let request = ImageRequest(url: url, targetSize: ImagePixelSize(width: 50, height: 50), priority: .visible)
        let first = pipeline.imageTask(for: request)
        let second = pipeline.imageTask(for: request)
        #expect(try await eventually { try await server.requestCount(path) == 1 })
        // The first cell is reused: its task ends at once, the shared download goes on.
        first.cancel()
        guard case .failure(.cancelled(url))? = first.outcomeIfFinished else {
            Issue.record("a cancelled task finishes immediately as cancelled")
            return
        }
        #expect(pipeline.statistics.loadsInProgress == 1)
        #expect(try await server.disconnectCount(path) == 0)
        // The second cell is reused too: now the download is cancelled and the connection closed.
        second.cancel()
        let outcome = await second.outcome()
        guard case .failure(.cancelled) = outcome else {
            Issue.record("expected cancellation, got \(outcome)")
            return
        }
        #expect(pipeline.statistics.loadsCancelled == 1)
        #expect(pipeline.statistics.loadsInProgress == 0)
        #expect(try await eventually { try await server.disconnectCount(path) == 1 })
        #expect(await eventually { pipeline.scheduler.runningCount == 0 })
    }

    @Test func cancellingTheAwaitingSwiftTaskCancelsTheRequest() async throws {
        let server = try TestServer.get()
        let path = "/hang/\(uniqueKey())"
        let pipeline = pipeline()
        let cell = Task {
            try await pipeline.image(for: ImageRequest(url: server.url(path), targetSize: ImagePixelSize(width: 9, height: 9)))
        }
        #expect(try await eventually { try await server.requestCount(path) == 1 })
        cell.cancel()
        await #expect(throws: ImagePipelineError.cancelled(server.url(path))) { try await cell.value }
        #expect(try await eventually { try await server.disconnectCount(path) == 1 })
    }

    @Test func failuresAreTypedAndReadable() async throws {
        let server = try TestServer.get()
        let key = uniqueKey()
        let clock = ManualClock()
        let pipeline = pipeline(timeout: 1, clock: clock)
        let size = ImagePixelSize(width: 64, height: 64)
        func outcome(_ path: String) async -> ImageTask<HeaderImageDecoder.FakeImage>.Outcome {
            await pipeline.imageTask(for: ImageRequest(url: server.url(path), targetSize: size)).outcome()
        }
        guard case .failure(.loadFailed(let notFound)) = await outcome("/nowhere/\(key).png") else {
            Issue.record("404 should fail to load")
            return
        }
        #expect(notFound.kind == .httpStatus(404) && !notFound.isTransient)
        guard case .failure(.decodingFailed(_, let reason)) = await outcome("/img/\(key)-b.png?broken=1&ctype=text/html") else {
            Issue.record("undecodable data should fail to decode")
            return
        }
        #expect(reason.contains("NotAnImage"))
        guard case .failure(.emptyData) = await outcome("/img/\(key)-e.png?empty=1") else {
            Issue.record("an empty body is an error")
            return
        }
        guard case .failure(.loadFailed(let truncated)) = await outcome("/img/\(key)-t.png?w=10&h=10&size=5000&truncate=1") else {
            Issue.record("a truncated body is an error")
            return
        }
        #expect(truncated.isTransient, "\(truncated)")
        guard case .failure(.loadFailed(let stalled)) = await outcome("/stall/\(key)") else {
            Issue.record("a stalled download times out")
            return
        }
        if case .transport(let code, _) = stalled.kind {
            #expect(code == URLError.Code.timedOut.rawValue, "\(stalled)")
        } else {
            Issue.record("expected a timeout, got \(stalled)")
        }
        #expect(stalled.isTransient)
        // A transient failure is remembered for its backoff only; requesting it again after
        // that (a cell configured again) recovers.
        let flaky = "/img/\(key)-f.png?w=10&h=10&fail=500:1"
        guard case .failure(.loadFailed(let serverError)) = await outcome(flaky) else {
            Issue.record("the first request gets the 500")
            return
        }
        #expect(ImagePipelineError.loadFailed(serverError).description.contains("HTTP 500"))
        clock.advance(by: .seconds(1))
        guard case .success = await outcome(flaky) else {
            Issue.record("the second request succeeds")
            return
        }
        #expect(pipeline.statistics.imagesFailed == 6)
        #expect(pipeline.statistics.imagesLoaded == 1)
    }

    @Test func visibleRequestsGetSlotsBeforePrefetches() async throws {
        let fake = FakeDataLoader()
        let pipeline = pipeline(loader: fake, downloads: 1)
        let size = ImagePixelSize(width: 10, height: 10)
        func url(_ name: String) -> URL {
            let url = URL(string: "http://127.0.0.1:9/\(name).png")!
            fake.script(url, .body(ImageFiles.png(width: 20, height: 20), status: 200))
            return url
        }
        fake.setHolding(true)
        let blocker = pipeline.imageTask(for: ImageRequest(url: url("blocker"), targetSize: size))
        #expect(await fake.waitUntilHeld(1))
        let early = pipeline.imageTask(for: ImageRequest(url: url("prefetch-early"), targetSize: size, priority: .prefetch))
        let normal = pipeline.imageTask(for: ImageRequest(url: url("normal"), targetSize: size))
        let promoted = pipeline.imageTask(for: ImageRequest(url: url("prefetch-promoted"), targetSize: size, priority: .prefetch))
        #expect(await eventually { pipeline.scheduler.waitingCount == 3 })
        promoted.setPriority(.visible)
        #expect(promoted.priority == .visible)
        fake.setHolding(false)
        fake.releaseNext()
        for task in [blocker, early, normal, promoted] {
            _ = try await task.image()
        }
        #expect(fake.requestedURLs.map(\.lastPathComponent) == [
            "blocker.png", "prefetch-promoted.png", "normal.png", "prefetch-early.png",
        ])
    }

    @Test func downloadsAreBoundedToTheConfiguredConcurrency() async throws {
        let fake = FakeDataLoader()
        let pipeline = pipeline(loader: fake, downloads: 3)
        fake.setHolding(true)
        let tasks = (0..<10).map { index in
            let url = URL(string: "http://127.0.0.1:9/bounded-\(index).png")!
            fake.script(url, .body(ImageFiles.png(width: 8, height: 8), status: 200))
            return pipeline.imageTask(for: ImageRequest(url: url, targetSize: ImagePixelSize(width: 4, height: 4)))
        }
        #expect(await eventually { pipeline.scheduler.waitingCount == 7 })
        #expect(fake.heldURLs.count == 3)
        #expect(pipeline.scheduler.runningCount == 3)
        fake.setHolding(false)
        for _ in 0..<3 { fake.releaseNext() }
        for task in tasks {
            _ = try await task.image()
        }
        #expect(fake.requestedURLs.count == 10)
        #expect(pipeline.scheduler.runningCount == 0)
    }

    @Test func prefetchFillsTheMemoryCacheAndCanBeCancelled() async throws {
        let server = try TestServer.get()
        let key = uniqueKey()
        let pipeline = pipeline()
        let size = ImagePixelSize(width: 30, height: 30)
        let urls = (0..<4).map { server.url("/img/\(key)-\($0).png?w=60&h=90") }
        pipeline.prefetch(urls: urls, targetSize: size)
        pipeline.prefetch(urls: urls, targetSize: size)
        #expect(await eventually { pipeline.statistics.imagesLoaded == 4 })
        for url in urls {
            #expect(pipeline.cachedImage(for: url, size: size)?.image.size == ImagePixelSize(width: 20, height: 30))
        }
        #expect(try await server.requestCount("/img/\(key)-0.png") == 1)

        let hang = "/hang/\(key)"
        pipeline.prefetch(urls: [server.url(hang)], targetSize: size)
        #expect(try await eventually { try await server.requestCount(hang) == 1 })
        pipeline.cancelPrefetching(urls: [server.url(hang)], targetSize: size)
        #expect(try await eventually { try await server.disconnectCount(hang) == 1 })
        #expect(pipeline.statistics.loadsInProgress == 0)
    }

    @Test func diskCacheServesLaterPipelines() async throws {
        let server = try TestServer.get()
        let directory = try TemporaryDirectory()
        let path = "/img/\(uniqueKey()).png"
        let url = server.url(path + "?w=300&h=100&size=2000")
        let size = ImagePixelSize(width: 30, height: 30)
        let first = pipeline(diskCache: try DiskDataCache(directory: directory.url))
        _ = try await first.image(for: ImageRequest(url: url, targetSize: size))
        let second = pipeline(diskCache: try DiskDataCache(directory: directory.url))
        let image = try await second.image(for: ImageRequest(url: url, targetSize: size))
        #expect(image.image.size == ImagePixelSize(width: 30, height: 10))
        #expect(second.statistics.diskCacheHits == 1)
        #expect(second.statistics.downloadsStarted == 0)
        #expect(try await server.requestCount(path) == 1)
    }

    @Test func loadsFileURLs() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("local.gif")
        try ImageFiles.bytes(.gif, width: 90, height: 30).write(to: file)
        let pipeline = pipeline()
        let image = try await pipeline.image(for: ImageRequest(url: file, targetSize: ImagePixelSize(width: 45, height: 45)))
        #expect(image.image.size == ImagePixelSize(width: 45, height: 15))
        let missing = directory.url.appendingPathComponent("missing.png")
        await #expect(throws: ImagePipelineError.self) {
            try await pipeline.image(for: ImageRequest(url: missing, targetSize: ImagePixelSize(width: 1, height: 1)))
        }
    }

    @Test func pixelSizeFitting() {
        let box = ImagePixelSize(width: 200, height: 100)
        #expect(box.fitting(ImagePixelSize(width: 20000, height: 20000)) == ImagePixelSize(width: 100, height: 100))
        #expect(box.fitting(ImagePixelSize(width: 50, height: 40)) == ImagePixelSize(width: 50, height: 40))
        #expect(box.fitting(ImagePixelSize(width: 4000, height: 10)) == ImagePixelSize(width: 200, height: 1))
        #expect(ImagePixelSize(width: 0, height: 50).fitting(ImagePixelSize(width: 400, height: 100))
            == ImagePixelSize(width: 200, height: 50))
    }
}
