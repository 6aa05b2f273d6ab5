import Foundation

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
    /// whose size is absent or invalid are kept (see `FeedItem.hasValidPixelSize`).
    ///
    /// What comes next is decided in this order: an empty item array ends the feed; a `next`
    /// URL (absolute or relative to `pageURL`), or with `schema.cursorParameter` a cursor put
    /// into `pageURL`'s query, is followed; a `null` or empty `next` ends the feed, and so does
    /// an absent one in the cursor style; otherwise `templateNext` (the template's next page
    /// number, or `nil` for a single document).
    ///
    /// - Complexity: O(*n*) in the document size.
    /// - Throws: `FeedError.malformed` naming the place, e.g. `item 3: key 'w'` with reason
    ///   `is not a number`, or the line and column of a JSON syntax error.
    public static func decode(_ data: Data, pageURL: URL, contentType: String? = nil,
                              schema: FeedSchema = .standard, templateNext: FeedCursor?) throws(FeedError) -> FeedPage {
        let isPropertyList = isPropertyList(data)
        let extracted: (items: [FeedItem], dropped: Int, isEmpty: Bool, next: PageNext)
        do {
            let document = isPropertyList
                ? try PropertyListDecoder().decode(FeedValue.self, from: data)
                : try JSONDecoder().decode(FeedValue.self, from: data)
            extracted = try schema.extract(from: document, pageURL: pageURL)
        } catch let mismatch as SchemaMismatch {
            throw .malformed(url: pageURL, location: mismatch.location, reason: mismatch.reason)
        } catch {
            let (location, reason) = describe(error, json: isPropertyList ? nil : data)
            let typeNote = contentType.map { " (content type \($0))" } ?? ""
            throw .malformed(url: pageURL, location: location, reason: reason + typeNote)
        }
        let next: FeedCursor?
        if extracted.isEmpty {
            next = nil
        } else {
            switch extracted.next {
            case .url(let url): next = .url(url)
            case .end: next = nil
            case .unspecified: next = templateNext
            }
        }
        return FeedPage(items: extracted.items, droppedItemCount: extracted.dropped, next: next)
    }

    private static func isPropertyList(_ data: Data) -> Bool {
        let head = data.prefix(64)
        if head.starts(with: Array("bplist".utf8)) { return true }
        guard let text = String(data: head, encoding: .utf8)?.drop(while: { $0.isWhitespace }) else {
            return false
        }
        return text.hasPrefix("<?xml") || text.hasPrefix("<!DOCTYPE plist") || text.hasPrefix("<plist")
    }

    /// Turns a `DecodingError` into a place in the document and a reason; `json` is the
    /// document when it was decoded as JSON.
    private static func describe(_ error: any Error, json: Data?) -> (location: String, reason: String) {
        guard let decodingError = error as? DecodingError else {
            return ("", String(describing: error))
        }
        let context: DecodingError.Context
        let fallback: String
        switch decodingError {
        case .typeMismatch(let type, let ctx):
            context = ctx
            fallback = "expected \(type)"
        case .valueNotFound(let type, let ctx):
            context = ctx
            fallback = "expected \(type) but found null"
        case .keyNotFound(let key, let ctx):
            return (location(of: ctx.codingPath + [key]), "key '\(key.stringValue)' is missing")
        case .dataCorrupted(let ctx) where ctx.codingPath.isEmpty && ctx.underlyingError == nil:
            return json.flatMap(syntaxError(in:)) ?? ("", ctx.debugDescription)
        case .dataCorrupted(let ctx):
            context = ctx
            fallback = "not a valid document"
        @unknown default:
            return ("", String(describing: decodingError))
        }
        var reason = context.debugDescription.isEmpty ? fallback : context.debugDescription
        if let underlying = context.underlyingError {
            let detail = (underlying as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                ?? String(describing: underlying)
            reason += " (\(detail))"
        }
        return (location(of: context.codingPath), reason)
    }

    /// The line and column of a JSON syntax error. `JSONDecoder` on Linux only says the data is
    /// not valid JSON; `JSONSerialization` names the byte offset, converted here to a line and
    /// column (1-based, columns counted in bytes).
    private static func syntaxError(in data: Data) -> (location: String, reason: String)? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not valid JSON"
            guard let range = detail.range(of: #"character \d+"#, options: .regularExpression),
                  let offset = Int(detail[range].dropFirst("character ".count)) else {
                return ("", detail)
            }
            let prefix = data.prefix(offset)
            let line = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? data.startIndex
            return ("line \(line), column \(offset - (lineStart - data.startIndex) + 1)", "invalid JSON (\(detail))")
        }
    }

    /// `["items", 3, "w"]` → `item 3: key 'w'`.
    private static func location(of path: [any CodingKey]) -> String {
        var parts: [String] = []
        for (position, key) in path.enumerated() {
            if let index = key.intValue {
                parts.append("item \(index)")
            } else if position == 0, key.stringValue == "items", path.count > 1 {
                continue
            } else {
                parts.append("key '\(key.stringValue)'")
            }
        }
        return parts.joined(separator: ": ")
    }
}
