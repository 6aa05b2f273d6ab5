import Foundation
import SeededRandom
import Testing
@testable import WaterfallFeed

@Suite("Image pipeline against the local server")
struct ImagePipelineTests {
    typealias Pipeline = ImagePipeline<HeaderImageDecoder>

    func pipeline(memoryLimit: Int = 128 << 20, diskCache: DiskDataCache? = nil, timeout: TimeInterval = 30,
                  loader: any DataLoading = SoupDataLoader.shared, downloads: Int = 6,
                  clock: ManualClock = ManualClock()) -> Pipeline {
        var configuration = Pipeline.Configuration(
            dataLoader: loader, maximumConcurrentDownloads: downloads, memoryCacheByteLimit: memoryLimit,
            diskCache: diskCache, requestTimeout: timeout, transientRetry: .once, now: clock.elapsed)
        // Held transfers receive nothing: these tests count slots, which lending would free
        // (FairnessTests covers it).
        configuration.lendsSlotsOfSlowDownloads = false
        return Pipeline(decoder: HeaderImageDecoder(), configuration: configuration)
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
        // A cached request finishes synchronously, with the cached image, without a download.
        let again = pipeline.imageTask(for: ImageRequest(url: url, targetSize: size))
        guard case .success(let cached)? = again.outcomeIfFinished else {
            Issue.record("a cached image is there at once, got \(String(describing: again.outcomeIfFinished))")
            return
        }
        #expect(cached.image == image.image)
        #expect(pipeline.statistics.downloadsStarted == 1)
        #expect(try await server.requestCount(path) == 1)
        // Another target size is another download and another entry (the memory cache holds
        // decoded images, so the first download's image is not reused at another size).
        let small = try await pipeline.image(for: ImageRequest(url: url, targetSize: ImagePixelSize(width: 80, height: 80)))
        #expect(small.image.size == ImagePixelSize(width: 80, height: 60))
        #expect(pipeline.statistics.memoryCacheCount == 2)
        #expect(pipeline.statistics.downloadsStarted == 2)
        #expect(try await server.requestCount(path) == 2)
    }

    @Test func concurrentRequestsShareOneDownload() async throws {
        // The download is held until all eight requests are made, so they overlap on any machine.
        let fake = FakeDataLoader()
        let decoder = CountingImageDecoder()
        let pipeline = ImagePipeline(decoder: decoder, configuration: .init(dataLoader: fake))
        let url = URL(string: "http://127.0.0.1:9/shared.png")!
        fake.script(url, .body(ImageFiles.png(width: 400, height: 400), status: 200))
        fake.setHolding(true)
        let request = ImageRequest(url: url, targetSize: ImagePixelSize(width: 100, height: 100))
        let tasks = (0..<8).map { _ in pipeline.imageTask(for: request) }
        #expect(await fake.waitUntilHeld(1))
        #expect(tasks.allSatisfy { $0.outcomeIfFinished == nil }, "all eight wait for the held download")
        fake.setHolding(false)
        fake.releaseNext()
        for task in tasks {
            #expect(try await task.image().image.size == ImagePixelSize(width: 100, height: 100))
        }
        #expect(fake.requestedURLs == [url], "one download")
        #expect(decoder.decodeCount == 1, "one decode")
        #expect(pipeline.statistics.imagesLoaded == 1)
    }

    @Test func defaultsAreSixDownloadsPerHostAndA128MBMemoryCache() async throws {
        let fake = FakeDataLoader()
        var configuration = Pipeline.Configuration(dataLoader: fake)
        #expect(configuration.lendsSlotsOfSlowDownloads)
        configuration.lendsSlotsOfSlowDownloads = false   // the held transfers below receive nothing
        let pipeline = Pipeline(decoder: HeaderImageDecoder(), configuration: configuration)
        #expect(pipeline.configuration.maximumConcurrentDownloads == 12)
        #expect(pipeline.configuration.maximumDownloadsPerHost == 6)
        #expect(pipeline.configuration.requestDeadline == .seconds(60))
        #expect(pipeline.configuration.memoryCacheByteLimit == 128 << 20)
        // Six downloads of one host run at once, the seventh and later wait.
        fake.setHolding(true)
        let size = ImagePixelSize(width: 2048, height: 2048)
        let urls = (0..<9).map { URL(string: "http://127.0.0.1:9/default-\($0).png")! }
        for url in urls { fake.script(url, .body(ImageFiles.png(width: 2048, height: 2048), status: 200)) }
        let tasks = urls.map { pipeline.imageTask(for: ImageRequest(url: $0, targetSize: size)) }
        #expect(await fake.waitUntilHeld(6))
        #expect(await eventually { pipeline.scheduler.waitingCount == 3 })
        #expect(fake.heldURLs.count == 6 && pipeline.scheduler.runningCount == 6)
        fake.setHolding(false)
        for _ in 0..<6 { fake.releaseNext() }
        for task in tasks { _ = try await task.image() }
        // Nine decoded images of 16 MB: the memory cache keeps 128 MB of them, not more.
        let statistics = pipeline.statistics
        #expect(statistics.memoryCacheCount == 8)
        #expect(statistics.memoryCacheBytes == 8 * 2048 * 2048 * 4)
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

    @Test func theHeaderIsReportedFromTheFirstBytesBeforeTheDownloadEnds() async throws {
        let server = try TestServer.get()
        let path = "/img/\(uniqueKey()).png"
        // The server sends the PNG header, then holds the rest of the body until we hang up.
        let url = server.url(path + "?w=640&h=427&size=500000&hold=1")
        let pipeline = pipeline(loader: SoupDataLoader())
        let reported = Locked<[ImageHeader]>([])
        pipeline.addHeaderHandler { headerURL, header in
            if headerURL == url { reported.withLock { $0.append(header) } }
        }
        let task = pipeline.imageTask(for: ImageRequest(url: url, targetSize: ImagePixelSize(width: 100, height: 100)))
        #expect(await eventually { !reported.withLock { $0.isEmpty } }, "no header reported")
        #expect(reported.withLock { $0 } == [ImageHeader(format: .png, pixelWidth: 640, pixelHeight: 427)])
        #expect(task.outcomeIfFinished == nil, "the body has not arrived: the size came from its first bytes")
        #expect(pipeline.statistics.headersReported == 1)
        task.cancel()
        #expect(try await eventually { try await server.disconnectCount(path) == 1 }, "cancelling closed the connection")
    }

    @Test func theHeaderIsReportedOncePerLoad() async throws {
        let server = try TestServer.get()
        let url = server.url("/img/\(uniqueKey()).png?w=30&h=20&size=5000")
        let pipeline = pipeline(loader: SoupDataLoader())
        let count = Locked(0)
        pipeline.addHeaderHandler { _, header in
            #expect(header.pixelWidth == 30 && header.pixelHeight == 20)
            count.withLock { $0 += 1 }
        }
        let removed = Locked(0)
        pipeline.removeHeaderHandler(pipeline.addHeaderHandler { _, _ in removed.withLock { $0 += 1 } })
        _ = try await pipeline.image(for: ImageRequest(url: url, targetSize: ImagePixelSize(width: 10, height: 10)))
        #expect(count.withLock { $0 } == 1, "a body in several chunks reports its header once")
        #expect(removed.withLock { $0 } == 0, "a removed handler is not called")
    }

    @Test func aMemoryCacheHitReportsTheRememberedHeaderToHandlersAddedSince() async throws {
        let server = try TestServer.get()
        let url = server.url("/img/\(uniqueKey()).png?w=48&h=20&size=5000")
        let size = ImagePixelSize(width: 12, height: 12)
        let pipeline = pipeline(loader: SoupDataLoader())
        _ = try await pipeline.image(for: ImageRequest(url: url, targetSize: size))
        let reported = Locked<[ImageHeader]>([])
        pipeline.addHeaderHandler { headerURL, header in
            if headerURL == url { reported.withLock { $0.append(header) } }
        }
        #expect(pipeline.cachedImage(for: url, size: size) != nil)
        #expect(reported.withLock { $0 } == [ImageHeader(format: .png, pixelWidth: 48, pixelHeight: 20)],
                "a handler added after the load learns the size from a memory-cache hit")
        let task = pipeline.imageTask(for: ImageRequest(url: url, targetSize: size))
        #expect(task.outcomeIfFinished != nil, "a memory-cache hit")
        #expect(reported.withLock { $0.count } == 2, "each memory-cache hit reports it")
        #expect(pipeline.cachedImage(for: url, size: ImagePixelSize(width: 99, height: 99)) == nil)
        #expect(reported.withLock { $0.count } == 2, "a miss reports nothing")
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
        // Only the stalled download relies on the timeout; the others get the usual 30 s, so a
        // slow server on a loaded machine cannot turn their answers into timeouts.
        let clock = ManualClock()
        let pipeline = pipeline(clock: clock)
        let impatient = self.pipeline(timeout: 1)
        let size = ImagePixelSize(width: 64, height: 64)
        func outcome(_ path: String, in chosen: Pipeline? = nil) async -> ImageTask<HeaderImageDecoder.FakeImage>.Outcome {
            await (chosen ?? pipeline).imageTask(for: ImageRequest(url: server.url(path), targetSize: size)).outcome()
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
        guard case .failure(.loadFailed(let stalled)) = await outcome("/stall/\(key)", in: impatient) else {
            Issue.record("a stalled download times out")
            return
        }
        if case .transport(let code, _) = stalled.kind {
            #expect(code == TransportError.Code.timedOut.rawValue, "\(stalled)")
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
        #expect(pipeline.statistics.imagesFailed == 5)
        #expect(impatient.statistics.imagesFailed == 1)
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
        // Wait until the three running downloads have reached the loader, not only until seven wait.
        #expect(await fake.waitUntilHeld(3))
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
