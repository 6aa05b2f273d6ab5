import FoundationEssentials

extension FeedPage {
    /// Decodes a page document shaped as `schema` says (by default the project's own format: a
    /// JSON array of items, or an object `{"items": [...], "next": "URL" | null}`), as JSON or
    /// as a property list (XML or binary).
    ///
    /// The format is recognised from the bytes, not from the content type, so a JSON page served
    /// as `text/plain` still loads; the content type only appears in the error message when the
    /// document cannot be read.
    ///
    /// Items without a usable image URL are dropped and counted in `droppedItemCount`; items
    /// whose size is absent or invalid are kept (see `FeedItem.hasValidPixelSize`). Every item's
    /// `origin` is the page's (`ContentOrigin(documentURL: pageURL)`): an image URL the origin
    /// may not name keeps its item, and the image pipeline refuses to load it.
    ///
    /// What comes next is decided in this order: an empty item array ends the feed; a `next`
    /// URL (absolute or relative to `pageURL`), or with `schema.cursorParameter` a cursor put
    /// into `pageURL`'s query, is followed; a `null` or empty `next` ends the feed, and so does
    /// an absent one in the cursor style; otherwise `templateNext` (the template's next page
    /// number, or `nil` for a single document).
    ///
    /// Before any decoder runs, the document is checked against `limits` (size and nesting).
    ///
    /// - Complexity: O(*n*) in the document size.
    /// - Throws: `FeedError.limitExceeded` naming the limit and the place; `FeedError.malformed`
    ///   naming the place, e.g. `item 3: key 'w'` with reason `is not a number`, or the line and
    ///   column of a JSON syntax error; `FeedError.load` with
    ///   ``DataLoadFailure/Kind/refused(_:)`` for a `next` URL the page's origin may not name
    ///   (a `file:` URL in an `http` page), which is never fetched.
    public static func decode(_ data: Data, pageURL: URL, contentType: String? = nil,
                              schema: FeedSchema = .standard, templateNext: FeedCursor?,
                              limits: FeedPageLimits = .default) throws(FeedError) -> FeedPage {
        try limits.check(data, pageURL: pageURL)
        let isPropertyList = isPropertyList(data)
        let document: FeedValue
        do throws(FeedDocumentError) {
            document = isPropertyList ? try FeedValue(propertyList: data, limits: limits) : try FeedValue(json: data, limits: limits)
        } catch {
            switch error {
            case .limitExceeded(let violation):
                throw .limitExceeded(url: pageURL, violation)
            case .invalid(let location, let reason):
                let typeNote = contentType.map { " (content type \($0))" } ?? ""
                throw .malformed(url: pageURL, location: location,
                                 reason: (isPropertyList ? "not a valid property list (" : "invalid JSON (") + reason + ")" + typeNote)
            }
        }
        let extracted: (items: [FeedItem], dropped: Int, isEmpty: Bool, next: PageNext)
        do throws(SchemaMismatch) {
            extracted = try schema.extract(from: document, pageURL: pageURL)
        } catch {
            throw .malformed(url: pageURL, location: error.location, reason: error.reason)
        }
        let origin = ContentOrigin(documentURL: pageURL)
        let next: FeedCursor?
        if extracted.isEmpty {
            next = nil
        } else {
            switch extracted.next {
            case .url(let url):
                if let refusal = origin.refusal(of: url) {
                    throw .load(DataLoadFailure(url: url, kind: .refused("next page: " + refusal)))
                }
                next = .url(url)
            case .end: next = nil
            case .unspecified: next = templateNext
            }
        }
        let items = extracted.items.map { item in
            var item = item
            item.origin = origin
            item.imageURL = origin.upgradingMixedContent(item.imageURL)
            return item
        }
        return FeedPage(items: items, droppedItemCount: extracted.dropped, next: next)
    }

    private static func isPropertyList(_ data: Data) -> Bool {
        let head = data.prefix(64)
        if head.starts(with: Array("bplist".utf8)) { return true }
        let text = String(decoding: head, as: UTF8.self).drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        return text.hasPrefix("<?xml") || text.hasPrefix("<!DOCTYPE plist") || text.hasPrefix("<plist")
    }
}
