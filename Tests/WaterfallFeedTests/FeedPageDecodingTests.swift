import Foundation
import Testing
@testable import WaterfallFeed

@Suite("Feed page decoding")
struct FeedPageDecodingTests {
    let pageURL = URL(string: "https://example.test/feeds/shop/2.json")!

    func decode(_ text: String, templateNext: FeedCursor? = .page(3)) throws(FeedError) -> FeedPage {
        try FeedPage.decode(Data(text.utf8), pageURL: pageURL, templateNext: templateNext)
    }

    @Test func arrayPageWithMixedTypes() throws {
        let page = try decode("""
        [{"img": "https://cdn.test/a.jpg", "w": 200, "h": 300, "price": 12.5, "id": 7, "title": "A"},
         {"img": "b.png", "w": "150", "h": 100.5, "price": "¥9", "id": "x9"},
         {"img": "/c.gif", "w": 1, "h": 2, "price": 12, "id": 7.25, "extra": true}]
        """)
        #expect(page.items.count == 3)
        #expect(page.items[0] == FeedItem(id: "7", imageURL: URL(string: "https://cdn.test/a.jpg")!,
                                         pixelWidth: 200, pixelHeight: 300, price: "12.5", title: "A", origin: .secureRemote))
        #expect(page.items[1].imageURL.absoluteString == "https://example.test/feeds/shop/b.png")
        #expect(page.items[1].pixelWidth == 150)
        #expect(page.items[1].price == "¥9")
        #expect(page.items[1].id == "x9")
        #expect(page.items[2].imageURL.absoluteString == "https://example.test/c.gif")
        #expect(page.items[2].price == "12")
        #expect(page.items[2].id == "7.25")
        #expect(page.next == .page(3))
        #expect(page.droppedItemCount == 0)
    }

    @Test func objectPageNextLink() throws {
        let linked = try decode(#"{"items": [{"img": "a.png", "w": 1, "h": 1}], "next": "3.json?x=1"}"#)
        #expect(linked.next == .url(URL(string: "https://example.test/feeds/shop/3.json?x=1")!))
        let ended = try decode(#"{"items": [{"img": "a.png", "w": 1, "h": 1}], "next": null}"#)
        #expect(ended.next == nil)
        let unspecified = try decode(#"{"items": [{"img": "a.png", "w": 1, "h": 1}]}"#)
        #expect(unspecified.next == .page(3))
        let single = try decode(#"{"items": [{"img": "a.png", "w": 1, "h": 1}]}"#, templateNext: nil)
        #expect(single.next == nil)
    }

    @Test func emptyPageEndsFeed() throws {
        #expect(try decode("[]").next == nil)
        #expect(try decode(#"{"items": [], "next": "5.json"}"#).next == nil)
    }

    @Test func itemsWithoutValidSizesAreKept() throws {
        let page = try decode("""
        [{"img": "a.png", "w": 0, "h": 10}, {"img": "b.png", "w": 10, "h": -3},
         {"img": "c.png", "w": 10, "h": 10}, {"img": "d.png", "w": "nan", "h": 10}, {"img": "e.png"},
         {"img": "f.png", "w": null, "h": null}]
        """)
        #expect(page.items.map(\.imageURL.lastPathComponent) == ["a.png", "b.png", "c.png", "d.png", "e.png", "f.png"])
        #expect(page.items.map(\.hasValidPixelSize) == [false, false, true, false, false, false])
        #expect(page.droppedItemCount == 0)
    }

    @Test func itemsWithoutImagesAreDroppedAndCounted() throws {
        let page = try decode(#"[{"w": 1, "h": 1}, {"img": null}, {"img": ""}, 7, {"img": "a.png"}]"#)
        #expect(page.items.map(\.imageURL.lastPathComponent) == ["a.png"])
        #expect(page.droppedItemCount == 4)
        // A page whose items were all dropped is not empty: paging continues.
        #expect(try decode(#"[{"w": 1, "h": 1}]"#).next == .page(3))
    }

    @Test(arguments: [
        (#"[{"img": "a", "w": 1, "h": 1}, {"img": "b", "w": 1, "h": 1}, {"img": "c", "w": 1, "h": 1}, {"img": "d", "w": "abc", "h": 1}]"#,
         "item 3: key 'w'", "is not a number"),
        (#"{"items": [{"img": "a", "w": 1, "h": 1}, {"img": "b", "w": 1, "h": [1]}]}"#, "item 1: key 'h'", "is not a number"),
        (#"[{"img": 5, "w": 1, "h": 1}]"#, "item 0: key 'img'", ""),
        (#"[{"img": "a", "w": 1, "h": 1, "price": [1]}]"#, "item 0: key 'price'", "neither a string nor a number"),
        (#"{"items": [{"img": "a", "w": 1, "h": 1}], "next": 4}"#, "key 'next'", ""),
        (#"{"things": []}"#, "key 'items'", "is missing"),
        (#""hello""#, "", "array of items"),
    ])
    func malformedDocumentsSayWhere(document: String, location: String, reason: String) {
        #expect {
            try decode(document)
        } throws: { error in
            guard case .malformed(let url, let foundLocation, let foundReason) = error as? FeedError else { return false }
            return url == pageURL && foundLocation == location && (reason.isEmpty || foundReason.contains(reason))
        }
    }

    @Test func syntaxErrorsMentionPositionAndContentType() throws {
        do {
            _ = try FeedPage.decode(Data("[{\"img\": \"a\",\n \"w\": 1,, \"h\": 2}]".utf8), pageURL: pageURL,
                                    contentType: "text/html", templateNext: nil)
            Issue.record("decoding should have failed")
        } catch {
            guard case .malformed(_, let location, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(location == "line 2, column 9", "location: \(location)")
            #expect(reason.contains("text/html"), "reason: \(reason)")
            #expect(error.description.contains(pageURL.absoluteString))
        }
    }

    @Test func plistPagesUseTheSameKeys() throws {
        let items: [[String: Any]] = [
            ["img": "http://img.test/1.jpg", "w": 240, "h": 320.5, "price": "¥18.9"],
            ["img": "2.jpg", "w": 100, "h": 100, "price": 7, "id": 3],
        ]
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let data = try PropertyListSerialization.data(fromPropertyList: items, format: format, options: 0)
            let page = try FeedPage.decode(data, pageURL: pageURL, templateNext: nil)
            #expect(page.items.count == 2)
            #expect(page.items[0].pixelHeight == 320.5)
            #expect(page.items[0].price == "¥18.9")
            #expect(page.items[1].imageURL.absoluteString == "https://example.test/feeds/shop/2.jpg")
            #expect(page.items[1].id == "3")
            #expect(page.items[1].price == "7")
        }
        let object: [String: Any] = ["items": [["img": "a.png", "w": "x", "h": 1]]]
        let bad = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        #expect(throws: FeedError.malformed(url: pageURL, location: "item 0: key 'w'", reason: "key 'w' is not a number")) {
            try FeedPage.decode(bad, pageURL: pageURL, templateNext: nil)
        }
        #expect(throws: FeedError.self) {
            try FeedPage.decode(Data("<?xml version=\"1.0\"?><plist><array><dict>".utf8), pageURL: pageURL, templateNext: nil)
        }
    }

    @Test func itemsRoundTripThroughJSON() throws {
        let item = FeedItem(id: "9", imageURL: URL(string: "https://a.test/x.png")!, pixelWidth: 3, pixelHeight: 4,
                            price: "1.5", title: "t", colorHex: "#112233", blurHash: "LEHV6n",
                            origin: ContentOrigin(documentURL: pageURL))
        let data = try JSONEncoder().encode([item])
        #expect(try FeedPage.decode(data, pageURL: pageURL, templateNext: nil).items == [item])
    }

    @Test func deduplicationKeyPrefersID() {
        let url = URL(string: "https://a.test/x.png")!
        #expect(FeedItem(id: "1", imageURL: url, pixelWidth: 1, pixelHeight: 1).deduplicationKey
            != FeedItem(id: "2", imageURL: url, pixelWidth: 1, pixelHeight: 1).deduplicationKey)
        #expect(FeedItem(imageURL: url, pixelWidth: 1, pixelHeight: 1).deduplicationKey
            == FeedItem(imageURL: url, pixelWidth: 5, pixelHeight: 5).deduplicationKey)
    }

    @Test func feedSourceTemplates() throws {
        let paged = try FeedSource(template: "http://127.0.0.1:8/f/{page}.json?n={page}")
        #expect(paged.isPaged)
        #expect(paged.url(forPage: 12).absoluteString == "http://127.0.0.1:8/f/12.json?n=12")
        #expect(try !FeedSource(template: "file:///tmp/feed.plist").isPaged)
        #expect(throws: FeedError.invalidURL("not a url {page}")) { try FeedSource(template: "not a url {page}") }
        #expect(throws: FeedError.invalidURL("ftp://x/{page}")) { try FeedSource(template: "ftp://x/{page}") }
    }
}
