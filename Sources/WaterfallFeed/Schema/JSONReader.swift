/// Reads a JSON document (RFC 8259, UTF-8, any value at the top) into a ``FeedValue``, enforcing
/// a ``FeedPageLimits``' nesting depth and container count as it goes.
///
/// The reader keeps its open arrays and objects on a stack of its own, not the call stack, so no
/// nesting can overflow a thread's stack. Numbers written without a fraction or exponent that fit
/// in 64 bits stay exact (`.integer`); other numbers become `.number`, and one too large for a
/// `Double` is refused. A key given twice keeps its last value.
struct JSONReader: DocumentReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var budget: DocumentBudget

    /// An array or object being read: its values so far and, in an object, the key of the next one.
    private struct Frame {
        let isObject: Bool
        var elements: [FeedValue] = []
        var members: [String: FeedValue] = [:]
        var key = ""
    }

    init(bytes: UnsafeBufferPointer<UInt8>, budget: DocumentBudget) {
        self.bytes = bytes
        self.budget = budget
    }

    mutating func document() throws(FeedDocumentError) -> FeedValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        var frames: [Frame] = []
        reading: while true {
            skipWhitespace()
            var value: FeedValue
            switch peek() {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let isObject = peek() == UInt8(ascii: "{")
                let start = index
                try budget.open(depth: frames.count + 1) { textLocation(of: start, in: bytes) }
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: isObject ? "}" : "]") {
                    index += 1
                    value = isObject ? .object([:]) : .array([])
                } else {
                    frames.append(Frame(isObject: isObject, key: isObject ? try memberKey() : ""))
                    continue reading
                }
            default:
                value = try scalar()
            }
            // Put the value into its container, and close the containers that end after it.
            while let last = frames.indices.last {
                if frames[last].isObject {
                    let key = frames[last].key
                    frames[last].members[key] = value
                } else {
                    frames[last].elements.append(value)
                }
                skipWhitespace()
                let closing = UInt8(ascii: frames[last].isObject ? "}" : "]")
                switch peek() {
                case UInt8(ascii: ","):
                    index += 1
                    if frames[last].isObject { frames[last].key = try memberKey() }
                    continue reading
                case closing:
                    index += 1
                    let frame = frames.removeLast()
                    value = frame.isObject ? .object(frame.members) : .array(frame.elements)
                default:
                    throw invalid(frames[last].isObject ? "expected ',' or '}' after a member of an object"
                                                        : "expected ',' or ']' after an element of an array")
                }
            }
            skipWhitespace()
            guard index == bytes.count else { throw invalid("unexpected text after the document") }
            return value
        }
    }

    /// An object's next key and its colon.
    private mutating func memberKey() throws(FeedDocumentError) -> String {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw invalid("expected a key in double quotes") }
        let key = try string()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw invalid("expected ':' after a key") }
        index += 1
        return key
    }

    private mutating func scalar() throws(FeedDocumentError) -> FeedValue {
        switch peek() {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try word("true", .bool(true))
        case UInt8(ascii: "f"): return try word("false", .bool(false))
        case UInt8(ascii: "n"): return try word("null", .null)
        case UInt8(ascii: "-"), .some(UInt8(ascii: "0")...UInt8(ascii: "9")): return try number()
        case nil: throw invalid("the document ends where a value should be")
        default: throw invalid("expected a value")
        }
    }

    private mutating func word(_ word: StaticString, _ value: FeedValue) throws(FeedDocumentError) -> FeedValue {
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= text.count, zip(bytes[index...], text).allSatisfy(==) else {
            throw invalid("expected a value")
        }
        index += text.count
        return value
    }

    private mutating func number() throws(FeedDocumentError) -> FeedValue {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        if peek() == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw invalid("a number needs digits")
        }
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits() > 0 else { throw invalid("a number needs digits after its decimal point") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw invalid("a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let number = Double(text), number.isFinite else {
            index = start
            throw invalid("the number \(text.prefix(40)) is too large")
        }
        return .number(number)
    }

    /// Skips decimal digits; returns how many.
    private mutating func digits() -> Int {
        let start = index
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }

    /// A string, from its opening quote; UTF-8 checked, escapes resolved.
    private mutating func string() throws(FeedDocumentError) -> String {
        let opening = index
        index += 1
        let start = index
        while let byte = peek(), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { index += 1 }
        let text: String?
        if peek() == UInt8(ascii: "\"") {
            text = String(validating: bytes[start..<index], as: UTF8.self)
        } else {
            var utf8 = Array(bytes[start..<index])
            try readEscapedRest(into: &utf8, opening: opening)
            text = String(validating: utf8, as: UTF8.self)
        }
        guard let text else {
            index = opening
            throw invalid("a string is not valid UTF-8")
        }
        index += 1
        return text
    }

    /// The rest of a string that holds escapes, up to (not past) its closing quote.
    private mutating func readEscapedRest(into utf8: inout [UInt8], opening: Int) throws(FeedDocumentError) {
        while let byte = peek(), byte != UInt8(ascii: "\"") {
            guard byte >= 0x20 else { throw invalid("a control character inside a string (it must be written as an escape)") }
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                continue
            }
            let escape = peek()
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape!)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                UTF8.encode(try escapedScalar()) { utf8.append($0) }
            default:
                index -= 1
                throw invalid("an unknown escape in a string")
            }
        }
        if peek() == nil {
            index = opening
            throw invalid("a string is not closed")
        }
    }

    /// The scalar of a `\uXXXX` escape (after its `\u`), or of two that form a UTF-16 surrogate pair.
    private mutating func escapedScalar() throws(FeedDocumentError) -> Unicode.Scalar {
        let unit = try hexUnit()
        if (0xD800..<0xDC00).contains(unit), bytes.count - index >= 6,
           bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
            index += 2
            let low = try hexUnit()
            if (0xDC00..<0xE000).contains(low),
               let scalar = Unicode.Scalar(0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(low) - 0xDC00)) {
                return scalar
            }
        }
        guard let scalar = Unicode.Scalar(unit) else { throw invalid("a \\u escape names half of a UTF-16 surrogate pair") }
        return scalar
    }

    private mutating func hexUnit() throws(FeedDocumentError) -> UInt16 {
        guard bytes.count - index >= 4,
              let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
              bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") }) else {
            throw invalid("a \\u escape needs four hexadecimal digits")
        }
        index += 4
        return unit
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// An error at the current byte.
    private func invalid(_ reason: String) -> FeedDocumentError {
        let found = peek().map { $0 >= 0x21 && $0 < 0x7F ? " (found '\(Character(Unicode.Scalar($0)))')" : "" } ?? ""
        return .invalid(location: textLocation(of: index, in: bytes), reason: reason + found)
    }
}
