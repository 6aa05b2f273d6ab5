import Foundation
import SeededRandom
import Testing
import WaterfallFeed

@Suite("Image headers and folder feeds")
struct ImageHeaderTests {
    @Test func seededRandomHeadersRoundTrip() throws {
        let directory = try TemporaryDirectory()
        for seed in UInt64(1)...300 {
            var random = SplitMix64(seed: seed)
            let format = ImageHeader.Format.allCases.randomElement(using: &random)!
            let variant = Int.random(in: 0..<6, using: &random)
            let limit = min(ImageFiles.maximumDimension(format, variant: variant), 70_000)
            let width = Int.random(in: 1...limit, using: &random)
            let height = Int.random(in: 1...limit, using: &random)
            let data = ImageFiles.bytes(format, width: width, height: height, variant: variant)
            let expected = ImageHeader(format: format, pixelWidth: width, pixelHeight: height)
            let context = "seed \(seed): \(format) variant \(variant) \(width)×\(height)"
            #expect(ImageHeader.read(from: data) == expected, "\(context)")
            let file = directory.url.appendingPathComponent("image-\(seed)")
            try data.write(to: file)
            #expect(ImageHeader.read(contentsOf: file) == expected, "\(context) (file)")
            // A truncated header is unreadable or, once complete, right: never a wrong size, and
            // once a prefix is readable every longer one is (the whole file is, checked above).
            var readableFrom: Int?
            for length in Array(stride(from: 0, to: min(data.count, 400), by: 7)) + [data.count] {
                let partial = ImageHeader.read(from: data.prefix(length))
                if partial != nil, readableFrom == nil { readableFrom = length }
                #expect(partial == (readableFrom == nil ? nil : expected), "\(context), first \(length) bytes")
            }
            #expect(readableFrom ?? 0 > 0, "\(context): the empty prefix is unreadable, the whole file readable")
        }
    }

    @Test func rejectsNonImages() {
        #expect(ImageHeader.read(from: Data()) == nil)
        #expect(ImageHeader.read(from: Data("<html>not an image</html>".utf8)) == nil)
        #expect(ImageHeader.read(from: ImageFiles.png(width: 0, height: 5)) == nil)
        // A JPEG whose scan starts before any frame header.
        let scanFirst = Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x04, 0, 0, 0xFF, 0xC0, 0, 17, 8, 0, 5, 0, 5])
        #expect(ImageHeader.read(from: scanFirst) == nil)
        #expect(ImageHeader.read(contentsOf: URL(fileURLWithPath: "/nonexistent/\(UUID()).png")) == nil)
    }

    @Test func folderFeedListsImagesWithSizes() async throws {
        let directory = try TemporaryDirectory()
        let files: [(String, Data)] = [
            ("b.png", ImageFiles.png(width: 640, height: 480)),
            ("a.JPG", ImageFiles.jpeg(width: 1024, height: 2048, variant: 1)),
            ("c.gif", ImageFiles.bytes(.gif, width: 30, height: 40)),
            ("d.webp", ImageFiles.webp(width: 5000, height: 300, variant: 2)),
            ("e.bmp", ImageFiles.bmp(width: 7, height: 9, variant: 2)),
            ("f.jpeg", Data("corrupt".utf8)),
            ("notes.txt", Data("hello".utf8)),
            (".hidden.png", ImageFiles.png(width: 1, height: 1)),
        ]
        for (name, data) in files {
            try data.write(to: directory.url.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("sub.png"),
                                                withIntermediateDirectories: false)
        let feed = FolderFeed(directory: directory.url, pageSize: 4)
        let first = try await feed.page(at: .page(1))
        #expect(first.items.map(\.id) == ["a.JPG", "b.png", "c.gif", "d.webp"])
        #expect(first.items.map(\.pixelWidth) == [1024, 640, 30, 5000])
        #expect(first.items.map(\.pixelHeight) == [2048, 480, 40, 300])
        #expect(first.items[0].imageURL == directory.url.appendingPathComponent("a.JPG"))
        #expect(first.next == .page(2))
        let second = try await feed.page(at: .page(2))
        #expect(second.items.map(\.id) == ["e.bmp"])
        #expect(second.droppedItemCount == 1)
        #expect(second.next == nil)

        let loader = FeedLoader(provider: feed)
        await loader.loadMore()
        await loader.loadMore()
        #expect(await loader.items.count == 5)
        #expect(await loader.state == .exhausted)
        #expect(await loader.statistics.droppedItems == 1)
    }

    @Test func unreadableFolderIsAPermanentError() async {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
        let loader = FeedLoader(provider: FolderFeed(directory: missing), retryPolicy: quickRetry)
        await loader.loadMore()
        guard case .failed(.unreadableFolder(let url, _), _) = await loader.state else {
            Issue.record("expected an unreadable-folder failure")
            return
        }
        #expect(url == missing)
    }
}
