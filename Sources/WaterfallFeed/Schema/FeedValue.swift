import Foundation

/// A value of a page document (JSON or property list) before a `FeedSchema` picks fields from
/// it: the tree the key paths walk.
///
/// Property-list values JSON has no form for (dates, data) become `.null`, so a page carrying
/// them still loads.
public enum FeedValue: Sendable, Hashable, Decodable {
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

    /// Decodes any JSON or property-list value.
    public init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var elements: [FeedValue] = []
            if let count = list.count { elements.reserveCapacity(count) }
            while !list.isAtEnd {
                elements.append(try list.decode(FeedValue.self))
            }
            self = .array(elements)
            return
        }
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: FeedValue] = [:]
            for key in keyed.allKeys {
                members[key.stringValue] = try keyed.decode(FeedValue.self, forKey: key)
            }
            self = .object(members)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let integer = try? single.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else if let text = try? single.decode(String.self) {
            self = .string(text)
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else {
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

/// A coding key for any member name of an object.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
