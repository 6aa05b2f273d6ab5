import FoundationEssentials

/// A place in a page document where the value does not fit the schema, and why.
struct SchemaMismatch: Error {
    /// E.g. `item 3: key 'w'`.
    var location: String
    /// E.g. `key 'w' is not a number`.
    var reason: String
}

/// What a page says comes after it, before the feed's paging rules are applied.
enum PageNext: Equatable {
    /// The page does not say (the field is absent).
    case unspecified
    /// The page says the feed ends here (`null` or an empty string).
    case end
    /// A URL to follow (a `next` URL, or the page URL with the cursor parameter set).
    case url(URL)
}

extension FeedSchema {
    /// Picks the items and the next page out of a decoded page document.
    ///
    /// - Returns: the items in document order, how many elements were dropped (no image URL, one
    ///   that is not a URL, or not an object), whether the document's item array was empty, and its `next`.
    /// - Complexity: O(*n* · *p*) for *n* items and total path length *p*.
    /// - Throws: `SchemaMismatch` naming the place: no item array, or a field of the wrong type
    ///   (`w` that is not a number, `price` that is an array, `next` URL that is not a URL).
    func extract(from document: FeedValue, pageURL: URL) throws(SchemaMismatch)
        -> (items: [FeedItem], dropped: Int, isEmpty: Bool, next: PageNext) {
        let elements: [FeedValue]
        switch items.lookup(in: document)?.value {
        case .array(let found)?:
            elements = found
        case .null?, nil:
            if case .array(let page) = document {
                elements = page
            } else if case .object = document {
                throw SchemaMismatch(location: "key '\(items)'", reason: "key '\(items)' is missing")
            } else {
                throw SchemaMismatch(location: "", reason: "a page must be an array of items or an object with '\(items)'")
            }
        case let other?:
            if case .array(let page) = document {
                elements = page
            } else {
                throw SchemaMismatch(location: "key '\(items)'", reason: "key '\(items)' is \(other.kindName), not an array of items")
            }
        }
        var decoded: [FeedItem] = []
        decoded.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let item = try item(from: element, at: index, pageURL: pageURL) { decoded.append(item) }
        }
        return (decoded, elements.count - decoded.count, elements.isEmpty, try nextPage(in: document, pageURL: pageURL))
    }

    /// One item, or `nil` when the element has no usable image URL or is not an object.
    private func item(from element: FeedValue, at index: Int, pageURL: URL) throws(SchemaMismatch) -> FeedItem? {
        guard case .object = element else { return nil }
        func mismatch(_ path: FeedKeyPath, _ reason: String) -> SchemaMismatch {
            SchemaMismatch(location: "item \(index): key '\(path)'", reason: "key '\(path)' \(reason)")
        }
        func text(_ field: FeedField) throws(SchemaMismatch) -> String? {
            guard let (value, path) = field.lookup(in: element) else { return nil }
            guard let text = value.text else { throw mismatch(path, "is neither a string nor a number") }
            return text
        }
        func dimension(_ field: FeedField) throws(SchemaMismatch) -> Double {
            guard let (value, path) = field.lookup(in: element) else { return 0 }
            guard let number = value.number else { throw mismatch(path, "is not a number") }
            return number
        }
        var resolvedURL: URL?
        var wrongType: SchemaMismatch?
        for (value, path) in imageURL.candidates(in: element) {
            guard case .string(let raw) = value else {
                wrongType = wrongType ?? mismatch(path, "is \(value.kindName), not a URL")
                continue
            }
            if let url = Self.imageURL(from: raw, relativeTo: pageURL) {
                resolvedURL = url
                break
            }
        }
        guard let resolvedURL else {
            if let wrongType { throw wrongType }
            return nil
        }
        return FeedItem(id: try text(id), imageURL: resolvedURL,
                        pixelWidth: try dimension(width), pixelHeight: try dimension(height),
                        price: try text(price), title: try text(title).map(HTMLEntities.decode),
                        colorHex: try text(color), blurHash: try text(blurHash),
                        link: try text(link).flatMap { Self.imageURL(from: $0, relativeTo: pageURL) })
    }

    /// A URL from a page's text: HTML entities decoded, surrounding spaces dropped, characters
    /// a URL cannot hold (spaces, non-ASCII) percent-encoded, resolved against the page; `nil`
    /// when it still is not an absolute URL.
    static func imageURL(from raw: String, relativeTo pageURL: URL) -> URL? {
        URL(lenient: HTMLEntities.decode(raw), relativeTo: pageURL)
    }

    /// The page's `next`, as a URL (or, with a cursor parameter, the page URL carrying it).
    private func nextPage(in document: FeedValue, pageURL: URL) throws(SchemaMismatch) -> PageNext {
        guard !next.paths.isEmpty else { return cursorParameter == nil ? .unspecified : .end }
        let present = next.paths.lazy.compactMap { path in path.value(in: document).map { ($0, path) } }.first
        guard let (value, path) = present else { return cursorParameter == nil ? .unspecified : .end }
        if value.isBlank { return .end }
        if case .bool(false) = value { return .end }
        if let cursorParameter {
            guard let cursor = value.text else {
                throw SchemaMismatch(location: "key '\(path)'", reason: "key '\(path)' is \(value.kindName), not a cursor")
            }
            return .url(pageURL.settingQueryParameter(cursorParameter, to: cursor))
        }
        guard case .string(let raw) = value, let url = Self.imageURL(from: raw, relativeTo: pageURL) else {
            throw SchemaMismatch(location: "key '\(path)'", reason: "key '\(path)' is not a URL")
        }
        return .url(url)
    }
}

extension URL {
    /// `text` as an absolute URL, resolved against `base`, after trimming spaces and, when it
    /// does not parse as written, percent-encoding what a URL cannot hold; `nil` otherwise.
    init?(lenient text: String, relativeTo base: URL?) {
        let text = text.trimmingWhitespace
        let parsed = URL(string: text, relativeTo: base) ?? URL(string: text.percentEncoded {
            URLBytes.isQueryAllowed($0) || "#%[]".utf8.contains($0)
        }, relativeTo: base)
        guard let url = parsed?.absoluteURL, url.scheme != nil else { return nil }
        self = url
    }

    /// This URL with query parameter `name` set to `value` (replacing every existing `name`,
    /// appended otherwise), the value percent-encoded so that cursors with `+`, `/` or `=`
    /// survive.
    ///
    /// - Complexity: O(length of the query).
    func settingQueryParameter(_ name: String, to value: String) -> URL {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: true) else { return self }
        let encode = { (text: String) in text.percentEncoded(keeping: URLBytes.isUnreserved) }
        var items = (components.percentEncodedQuery ?? "").split(separator: "&").filter { pair in
            let key = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return (key.percentDecoded ?? key) != name
        }.map(String.init)
        items.append(encode(name) + "=" + encode(value))
        components.percentEncodedQuery = items.joined(separator: "&")
        return components.url ?? self
    }
}
