import Foundation
import Testing
@testable import WaterfallFeed

@Suite("Feed schemas: key paths, values, presets")
struct FeedSchemaTests {
    let pageURL = URL(string: "https://api.example.test/v1/photos?page=1")!

    func decode(_ text: String, _ schema: FeedSchema, templateNext: FeedCursor? = nil) throws(FeedError) -> FeedPage {
        try FeedPage.decode(Data(text.utf8), pageURL: pageURL, schema: schema, templateNext: templateNext)
    }

    @Test func keyPathSyntax() throws {
        let path = try FeedKeyPath(#"media.images["600x"].url"#)
        #expect(path.components == [.key("media"), .key("images"), .key("600x"), .key("url")])
        #expect(try FeedKeyPath("data.children[0].data").components == [.key("data"), .key("children"), .index(0), .key("data")])
        #expect(try FeedKeyPath("['a.b'][2]").components == [.key("a.b"), .index(2)])
        #expect(try FeedKeyPath("").components.isEmpty)
        for bad in ["a..b", ".a", "a.", "a[", "a[x]", #"a["x"#, "a[0]b", "a[-1]"] {
            #expect(throws: FeedSchemaError.self, "\(bad)") { try FeedKeyPath(bad) }
        }
    }

    @Test func lookupsAreLiberal() throws {
        let value = try FeedValue(json: Data(#"{"a": [{"b": 1}, {"0": "zero"}], "t": true, "n": 12.5, "i": 7}"#.utf8))
        #expect(try FeedKeyPath("t").value(in: value) == .bool(true))
        #expect(try FeedKeyPath("n").value(in: value) == .number(12.5))
        #expect(try FeedKeyPath("i").value(in: value) == .integer(7))
        #expect(try FeedKeyPath("a.0.b").value(in: value) == .integer(1))
        #expect(try FeedKeyPath("a[1][0]").value(in: value) == .string("zero"))
        #expect(try FeedKeyPath("a[2]").value(in: value) == nil)
        #expect(try FeedKeyPath("a.b").value(in: value) == nil)
    }

    @Test func mappingsParseAndRoundTrip() throws {
        let schema = try FeedSchema(mapping: #"items=data.list, img=media.images["6,0"].url|thumb,w=size.w,cursor=after,next=meta.after"#)
        #expect(schema.items.description == "data.list")
        #expect(schema.imageURL.paths.count == 2)
        #expect(schema.imageURL.paths[0].components[2] == .key("6,0"))
        #expect(schema.cursorParameter == "after")
        #expect(schema.height == FeedSchema.standard.height, "unspecified fields keep the defaults")
        #expect(try FeedSchema(mapping: schema.mapping) == schema)
        for name in FeedSchema.presetNames {
            let preset = try #require(FeedSchema.presets[name])
            #expect(try FeedSchema(mapping: preset.mapping) == preset, "\(name)")
            #expect(try FeedSchema(mapping: name) == preset)
        }
        #expect(try FeedSchema(mapping: "reddit,title=data.author").title.description == "data.author")
        #expect(try FeedSchema(mapping: "REDDIT").items.description == "data.children")
        #expect(try FeedSchema(mapping: "img=|a||b").imageURL.description == "a|b", "empty alternatives are skipped")
        for bad in ["img", "colour=x", "img=a..b", "cursor=a b", "nonsense", "", " , "] {
            #expect(throws: FeedSchemaError.self, "\(bad)") { try FeedSchema(mapping: bad) }
        }
        do {
            _ = try FeedSchema(mapping: "colour=x")
            Issue.record("an unknown field was accepted")
        } catch {
            #expect(error.description == "unknown field 'colour' (known: \(FeedSchema.fieldNames.joined(separator: ", ")))")
        }
    }

    @Test func valuesAreParsedLiberally() throws {
        let page = try decode("""
        {"data": {"list": [
          {"u": "https://cdn.test/a.jpg?x=1&amp;y=2", "w": "640", "h": 480.0, "t": "Fish &amp; chips &#39;n&#x27; &lt;b&gt; &quot;q&quot; &eacute;", "p": "€9,99", "i": 12345678901234567},
          {"u": null, "alt": "b.png", "w": null, "h": "  12 ", "p": 12.50, "i": "x"},
          {"u": "", "alt": "/c.png", "w": 0, "h": -1, "extra": {"deep": [1, 2]}},
          {"alt": null},
          "not an object",
          {"u": "http://[broken"}
        ]}}
        """, try FeedSchema(mapping: "items=data.list,img=u|alt,w=w,h=h,title=t,price=p,id=i"))
        #expect(page.items.count == 3)
        #expect(page.droppedItemCount == 3, "no image URL, not an object")
        #expect(page.items[0].imageURL.absoluteString == "https://cdn.test/a.jpg?x=1&y=2")
        #expect(page.items[0].pixelWidth == 640 && page.items[0].pixelHeight == 480)
        #expect(page.items[0].title == "Fish & chips 'n' <b> \"q\" é")
        #expect(page.items[0].price == "€9,99")
        #expect(page.items[0].id == "12345678901234567", "integer ids stay exact")
        #expect(page.items[1].imageURL.absoluteString == "https://api.example.test/v1/b.png")
        #expect(!page.items[1].hasValidPixelSize)
        #expect(page.items[1].price == "12.5")
        #expect(page.items[2].imageURL.absoluteString == "https://api.example.test/c.png")
        #expect(page.items[2].pixelWidth == 0 && !page.items[2].hasValidPixelSize)
    }

    @Test func wrongTypesAreErrorsNamingThePath() {
        let schema = try! FeedSchema(mapping: #"items=r,img=m["600x"].url,w=m["600x"].width"#)
        #expect(throws: FeedError.malformed(url: pageURL, location: #"item 1: key 'm["600x"].width'"#,
                                            reason: #"key 'm["600x"].width' is not a number"#)) {
            try decode(#"{"r": [{"m": {"600x": {"url": "a"}}}, {"m": {"600x": {"url": "b", "width": "wide"}}}]}"#, schema)
        }
        #expect(throws: FeedError.malformed(url: pageURL, location: "item 0: key 'w'", reason: "key 'w' is not a number")) {
            try decode(#"[{"img": "a.png", "w": true}]"#, .standard)
        }
        #expect(throws: FeedError.malformed(url: pageURL, location: "key 'r'", reason: "key 'r' is missing")) {
            try decode(#"{"data": []}"#, schema)
        }
    }

    @Test func urlsWithSpacesOrUnicodeAreEncoded() throws {
        let page = try decode(#"[{"img": " /photos/a b/ü.jpg?q=x y "}, {"img": "https://cdn.test/%E2%9C%93.png"}]"#, .standard)
        #expect(page.items.map(\.imageURL.absoluteString)
            == ["https://api.example.test/photos/a%20b/%C3%BC.jpg?q=x%20y", "https://cdn.test/%E2%9C%93.png"])
    }

    @Test func linksResolveAgainstThePageAndAreOptional() throws {
        let page = try decode(#"[{"img": "a.jpg", "link": "/item/1"}, {"img": "b.jpg", "link": "https://shop.test/b"},"#
            + #" {"img": "c.jpg"}, {"img": "d.jpg", "link": null}]"#, .standard)
        #expect(page.items.map(\.link?.absoluteString) == ["https://api.example.test/item/1", "https://shop.test/b", nil, nil])
        let reddit = try decode(#"{"data": {"children": [{"data": {"name": "t3_a", "permalink": "/r/pics/comments/a/","#
            + #" "preview": {"images": [{"source": {"url": "https://i.redd.it/a.jpg"}}]}}}]}}"#, .reddit)
        #expect(reddit.items.first?.link?.absoluteString == "https://api.example.test/r/pics/comments/a/")
        #expect(try FeedSchema(mapping: "link=url").link.description == "url")
    }

    @Test func htmlEntities() {
        #expect(HTMLEntities.decode("a&amp;b") == "a&b")
        #expect(HTMLEntities.decode("&amp;amp; &#128512; &#xZZ; & &unknown; &") == "&amp; 😀 &#xZZ; & &unknown; &")
        #expect(HTMLEntities.decode("plain") == "plain")
    }

    @Test func nextStyles() throws {
        let items = #"[{"img": "a.png", "w": 1, "h": 1}]"#
        let urlStyle = try FeedSchema(mapping: "next=meta.next_page")
        #expect(try decode(#"{"items": \#(items), "meta": {"next_page": "/v1/photos?page=2&amp;x=1"}}"#, urlStyle).next
            == .url(URL(string: "https://api.example.test/v1/photos?page=2&x=1")!))
        #expect(try decode(#"{"items": \#(items), "meta": {"next_page": null}}"#, urlStyle, templateNext: .page(2)).next == nil)
        #expect(try decode(#"{"items": \#(items), "meta": {"next_page": ""}}"#, urlStyle, templateNext: .page(2)).next == nil)
        #expect(try decode(#"{"items": \#(items)}"#, urlStyle, templateNext: .page(2)).next == .page(2))

        let cursorStyle = try FeedSchema(mapping: "next=after,cursor=page")
        #expect(try decode(#"{"items": \#(items), "after": "a+b/c="}"#, cursorStyle).next
            == .url(URL(string: "https://api.example.test/v1/photos?page=a%2Bb%2Fc%3D")!))
        #expect(try decode(#"{"items": \#(items), "after": 42}"#, cursorStyle).next
            == .url(URL(string: "https://api.example.test/v1/photos?page=42")!))
        for end in [#""after": null"#, #""after": """#, #""other": 1"#] {
            #expect(try decode(#"{"items": \#(items), \#(end)}"#, cursorStyle, templateNext: .page(2)).next == nil, "\(end)")
        }
        #expect(try decode(#"{"items": [], "after": "x"}"#, cursorStyle).next == nil, "an empty page ends the feed")
    }

    @Test func cursorReplacesTheParameter() {
        let url = URL(string: "https://r.test/r/pics.json?limit=5&after=t3_old&after=t3_older&raw=1")!
        #expect(url.settingQueryParameter("after", to: "t3_new").absoluteString
            == "https://r.test/r/pics.json?limit=5&raw=1&after=t3_new")
        #expect(URL(string: "https://r.test/x")!.settingQueryParameter("c", to: "a b").absoluteString == "https://r.test/x?c=a%20b")
    }

    @Test func linkHeaders() {
        let base = URL(string: "https://shop.test/admin/products.json?limit=2")!
        let header = LinkHeader(#"<https://shop.test/p.json?page_info=abc>; rel="previous", <p.json?page_info=def&limit=2>; title="a, b; c"; rel="NEXT last""#, relativeTo: base)
        #expect(header.next?.absoluteString == "https://shop.test/admin/p.json?page_info=def&limit=2")
        #expect(header.links.count == 2)
        #expect(header.isPaging)
        let last = LinkHeader(#"<https://shop.test/p.json?page_info=abc>; rel=previous"#, relativeTo: base)
        #expect(last.next == nil && last.isPaging)
        #expect(!LinkHeader(#"<https://x.test/style.css>; rel=stylesheet"#, relativeTo: base).isPaging)
        #expect(LinkHeader("garbage, <unclosed", relativeTo: base).links.isEmpty)
    }

    @Test func propertyListPagesWork() throws {
        let object: [String: Any] = ["data": ["list": [["u": "a.png", "w": "3", "h": 4, "when": Date()]]], "after": "z"]
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let page = try FeedPage.decode(data, pageURL: pageURL, schema: try FeedSchema(mapping: "items=data.list,img=u,next=after,cursor=c"),
                                       templateNext: nil)
        #expect(page.items.map(\.pixelWidth) == [3])
        #expect(page.next == .url(URL(string: "https://api.example.test/v1/photos?page=1&c=z")!))
    }
}
