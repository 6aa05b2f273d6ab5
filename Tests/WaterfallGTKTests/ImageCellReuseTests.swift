import CWaterfallGtk4
import Foundation
import Testing
import WaterfallFeed
@testable import WaterfallGTK

extension WallTests {
    @Test("reusing a cell cancels its pipeline download: the server sees the connection close")
    func pipelineLoadCancelledOnReuse() async throws {
        try GTKHost.start()
        let server = try TestServer.get()
        let pipeline = ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess))
        let cell = WaterfallImageCell()
        let path = "/hang/\(uniqueKey()).png"
        let request = ImageRequest(url: server.url(path), targetSize: ImagePixelSize(width: 200, height: 200),
                                   priority: .visible)

        #expect(!cell.loadImage(request, from: pipeline), "nothing is cached yet")
        // The server is now trickling bytes of an image that never ends.
        try #require(await GTKHost.pump(until: { pipeline.statistics.downloadsStarted == 1 }, timeout: .seconds(10)))
        var requested = 0
        for _ in 0..<200 where requested == 0 {
            requested = try await server.requestCount(path)
        }
        try #require(requested == 1, "the download never reached the server")

        cell.prepareForReuse()
        #expect(pipeline.statistics.loadsCancelled == 1, "reuse cancels the image task, and with it the load")
        #expect(pipeline.statistics.loadsInProgress == 0)
        #expect(try await server.disconnects(of: path) == 1, "the server saw the download's connection close")
        #expect(!cell.hasImage && !cell.showsError, "a cancelled load shows neither image nor error")
    }

    @Test("a cached image shows in the same call that binds the cell")
    func cachedImageShowsSynchronously() async throws {
        try GTKHost.start()
        let server = try TestServer.get()
        let pipeline = ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess))
        let request = ImageRequest(url: server.url("/img/\(uniqueKey()).png?w=40&h=30&real=1"),
                                   targetSize: ImagePixelSize(width: 20, height: 15))
        let first = WaterfallImageCell()
        first.loadImage(request, from: pipeline)
        try #require(await GTKHost.pump(until: { first.hasImage }, timeout: .seconds(10)))

        let second = WaterfallImageCell()
        #expect(second.loadImage(request, from: pipeline), "answered from the memory cache")
        #expect(second.hasImage, "shown before the call returns, so in the same frame")
    }
}
