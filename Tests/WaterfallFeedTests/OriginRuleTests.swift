import Foundation
import Testing
@testable import WaterfallFeed

/// The origin rules (`ContentOrigin`, `RedirectRule`) against the fixture server: a remote feed
/// cannot make the app read local files, directly or through a redirect.
@Suite("Origin rules")
struct OriginRuleTests {
    typealias Pipeline = ImagePipeline<HeaderImageDecoder>

    func pipeline(_ loader: any DataLoading) -> Pipeline {
        Pipeline(decoder: HeaderImageDecoder(), configuration: .init(dataLoader: loader, transientRetry: .once))
    }

    /// `/doc?json=…` on the shared server: a page made of `json`.
    func documentURL(_ server: TestServer, _ json: String) -> URL {
        let escaped = json.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? json
        return server.url("/doc?json=\(escaped)&k=\(uniqueKey())")
    }

    func refusal(_ outcome: ImageTask<HeaderImageDecoder.FakeImage>.Outcome) -> String? {
        guard case .failure(.loadFailed(let failure)) = outcome, case .refused(let reason) = failure.kind else { return nil }
        return reason
    }

    @Test func fileURLsInARemoteFeedAreRefusedWithoutARead() async throws {
        let server = try TestServer.get()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("origin-\(uniqueKey())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("photo.png")
        try ImageFiles.png(width: 8, height: 6).write(to: photo)
        let remote = server.urlString("/img/\(uniqueKey()).png?w=40&h=30")
        let page = documentURL(server, """
            [{"img": "\(remote)", "w": 40, "h": 30},
             {"img": "file:///dev/zero", "w": 1, "h": 1},
             {"img": "file:///proc/self/environ", "w": 1, "h": 1},
             {"img": "\(photo.absoluteString)", "w": 8, "h": 6}]
            """)
        let loader = RecordingDataLoader()
        let feed = HTTPFeed(source: try FeedSource(template: page.absoluteString), dataLoader: loader)
        let items = try await feed.page(at: .page(1)).items
        #expect(items.count == 4, "items with refused images stay (they show \"Image unavailable\")")
        #expect(items.allSatisfy { $0.origin == .remote })
        let pipeline = pipeline(loader)
        var refused = 0
        for item in items {
            let request = ImageRequest(url: item.imageURL, targetSize: ImagePixelSize(width: 100, height: 100), origin: item.origin)
            let outcome = await pipeline.imageTask(for: request).outcome()
            if item.imageURL.isFileURL {
                let reason = refusal(outcome)
                #expect(reason?.contains("http(s)") == true, "\(item.imageURL): \(outcome)")
                refused += 1
            } else if case .failure(let error) = outcome {
                Issue.record("the http image loads: \(error)")
            }
        }
        #expect(refused == 3)
        #expect(pipeline.statistics.imagesFailed == 3, "each refusal counts as a failure")
        #expect(pipeline.statistics.imagesLoaded == 1)
        #expect(loader.requestedURLs.allSatisfy { !$0.isFileURL }, "no file URL reached the loader: \(loader.requestedURLs)")
        // Prefetching the same URLs does not read them either.
        pipeline.prefetch(urls: [URL(string: "file:///dev/zero")!], targetSize: ImagePixelSize(width: 9, height: 9), origin: .remote)
        #expect(loader.requestedURLs.allSatisfy { !$0.isFileURL })
    }

    @Test func aRemotePageMayNotLinkToALocalNextPage() async throws {
        let server = try TestServer.get()
        let remote = server.urlString("/img/\(uniqueKey()).png")
        let page = documentURL(server, #"{"items": [{"img": "\#(remote)", "w": 1, "h": 1}], "next": "file:///etc/hostname"}"#)
        let loader = RecordingDataLoader()
        let feed = HTTPFeed(source: try FeedSource(template: page.absoluteString), dataLoader: loader)
        await #expect(throws: FeedError.load(DataLoadFailure(url: URL(string: "file:///etc/hostname")!,
                                                             kind: .refused("next page: a page fetched over http(s) may only reference http(s) URLs, not file: URL")))) {
            _ = try await feed.page(at: .page(1))
        }
        #expect(loader.requestedURLs == [page])
    }

    @Test func redirectsToFileURLsAreNotFollowed() async throws {
        let server = try TestServer.get()
        let loader = RecordingDataLoader()
        let target = "file:///etc/hostname"
        let image = server.url("/redirect?to=\(target)&k=\(uniqueKey())")
        let outcome = await pipeline(loader).imageTask(for: ImageRequest(url: image, targetSize: ImagePixelSize(width: 9, height: 9))).outcome()
        #expect(refusal(outcome) == "redirect to \(target) leaves http(s)", "\(outcome)")
        // swift-corelibs-foundation would have asked for http://127.0.0.1:PORT/etc/hostname.
        #expect(try await server.requestCount("/etc/hostname") == 0)
        // The same for a page: a feed error naming the rule.
        let feed = HTTPFeed(source: try FeedSource(template: server.urlString("/redirect?to=\(target)&k=\(uniqueKey())")), dataLoader: loader)
        do {
            _ = try await feed.page(at: .page(1))
            Issue.record("a page redirected to a file fails")
        } catch {
            guard case .load(let failure) = error, case .refused(let reason) = failure.kind else {
                Issue.record("expected a refusal, got \(error)")
                return
            }
            #expect(reason.contains("leaves http(s)"))
            #expect(error.description.contains(target), "\(error.description)")
        }
    }

    @Test func redirectRuleKeepsTransfersOnHTTPAndNeverDowngradesTLS() {
        let http = URL(string: "http://a.test/x")!
        let https = URL(string: "https://a.test/x")!
        #expect(RedirectRule.refusal(from: http, to: https) == nil)
        #expect(RedirectRule.refusal(from: http, to: URL(string: "http://b.test/y")!) == nil)
        #expect(RedirectRule.refusal(from: https, to: URL(string: "https://b.test/y")!) == nil)
        #expect(RedirectRule.refusal(from: https, to: http)?.contains("down to http") == true)
        for target in ["file:///etc/passwd", "data:image/png;base64,AAAA", "ftp://a.test/x", "gopher://a.test/"] {
            #expect(RedirectRule.refusal(from: http, to: URL(string: target)!) != nil, "\(target)")
        }
    }

    /// Mixed content, as browsers treat it: an https page's http images load over https, and it
    /// cannot lead to an http next page, by a link in the page or in its `Link` header.
    @Test func anHTTPSPageUpgradesItsHTTPImagesAndRefusesAnHTTPNextPage() throws {
        let secure = URL(string: "https://shop.test/feed/2.json")!
        let page = try FeedPage.decode(Data(#"""
            {"items": [{"img": "http://cdn.test/a.jpg", "w": 1, "h": 1},
                       {"img": "http://cdn.test:80/b.jpg?x=1", "w": 1, "h": 1},
                       {"img": "http://cdn.test:8080/c.jpg", "w": 1, "h": 1},
                       {"img": "https://cdn.test/d.jpg", "w": 1, "h": 1}], "next": null}
            """#.utf8), pageURL: secure, templateNext: nil)
        #expect(page.items.map(\.imageURL.absoluteString)
                == ["https://cdn.test/a.jpg", "https://cdn.test/b.jpg?x=1", "https://cdn.test:8080/c.jpg", "https://cdn.test/d.jpg"])
        #expect(page.items.allSatisfy { $0.origin == .secureRemote })
        #expect(ContentOrigin.secureRemote.refusal(of: URL(string: "http://cdn.test/a.jpg")!)?.contains("mixed content") == true)
        let next = URL(string: "http://shop.test/feed/3.json")!
        #expect(throws: FeedError.load(DataLoadFailure(url: next, kind: .refused(
            "next page: a page fetched over https may only reference https URLs, not http (mixed content: \(next.absoluteString))")))) {
            _ = try FeedPage.decode(Data(#"{"items": [{"img": "a.png", "w": 1, "h": 1}], "next": "http://shop.test/feed/3.json"}"#.utf8),
                                    pageURL: secure, templateNext: nil)
        }
        // An http page's http images and next pages stay as they are.
        let plain = try FeedPage.decode(Data(#"{"items": [{"img": "http://cdn.test/a.jpg", "w": 1, "h": 1}], "next": "3.json"}"#.utf8),
                                        pageURL: URL(string: "http://shop.test/feed/2.json")!, templateNext: nil)
        #expect(plain.items.map(\.imageURL.absoluteString) == ["http://cdn.test/a.jpg"])
        #expect(plain.items.first?.origin == .remote)
    }

    @Test func localFeedsReachOnlyTheirOwnFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("origin-\(uniqueKey())")
        let folder = root.appendingPathComponent("feed")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("secret".utf8).write(to: root.appendingPathComponent("outside.png"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link.png"),
                                                   withDestinationURL: root.appendingPathComponent("outside.png"))
        let origin = ContentOrigin(documentURL: folder.appendingPathComponent("feed.json"))
        guard case .folder(let directory) = origin else {
            Issue.record("a file page's origin is its folder, not \(origin)")
            return
        }
        #expect(directory.standardizedFileURL.path == folder.standardizedFileURL.path)
        #expect(origin.refusal(of: folder.appendingPathComponent("a.png")) == nil)
        #expect(origin.refusal(of: folder.appendingPathComponent("sub/b.png")) == nil)
        #expect(origin.refusal(of: URL(string: "https://cdn.test/c.png")!) == nil)
        #expect(origin.refusal(of: URL(fileURLWithPath: folder.path + "/../outside.png")) != nil, "`..` is resolved")
        #expect(origin.refusal(of: folder.appendingPathComponent("link.png")) != nil, "links are resolved")
        #expect(origin.refusal(of: URL(string: "file:///dev/zero")!) != nil)
        #expect(origin.refusal(of: folder) != nil, "the folder itself is not a file under it")
        #expect(origin.refusal(of: URL(string: "data:image/png;base64,AAAA")!) != nil)
        #expect(ContentOrigin.unrestricted.refusal(of: URL(string: "file:///dev/zero")!) == nil)
    }

    @Test func aFolderFeedDoesNotReachOutOfItsFolder() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("origin-\(uniqueKey())")
        let folder = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try ImageFiles.png(width: 8, height: 6).write(to: folder.appendingPathComponent("a.png"))
        try ImageFiles.png(width: 5, height: 5).write(to: root.appendingPathComponent("elsewhere.png"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("b.png"),
                                                   withDestinationURL: root.appendingPathComponent("elsewhere.png"))
        let items = try await FolderFeed(directory: folder).page(at: .page(1)).items
        #expect(items.map(\.id) == ["a.png"], "the link out of the folder is not listed")
        let item = try #require(items.first)
        #expect(item.origin == .folder(folder))
        let pipeline = pipeline(RecordingDataLoader())
        let size = ImagePixelSize(width: 50, height: 50)
        let first = await pipeline.imageTask(for: ImageRequest(url: item.imageURL, targetSize: size, origin: item.origin)).outcome()
        // Named anyway (as a local feed page could), the link is refused.
        let second = await pipeline.imageTask(for: ImageRequest(url: folder.appendingPathComponent("b.png"), targetSize: size,
                                                                origin: item.origin)).outcome()
        if case .failure(let error) = first { Issue.record("a file of the folder loads: \(error)") }
        #expect(refusal(second)?.contains("only reference files under") == true, "\(second)")
    }
}
