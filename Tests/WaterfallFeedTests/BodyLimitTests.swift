import Foundation
import Testing
@testable import WaterfallFeed

/// A loader that streams 64 KB chunks to `received` until it is cancelled (or 1,024 chunks,
/// 64 MB, have gone out), counting them.
private final class EndlessLoader: DataLoading, @unchecked Sendable {
    static let chunk = 65_536
    private let sent = Locked(0)
    var chunksSent: Int { sent.withLock { $0 } }

    func data(for request: DataRequest) async throws -> (Data, DataResponse) {
        try await data(for: request) { _ in }
    }

    func data(for request: DataRequest, received: @escaping @Sendable (Data) -> Void) async throws -> (Data, DataResponse) {
        var body = Data()
        for _ in 0..<1_024 {
            try Task.checkCancellation()
            body.append(Data(repeating: 0x20, count: Self.chunk))
            sent.withLock { $0 += 1 }
            received(body)
            await Task.yield()
        }
        return (body, DataResponse(url: request.url, statusCode: 200, httpVersion: "HTTP/1.1"))
    }
}

@Suite("Bodies longer than their bound")
struct BodyLimitTests {
    let limit = 1 << 20

    @Test func aStreamedBodyIsStoppedSoonAfterItsBound() async throws {
        let loader = EndlessLoader()
        let url = URL(string: "https://example.com/endless")!
        do {
            _ = try await loader.validatedData(for: url, timeout: 30, maximumByteCount: limit)
            Issue.record("an endless body was accepted")
        } catch {
            guard case .tooLarge(let bound, let received) = error.kind else {
                Issue.record("expected tooLarge, got \(error)")
                return
            }
            #expect(bound == limit)
            #expect(received > limit && received <= limit + EndlessLoader.chunk)
            #expect(!error.isTransient, "a body over the bound is not tried again")
        }
        // The transfer stopped at the bound: a chunk or two more may have been in flight.
        #expect(loader.chunksSent <= limit / EndlessLoader.chunk + 2, "\(loader.chunksSent) chunks were sent")
    }

    @Test func aWholeBodyIsCheckedWhenTheLoaderReportsItOnce() async throws {
        let fake = FakeDataLoader()
        let url = URL(string: "https://example.com/whole")!
        fake.script(url, .body(Data(count: limit + 1), status: 200))
        await #expect(throws: DataLoadFailure(url: url, kind: .tooLarge(limit: limit, received: limit + 1))) {
            _ = try await fake.validatedData(for: url, timeout: 30, maximumByteCount: limit)
        }
        let exact = URL(string: "https://example.com/exact")!
        fake.script(exact, .body(Data(count: limit), status: 200))
        let (data, _) = try await fake.validatedData(for: exact, timeout: 30, maximumByteCount: limit)
        #expect(data.count == limit, "a body of exactly the bound is accepted")
    }

    @Test func aFeedPageWithoutEndFailsAsTooLargeWhileItDownloads() async throws {
        let server = try TestServer.get()
        let path = "/flood/\(uniqueKey()).json"
        let feed = HTTPFeed(source: try FeedSource(template: server.urlString(path)),
                            limits: FeedPageLimits(maximumByteCount: limit, maximumNestingDepth: 64))
        do {
            _ = try await feed.page(at: .page(1))
            Issue.record("an endless page was accepted")
        } catch {
            guard case .limitExceeded(_, .byteCount(let received, let bound)) = error else {
                Issue.record("expected limitExceeded(.byteCount), got \(error)")
                return
            }
            // Stopped while it downloads: the server would send a gigabyte.
            #expect(bound == limit && received > limit && received < 4 * limit)
            #expect(!error.isTransient)
        }
        #expect(try await server.requestCount(path) == 1, "a page over the bound is not tried again")
    }

    @Test func anEndlessImageFailsAsTooLargeAndIsRemembered() async throws {
        let server = try TestServer.get()
        let path = "/flood/\(uniqueKey()).png"
        let url = server.url(path)
        let pipeline = ImagePipeline(decoder: HeaderImageDecoder(), configuration: .init(
            maximumImageByteCount: limit, transientRetry: .once))
        let request = ImageRequest(url: url, targetSize: ImagePixelSize(width: 100, height: 100))
        let outcome = await pipeline.imageTask(for: request).outcome()
        guard case .failure(.loadFailed(let failure)) = outcome, case .tooLarge(limit, let received) = failure.kind else {
            Issue.record("expected loadFailed(tooLarge), got \(outcome)")
            return
        }
        #expect(received < 4 * limit, "stopped while it downloads (\(received) bytes)")
        // A permanent failure: asked again, it is answered from the negative cache.
        _ = await pipeline.imageTask(for: request).outcome()
        #expect(try await server.requestCount(path) == 1)
    }
}
