import FoundationEssentials

/// A value of a page document (JSON or property list) before a `FeedSchema` picks fields from
/// it: the tree the key paths walk.
///
/// Documents are read by the module's own readers, which enforce ``FeedPageLimits`` as they go;
/// property-list values JSON has no form for (dates, data) become `.null`, so a page carrying
/// them still loads.
public enum FeedValue: Sendable, Hashable {
    /// JSON `null` (or a property-list value with no JSON form).
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction that fits in 64 bits (kept exact, for ids).
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([FeedValue])
    /// An object (a property-list dictionary).
    case object([String: FeedValue])

    /// Reads a JSON document (any value at the top, not only arrays and objects), refusing it
    /// as soon as it nests deeper or holds more containers than `limits` allow.
    ///
    /// - Complexity: O(*n*) in the document size.
    /// - Throws: ``FeedDocumentError/invalid(location:reason:)`` naming the line and column;
    ///   ``FeedDocumentError/limitExceeded(_:)``.
    public init(json data: Data, limits: FeedPageLimits = .default) throws(FeedDocumentError) {
        self = try Self.read(data) { bytes throws(FeedDocumentError) in try JSONReader.read(bytes, limits: limits) }
    }

    /// Reads a property list (XML, or binary `bplist00`), refusing it as soon as it nests deeper
    /// or holds more containers than `limits` allow (in a binary one, a container is counted each
    /// time it is referenced).
    ///
    /// - Complexity: O(*n*) in the document size.
    /// - Throws: ``FeedDocumentError/invalid(location:reason:)`` naming the line and column, or
    ///   the binary object; ``FeedDocumentError/limitExceeded(_:)``.
    public init(propertyList data: Data, limits: FeedPageLimits = .default) throws(FeedDocumentError) {
        self = try Self.read(data) { bytes throws(FeedDocumentError) in
            bytes.starts(with: Array("bplist".utf8)) ? try BinaryPlistReader.read(bytes, limits: limits)
                                                     : try XMLPlistReader.read(bytes, limits: limits)
        }
    }

    /// Runs `reader` on the bytes of `data`.
    private static func read(_ data: Data, with reader: (UnsafeBufferPointer<UInt8>) throws(FeedDocumentError) -> FeedValue)
        throws(FeedDocumentError) -> FeedValue {
        try data.withUnsafeBytes { raw in
            Result { () throws(FeedDocumentError) in try reader(raw.bindMemory(to: UInt8.self)) }
        }.get()
    }

    /// Whether the value is absent in the sense of a feed field: `null` or an empty string.
    var isBlank: Bool {
        switch self {
        case .null: return true
        case .string(let text): return text.trimmingWhitespace.isEmpty
        default: return false
        }
    }

    /// The value as a number: a number, or a string holding one (surrounding spaces allowed).
    var number: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        case .string(let text): return Double(text.trimmingWhitespace)
        default: return nil
        }
    }

    /// The value as text: a string as given, a number in its shortest decimal form (`12` for
    /// 12.0, `19.99`), `nil` for anything else.
    var text: String? {
        switch self {
        case .string(let text): return text
        case .integer(let value): return String(value)
        case .number(let value) where value.isFinite:
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        default: return nil
        }
    }

    /// A short name of the value's kind, for error messages.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
