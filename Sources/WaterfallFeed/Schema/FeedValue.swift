import Foundation

/// A value of a page document (JSON or property list) before a `FeedSchema` picks fields from
/// it: the tree the key paths walk.
///
/// Documents are parsed by `JSONSerialization` or `PropertyListSerialization` (fast, and
/// Foundation's own limits apply) and converted; property-list values JSON has no form for
/// (dates, data) become `.null`, so a page carrying them still loads.
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

    /// Parses a JSON document (any value at the top, not only arrays and objects).
    ///
    /// - Complexity: O(*n*) in the document size.
    /// - Throws: `JSONSerialization`'s error, whose debug description names the byte offset.
    public init(json data: Data) throws {
        self.init(foundationObject: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// Parses a property list (XML or binary).
    ///
    /// - Complexity: O(*n*) in the document size.
    /// - Throws: `PropertyListSerialization`'s error.
    public init(propertyList data: Data) throws {
        self.init(foundationObject: try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
    }

    /// Converts what `JSONSerialization` or `PropertyListSerialization` produced. Booleans are
    /// told from numbers by their type (`NSNumber`'s `c` encoding, or Swift `Bool`); integers
    /// that fit in 64 bits stay exact.
    ///
    /// - Complexity: O(*n*) in the number of values.
    init(foundationObject object: Any) {
        switch object {
        case let text as String:
            self = .string(text)
        case let members as [String: Any]:
            self = .object(members.mapValues(FeedValue.init(foundationObject:)))
        case let elements as [Any]:
            self = .array(elements.map(FeedValue.init(foundationObject:)))
        case let flag as Bool where type(of: object) == Bool.self:
            self = .bool(flag)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": self = .bool(number.boolValue)
            case "d", "f": self = .number(number.doubleValue)
            case "Q" where number.uint64Value > UInt64(Int64.max): self = .number(number.doubleValue)
            default: self = .integer(number.int64Value)
            }
        default:
            self = .null
        }
    }

    /// Whether the value is absent in the sense of a feed field: `null` or an empty string.
    var isBlank: Bool {
        switch self {
        case .null: return true
        case .string(let text): return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        default: return false
        }
    }

    /// The value as a number: a number, or a string holding one (surrounding spaces allowed).
    var number: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        case .string(let text): return Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
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
