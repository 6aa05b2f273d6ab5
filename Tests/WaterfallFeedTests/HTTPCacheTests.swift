import Foundation
import Testing
@testable import WaterfallFeed

/// A wall clock that moves only when a test says so (`DiskDataCache.now`).
final class ManualDate: Sendable {
    private let date = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    var now: @Sendable () -> Date {
        { self.date.withLock { $0 } }
    }

    func advance(by seconds: TimeInterval) {
        date.withLock { $0 += seconds }
    }
}

/// The disk cache follows HTTP: freshness from Cache-Control and Expires, revalidation of stale
/// entries with their validators, 304 reusing the stored data, expiry by age.
@Suite("HTTP caching on disk")
struct HTTPCacheTests {
    typealias Pipeline = ImagePipeline<HeaderImageDecoder>
    let size = ImagePixelSize(width: 30, height: 30)

    /// A new pipeline over the cache in `directory` (a later launch of the app).
    func launch(_ directory: URL, date: ManualDate, maximumAge: TimeInterval = 30 * 86_400) throws -> Pipeline {
        let cache = try DiskDataCache(directory: directory, maximumAge: maximumAge, now: date.now)
        return Pipeline(decoder: HeaderImageDecoder(), configuration: .init(
            dataLoader: SoupDataLoader.shared, diskCache: cache, transientRetry: .once))
    }

    /// One image on the test server with a cache directory and a clock of its own.
    struct Scenario {
        let server: TestServer
        let directory: TemporaryDirectory
        let date = ManualDate()
        let path = "/img/\(uniqueKey()).png"
        let url: URL

        /// An image answering with the caching headers of `query` (see feed_server.py's /img).
        init(query: String) throws {
            server = try TestServer.get()
            directory = try TemporaryDirectory()
            url = server.url(path + "?" + query)
        }

        func requests() async throws -> Int { try await server.requestCount(path) }
        func notModified() async throws -> Int { try await server.notModifiedCount(path) }
    }

    func load(_ pipeline: Pipeline, _ url: URL) async throws -> ImagePixelSize {
        try await pipeline.image(for: ImageRequest(url: url, targetSize: size)).image.size
    }

    @Test func maxAgeIsFreshThenRevalidatedWithTheETag() async throws {
        let scenario = try Scenario(query: "w=300&h=100&cache=max-age%3D100&etag=1")
        let (directory, date, url) = (scenario.directory, scenario.date, scenario.url)
        #expect(try await load(launch(directory.url, date: date), url) == ImagePixelSize(width: 30, height: 10))
        #expect(try await scenario.requests() == 1)
        // A second launch within max-age asks for nothing.
        date.advance(by: 50)
        let second = try launch(directory.url, date: date)
        #expect(try await load(second, url) == ImagePixelSize(width: 30, height: 10))
        #expect(try await scenario.requests() == 1)
        #expect(second.statistics.diskCacheHits == 1 && second.statistics.downloadsStarted == 0)
        // Stale: revalidated with If-None-Match; the 304 reuses the stored data.
        date.advance(by: 100)
        let third = try launch(directory.url, date: date)
        #expect(try await load(third, url) == ImagePixelSize(width: 30, height: 10))
        #expect(try await scenario.requests() == 2)
        #expect(try await scenario.notModified() == 1)
        #expect(third.statistics.notModifiedResponses == 1)
        // The 304 carried max-age=100 again: fresh for another 100 s from now.
        date.advance(by: 90)
        #expect(try await load(launch(directory.url, date: date), url) == ImagePixelSize(width: 30, height: 10))
        #expect(try await scenario.requests() == 2)
    }

    @Test func lastModifiedRevalidatesWithIfModifiedSince() async throws {
        let scenario = try Scenario(query: "w=40&h=40&cache=no-cache&lastmod=1")
        let (directory, date, url) = (scenario.directory, scenario.date, scenario.url)
        // no-cache: stored, but every use asks the server first.
        for launchNumber in 1...3 {
            #expect(try await load(launch(directory.url, date: date), url) == ImagePixelSize(width: 30, height: 30))
            #expect(try await scenario.requests() == launchNumber)
        }
        #expect(try await scenario.notModified() == 2)
    }

    @Test func noStoreIsNeverStored() async throws {
        let scenario = try Scenario(query: "w=40&h=40&cache=no-store&etag=1")
        let (directory, date, url) = (scenario.directory, scenario.date, scenario.url)
        _ = try await load(launch(directory.url, date: date), url)
        _ = try await load(launch(directory.url, date: date), url)
        #expect(try await scenario.requests() == 2)
        #expect(try await scenario.notModified() == 0)
        #expect(try DiskDataCache(directory: directory.url).count == 0)
    }

    @Test(arguments: [(3600, 1), (-60, 2)])
    func expiresDecidesFreshnessWithoutMaxAge(expires: Int, requests: Int) async throws {
        let scenario = try Scenario(query: "w=40&h=40&expires=\(expires)")
        let (directory, date, url) = (scenario.directory, scenario.date, scenario.url)
        _ = try await load(launch(directory.url, date: date), url)
        date.advance(by: 60)
        _ = try await load(launch(directory.url, date: date), url)
        #expect(try await scenario.requests() == requests)
    }

    @Test func entriesExpireByAgeWhateverTheirFreshness() async throws {
        let scenario = try Scenario(query: "w=40&h=40&cache=max-age%3D999999")
        let (directory, date, url) = (scenario.directory, scenario.date, scenario.url)
        _ = try await load(launch(directory.url, date: date, maximumAge: 100), url)
        date.advance(by: 99)
        _ = try await load(launch(directory.url, date: date, maximumAge: 100), url)
        #expect(try await scenario.requests() == 1)
        date.advance(by: 2)
        _ = try await load(launch(directory.url, date: date, maximumAge: 100), url)
        #expect(try await scenario.requests() == 2)
    }

    @Test func cacheControlParsing() throws {
        let url = URL(string: "http://example.com/a.png")!
        let now = Date(timeIntervalSince1970: 1_000_000)
        func metadata(_ headers: [String: String]) -> HTTPCacheMetadata? {
            HTTPCacheMetadata(response: DataResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headers: headers),
                              receivedAt: now, defaultLifetime: 500)
        }
        #expect(metadata(["Cache-Control": "public, Max-Age=\"60\""])?.freshUntil == now + 60)
        #expect(metadata(["Cache-Control": "max-age=60", "Age": "20"])?.freshUntil == now + 40)
        #expect(metadata(["Cache-Control": "max-age=60, no-cache"])?.freshUntil == now)
        #expect(metadata(["Cache-Control": "private, no-store"]) == nil)
        #expect(metadata([:])?.freshUntil == now + 500)
        #expect(metadata(["Expires": "0"])?.freshUntil == now)
        #expect(metadata(["Date": "Sun, 06 Nov 1994 08:49:37 GMT", "Expires": "Sun, 06 Nov 1994 08:59:37 GMT"])?.freshUntil == now + 600)
        // Heuristic: a tenth of the time since Last-Modified, at most the default lifetime.
        #expect(metadata(["Date": "Sun, 06 Nov 1994 08:49:37 GMT", "Last-Modified": "Sun, 06 Nov 1994 08:39:37 GMT"])?.freshUntil == now + 60)
        let validated = metadata(["ETag": "\"abc\"", "Last-Modified": "Sun, 06 Nov 1994 08:39:37 GMT"])
        #expect(validated?.conditionalHeaders == ["If-None-Match": "\"abc\"", "If-Modified-Since": "Sun, 06 Nov 1994 08:39:37 GMT"])
    }
}
