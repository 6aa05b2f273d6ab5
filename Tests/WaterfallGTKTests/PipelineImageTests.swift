import CWaterfallGtk4
import Foundation
import Testing
import WaterfallFeed
@testable import WaterfallGTK

extension WallTests {
    @Test("a pipeline image reports its header's size before its pixels, and cancel() stops the download")
    func pipelineImageHeaderThenCancel() async throws {
        try GTKHost.start()
        let server = try TestServer.get()
        let pipeline = ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess))
        let path = "/img/\(uniqueKey()).png"
        let image = PipelineImage(url: server.url(path + "?w=400&h=300&size=100000&hold=1"), pipeline: pipeline)
        var changes = 0
        image.onChange = { changes += 1 }
        #expect(!image.load(targetSize: ImagePixelSize(width: 200, height: 200)), "nothing is cached yet")
        #expect(image.isStarted && changes == 1)
        try #require(await GTKHost.pump(until: { image.pixelSize != nil }, timeout: .seconds(10)))
        #expect(image.pixelSize == ImagePixelSize(width: 200, height: 150), "the header's 400×300 fitted into 200×200")
        guard case .loading = image.phase else {
            Issue.record("the size came after the pixels: \(image.phase)")
            return
        }

        image.cancel()
        guard case .idle = image.phase else {
            Issue.record("a cancelled image is idle again: \(image.phase)")
            return
        }
        #expect(pipeline.statistics.loadsCancelled == 1)
        #expect(try await server.disconnects(of: path) == 1, "the server saw the download's connection close")
    }

    @Test("a pipeline image decodes at its target size, and a second one is answered from the memory cache")
    func pipelineImageDecodesThenCaches() async throws {
        try GTKHost.start()
        let server = try TestServer.get()
        let pipeline = ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess))
        let url = server.url("/img/\(uniqueKey()).png?w=40&h=30&real=1")
        let target = ImagePixelSize(width: 20, height: 20)
        let first = PipelineImage(url: url, pipeline: pipeline)
        first.load(targetSize: target)
        try #require(await GTKHost.pump(until: { first.texture != nil }, timeout: .seconds(10)))
        #expect(first.pixelSize == ImagePixelSize(width: 20, height: 15))
        #expect(!first.load(targetSize: target), "a loaded image does not load again")

        let second = PipelineImage(url: url, pipeline: pipeline)
        #expect(second.load(targetSize: target), "answered from the memory cache")
        #expect(second.texture != nil && second.pixelSize == first.pixelSize, "in the same call")
    }

    @Test("an image that does not hold its pixels shows the memory cache's, loads again once they are dropped, and holds an image too large for the cache")
    func pipelineImageInCacheOnly() async throws {
        try GTKHost.start()
        let server = try TestServer.get()
        // Room for one 40×30 image (4,800 bytes) at a time.
        let pipeline = ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess),
                                     configuration: .init(memoryCacheByteLimit: 6_000))
        let target = ImagePixelSize(width: 40, height: 40)
        let first = PipelineImage(url: server.url("/img/\(uniqueKey()).png?w=40&h=30&real=1"), pipeline: pipeline, holdsPixels: false)
        let second = PipelineImage(url: server.url("/img/\(uniqueKey()).png?w=40&h=30&real=1"), pipeline: pipeline, holdsPixels: false)
        first.load(targetSize: target)
        try #require(await GTKHost.pump(until: { first.texture != nil }, timeout: .seconds(10)))
        #expect(!first.reloadIfEvicted(), "its pixels are in the cache")
        second.load(targetSize: target)
        try #require(await GTKHost.pump(until: { second.texture != nil }, timeout: .seconds(10)))
        #expect(first.texture == nil, "the second image's pixels pushed the first's out of the cache")
        #expect(first.reloadIfEvicted())
        #expect(await GTKHost.pump(until: { first.texture != nil }, timeout: .seconds(10)), "loaded again")

        let tiny = ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess), configuration: .init(memoryCacheByteLimit: 1_000))
        let large = PipelineImage(url: server.url("/img/\(uniqueKey()).png?w=40&h=30&real=1"), pipeline: tiny, holdsPixels: false)
        large.load(targetSize: target)
        try #require(await GTKHost.pump(until: { large.isStarted && !large.isLoading }, timeout: .seconds(10)))
        #expect(large.texture != nil && !large.reloadIfEvicted(), "an image the cache cannot keep is held")
    }

    @Test("a pipeline image of undecodable data fails, and loads again when asked")
    func pipelineImageFails() async throws {
        try GTKHost.start()
        let server = try TestServer.get()
        let pipeline = ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess))
        let image = PipelineImage(url: server.url("/img/\(uniqueKey()).png?w=40&h=30&broken=1"), pipeline: pipeline)
        image.load(targetSize: ImagePixelSize(width: 20, height: 20))
        try #require(await GTKHost.pump(until: { if case .failed = image.phase { true } else { false } }, timeout: .seconds(10)))
        #expect(image.texture == nil)
        image.load(targetSize: ImagePixelSize(width: 20, height: 20))
        guard case .failed = image.phase else {
            Issue.record("the remembered failure answers at once: \(image.phase)")
            return
        }
        #expect(pipeline.statistics.failureCacheHits == 1)
    }
}

extension TestServer {
    /// How many downloads of `path` the server saw disconnect, once it saw one or `timeout`
    /// passed (the main loop runs meanwhile).
    @MainActor
    func disconnects(of path: String, timeout: Duration = .seconds(10)) async throws -> Int {
        var disconnects = 0
        let deadline = ContinuousClock.now + timeout
        while disconnects == 0, ContinuousClock.now < deadline {
            await GTKHost.pump(until: { false }, timeout: .milliseconds(50))
            disconnects = try await disconnectCount(path)
        }
        return disconnects
    }
}
