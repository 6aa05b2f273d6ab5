/// Reads an XML property list into a ``FeedValue``, enforcing a ``FeedPageLimits``' nesting depth
/// and container count as it goes.
///
/// It reads what Apple's format holds: an optional XML declaration, document type and `<plist>`
/// element around one value; `<dict>` (with `<key>`s), `<array>`, `<string>`, `<integer>`,
/// `<real>`, `<true/>` and `<false/>`; comments, CDATA sections and the five predefined and
/// numeric character references. `<date>` and `<data>`, which JSON has no form for, become `.null`.
/// Open containers live on a stack of the reader's own, not the call stack.
struct XMLPlistReader: DocumentReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var budget: DocumentBudget

    /// An `<array>` or `<dict>` being read: its values so far and, in a dictionary, the key of
    /// the next one (`nil` until its `<key>` is read).
    private struct Frame {
        let isDictionary: Bool
        var elements: [FeedValue] = []
        var members: [String: FeedValue] = [:]
        var key: String?
    }

    /// A start or end tag.
    private struct Tag {
        let name: String
        let isEnd: Bool
        /// `<name/>`: an element without content.
        let isEmpty: Bool
        /// Where its `<` is.
        let offset: Int
    }

    init(bytes: UnsafeBufferPointer<UInt8>, budget: DocumentBudget) {
        self.bytes = bytes
        self.budget = budget
    }

    mutating func document() throws(FeedDocumentError) -> FeedValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        var tag = try nextTag()
        let isWrapped = tag.name == "plist" && !tag.isEnd
        if isWrapped {
            tag = try nextTag()
        }
        let value = try value(startingWith: tag)
        if isWrapped {
            let end = try nextTag()
            guard end.isEnd, end.name == "plist" else { throw invalid(at: end.offset, "expected </plist> after the value") }
        }
        skipMarkup()
        guard index == bytes.count else { throw invalid(at: index, "unexpected text after the property list") }
        return value
    }

    /// The value that starts with `tag`, and all it holds.
    private mutating func value(startingWith first: Tag) throws(FeedDocumentError) -> FeedValue {
        var frames: [Frame] = []
        var tag = first
        reading: while true {
            if let last = frames.indices.last, frames[last].isDictionary, frames[last].key == nil, !tag.isEnd {
                guard tag.name == "key" else { throw invalid(at: tag.offset, "a value in a <dict> without a <key>") }
                frames[last].key = try text(of: tag)
                tag = try nextTag()
                continue reading
            }
            var value: FeedValue
            if tag.isEnd {
                guard let last = frames.indices.last, tag.name == (frames[last].isDictionary ? "dict" : "array"),
                      frames[last].key == nil else {
                    throw invalid(at: tag.offset, frames.last?.key != nil ? "a <key> without a value" : "an unexpected </\(tag.name)>")
                }
                let frame = frames.removeLast()
                value = frame.isDictionary ? .object(frame.members) : .array(frame.elements)
            } else if tag.name == "array" || tag.name == "dict" {
                let offset = tag.offset
                try budget.open(depth: frames.count + 1) { textLocation(of: offset, in: bytes) }
                if tag.isEmpty {
                    value = tag.name == "dict" ? .object([:]) : .array([])
                } else {
                    frames.append(Frame(isDictionary: tag.name == "dict"))
                    tag = try nextTag()
                    continue reading
                }
            } else {
                value = try scalar(tag)
            }
            guard let last = frames.indices.last else { return value }
            if let key = frames[last].key {
                frames[last].members[key] = value
                frames[last].key = nil
            } else {
                frames[last].elements.append(value)
            }
            tag = try nextTag()
        }
    }

    /// The value of an element that is not a container.
    private mutating func scalar(_ tag: Tag) throws(FeedDocumentError) -> FeedValue {
        switch tag.name {
        case "string": return .string(try text(of: tag))
        case "true", "false":
            _ = try text(of: tag)
            return .bool(tag.name == "true")
        case "date", "data":
            _ = try text(of: tag)
            return .null
        case "integer":
            let text = try text(of: tag).trimmingWhitespace
            if let integer = Int64(text) { return .integer(integer) }
            if let large = UInt64(text) { return .number(Double(large)) }
            throw invalid(at: tag.offset, "'\(text.prefix(40))' is not an integer")
        case "real":
            let text = try text(of: tag).trimmingWhitespace
            guard let real = Double(text) else { throw invalid(at: tag.offset, "'\(text.prefix(40))' is not a number") }
            return .number(real)
        case "key":
            throw invalid(at: tag.offset, "a <key> outside a <dict>")
        default:
            throw invalid(at: tag.offset, "<\(tag.name)> is not a property-list element")
        }
    }

    /// The text inside the element that `tag` opens, up to its end tag: character references
    /// resolved, CDATA sections taken as they are, comments left out.
    private mutating func text(of tag: Tag) throws(FeedDocumentError) -> String {
        if tag.isEmpty { return "" }
        var utf8: [UInt8] = []
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "<"):
                if matches("<![CDATA[") {
                    let start = index + 9
                    index = end(of: "]]>", from: start)
                    utf8.append(contentsOf: bytes[start..<max(start, index - 3)])
                } else if matches("<!--") {
                    index = end(of: "-->", from: index + 4)
                } else {
                    let end = try nextTag()
                    guard end.isEnd, end.name == tag.name else {
                        throw invalid(at: end.offset, "<\(tag.name)> holds an element; expected </\(tag.name)>")
                    }
                    guard let text = String(validating: utf8, as: UTF8.self) else {
                        throw invalid(at: tag.offset, "the text of <\(tag.name)> is not valid UTF-8")
                    }
                    return text
                }
            case UInt8(ascii: "&"):
                UTF8.encode(try reference()) { utf8.append($0) }
            default:
                utf8.append(bytes[index])
                index += 1
            }
        }
        throw invalid(at: tag.offset, "<\(tag.name)> is not closed")
    }

    /// A character reference (`&amp;`, `&#233;`, `&#xE9;`), from its `&`.
    private mutating func reference() throws(FeedDocumentError) -> Unicode.Scalar {
        let start = index
        guard let semicolon = bytes[start...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw invalid(at: start, "an '&' that starts no character reference (write it as &amp;)")
        }
        let name = String(decoding: bytes[start + 1..<semicolon], as: UTF8.self)
        index = semicolon + 1
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let code = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16)
                : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
            guard let code, let scalar = Unicode.Scalar(code) else {
                throw invalid(at: start, "&\(name); is not a character reference")
            }
            return scalar
        }
    }

    /// The next tag, after white space, comments, processing instructions and a document type.
    private mutating func nextTag() throws(FeedDocumentError) -> Tag {
        skipMarkup()
        guard index < bytes.count else { throw invalid(at: index, "the document ends where an element should be") }
        guard bytes[index] == UInt8(ascii: "<") else { throw invalid(at: index, "text outside an element") }
        let offset = index
        index += 1
        let isEnd = bytes.indices.contains(index) && bytes[index] == UInt8(ascii: "/")
        if isEnd { index += 1 }
        let nameStart = index
        while index < bytes.count, !Self.isNameEnd(bytes[index]) { index += 1 }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        guard !name.isEmpty else { throw invalid(at: offset, "a '<' that starts no element (write it as &lt;)") }
        // Attributes (`<plist version="1.0">`) are skipped: no element of a property list needs them.
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return Tag(name: name, isEnd: isEnd, isEmpty: bytes[index - 2] == UInt8(ascii: "/"), offset: offset)
            }
        }
        throw invalid(at: offset, "the tag <\(name) is not closed")
    }

    /// Skips white space, comments, processing instructions (`<?xml …?>`) and a document type.
    private mutating func skipMarkup() {
        while index < bytes.count {
            if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                index += 1
            } else if matches("<!--") {
                index = end(of: "-->", from: index + 4)
            } else if matches("<?") {
                index = end(of: "?>", from: index + 2)
            } else if matches("<!DOCTYPE") {
                index = end(of: ">", from: index + 9)
            } else {
                return
            }
        }
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool {
        [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(byte)
    }

    private func matches(_ text: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        return bytes.count - index >= pattern.count && zip(bytes[index...], pattern).allSatisfy(==)
    }

    /// The index after the first `terminator` at or after `offset`, or the end.
    private func end(of terminator: StaticString, from offset: Int) -> Int {
        let pattern = UnsafeBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount)
        var position = offset
        while bytes.count - position >= pattern.count {
            if zip(bytes[position...], pattern).allSatisfy(==) { return position + pattern.count }
            position += 1
        }
        return bytes.count
    }

    private func invalid(at offset: Int, _ reason: String) -> FeedDocumentError {
        .invalid(location: textLocation(of: offset, in: bytes), reason: reason)
    }
}
