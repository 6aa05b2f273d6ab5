import FoundationEssentials

/// Where a feed's fields are in its page documents, so a feed shaped like a real API (Unsplash,
/// Pexels, Reddit, Shopify, Pinterest…) loads without code.
///
/// Each field is a `FeedField`: key paths (`media.images["600x"].url`) with `|` fallbacks. Item
/// fields (`img`, `w`, `h`, `id`, `title`, `price`, `color`, `blur_hash`, `link`) are looked up in each
/// element of the `items` array, so items nested deeper than their array are reached by longer
/// paths (Reddit: `items=data.children`, `img=data.preview.images[0].source.url`). `next` is
/// looked up in the page.
///
/// Paging: when `cursorParameter` is `nil`, `next` is a URL (absolute or relative to the page)
/// to follow; otherwise it is an opaque cursor, and the next page is the current page's URL with
/// the query parameter `cursorParameter` set to it (replacing the one there). A `Link: <URL>;
/// rel="next"` response header is followed whenever present (see `HTTPFeed`).
///
/// `standard` is the project's own format: `[{"img", "w", "h", "id", "title", "price"}]` or
/// `{"items": [...], "next": URL | null}`.
public struct FeedSchema: Sendable, Hashable {
    /// Where the item array is; the empty path is the page itself. A page that is itself an
    /// array is the item array whenever the path finds nothing in it.
    public var items: FeedField
    /// The image URL (absolute, or relative to the page URL), HTML entities decoded. An item
    /// whose image URL is absent is dropped and counted in `FeedPage.droppedItemCount`.
    public var imageURL: FeedField
    /// The image width in pixels: a number or a string holding one. Absent, `null`, zero,
    /// negative or not finite means unknown (the item is kept; see `FeedItem.hasValidPixelSize`).
    public var width: FeedField
    /// The image height in pixels, as `width`.
    public var height: FeedField
    /// The item's identity (a string or a number).
    public var id: FeedField
    /// The title, HTML entities decoded.
    public var title: FeedField
    /// The price: a string shown as given, or a number in its shortest form.
    public var price: FeedField
    /// The next page's URL or, with `cursorParameter`, its cursor; looked up in the page.
    public var next: FeedField
    /// The query parameter the `next` cursor goes into, or `nil` when `next` is a URL.
    public var cursorParameter: String?
    /// A placeholder colour, e.g. `#60544D` (Unsplash `color`, Pexels `avg_color`).
    public var color: FeedField
    /// A BlurHash placeholder string (Unsplash `blur_hash`).
    public var blurHash: FeedField
    /// The web page the item stands for (absolute, or relative to the page URL, as `img`); a
    /// value that cannot be made a URL leaves the item without a link.
    public var link: FeedField

    /// Creates a schema; unspecified fields are those of `standard`.
    public init(items: FeedField = "items", imageURL: FeedField = "img", width: FeedField = "w",
                height: FeedField = "h", id: FeedField = "id", title: FeedField = "title",
                price: FeedField = "price", next: FeedField = "next", cursorParameter: String? = nil,
                color: FeedField = "color", blurHash: FeedField = "blur_hash", link: FeedField = "link") {
        self.items = items
        self.imageURL = imageURL
        self.width = width
        self.height = height
        self.id = id
        self.title = title
        self.price = price
        self.next = next
        self.cursorParameter = cursorParameter
        self.color = color
        self.blurHash = blurHash
        self.link = link
    }

    /// The project's own page format (the keys `FeedItem`'s `Encodable` conformance writes).
    public static let standard = FeedSchema()

    /// The field names a mapping may set, in the order of `--map`'s documentation.
    public static let fieldNames = ["items", "img", "w", "h", "id", "title", "price", "next", "cursor",
                                    "color", "blur_hash", "link"]

    /// A preset name (`unsplash`, …; see `presets`) or a mapping such as
    /// `items=data.children,img=data.preview.images[0].source.url,next=data.after,cursor=after`.
    ///
    /// A mapping is a comma-separated list of `field=PATH` (commas inside quoted keys are kept);
    /// its first entry may be a preset name to start from instead of `standard`
    /// (`reddit,title=data.author`). Fields it does not name keep their values; `field=` unmaps
    /// a field (`items=` means the page is the array; `cursor=` means `next` is a URL).
    ///
    /// - Throws: `FeedSchemaError` with a one-line message.
    public init(mapping: String) throws(FeedSchemaError) {
        var entries = Self.split(mapping, on: ",").map { $0.trimmingSpaces }
        entries.removeAll(where: \.isEmpty)
        var schema = FeedSchema.standard
        guard let first = entries.first else { throw .invalidEntry(mapping) }
        if !first.contains("=") {
            guard let preset = Self.presets[first.lowercased()] else { throw .invalidEntry(first) }
            schema = preset
            entries.removeFirst()
        }
        for entry in entries {
            guard let equals = entry.firstIndex(of: "=") else { throw .invalidEntry(entry) }
            let name = entry[..<equals].trimmingSpaces.lowercased()
            let value = String(entry[entry.index(after: equals)...])
            try schema.set(name, to: value)
        }
        self = schema
    }

    /// Sets one field by its mapping name.
    private mutating func set(_ name: String, to value: String) throws(FeedSchemaError) {
        switch name {
        case "cursor":
            let parameter = value.trimmingSpaces
            if parameter.isEmpty {
                cursorParameter = nil
            } else {
                guard !parameter.contains(where: { "=&#?".contains($0) || $0.isWhitespace }) else {
                    throw .invalidCursorParameter(parameter)
                }
                cursorParameter = parameter
            }
        case "items": items = value.trimmingSpaces.isEmpty
            ? FeedField(paths: [try FeedKeyPath("")]) : try FeedField(value)
        case "img": imageURL = try FeedField(value)
        case "w": width = try FeedField(value)
        case "h": height = try FeedField(value)
        case "id": id = try FeedField(value)
        case "title": title = try FeedField(value)
        case "price": price = try FeedField(value)
        case "next": next = try FeedField(value)
        case "color": color = try FeedField(value)
        case "blur_hash", "blurhash": blurHash = try FeedField(value)
        case "link": link = try FeedField(value)
        default: throw .unknownField(name, known: Self.fieldNames)
        }
    }

    /// The mapping text of this schema (every field, `cursor` last when set), which
    /// `init(mapping:)` reads back to an equal schema.
    public var mapping: String {
        var entries = [("items", items), ("img", imageURL), ("w", width), ("h", height), ("id", id),
                       ("title", title), ("price", price), ("next", next), ("color", color),
                       ("blur_hash", blurHash), ("link", link)].map { "\($0.0)=\($0.1)" }
        if let cursorParameter { entries.append("cursor=\(cursorParameter)") }
        return entries.joined(separator: ",")
    }

    /// Splits `text` on `separator` outside single or double quotes.
    ///
    /// - Complexity: O(*n*).
    static func split(_ text: String, on separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == separator {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }
}
