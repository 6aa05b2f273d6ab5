import Foundation
import SeededRandom

/// The three encodings a feed page can arrive in.
enum PageFormat: CaseIterable {
    case json
    case xmlPlist
    case binaryPlist

    /// `tree` (JSON- and plist-compatible values) encoded in this format.
    func encode(_ tree: Any) throws -> Data {
        switch self {
        case .json: return try JSONSerialization.data(withJSONObject: tree, options: [.fragmentsAllowed])
        case .xmlPlist: return try PropertyListSerialization.data(fromPropertyList: tree, format: .xml, options: 0)
        case .binaryPlist: return try PropertyListSerialization.data(fromPropertyList: tree, format: .binary, options: 0)
        }
    }
}

/// Random feed-page documents and the independent facts about them the tests check against.
struct FuzzDocuments {
    var random: SplitMix64

    /// A page of 0–5 items, as an array or an `{"items", "next"}` object.
    mutating func page() -> Any {
        let items = (0..<random.next(below: 6)).map { _ in item() }
        guard random.next(below: 3) == 0 else { return items }
        return ["items": items, "next": random.next(below: 2) == 0 ? "3.json" : "https://a.test/next"] as [String: Any]
    }

    /// An item with the page keys, some of them of surprising types or sizes.
    mutating func item() -> [String: Any] {
        var item: [String: Any] = ["img": "https://img.test/\(random.next(below: 1000)).jpg",
                                   "w": random.next(below: 2000) + 1, "h": Double(random.next(below: 20_000)) / 7,
                                   "price": "¥\(random.next(below: 99))", "id": random.next(below: 1_000_000)]
        if random.next(below: 4) == 0 {
            let key = ["img", "w", "h", "price", "id", "title"][random.next(below: 6)]
            item[key] = oddValue()
        }
        return item
    }

    /// A value a server should not send: huge numbers and strings, wrong types, nesting.
    mutating func oddValue() -> Any {
        switch random.next(below: 9) {
        case 0: return Double.greatestFiniteMagnitude
        case 1: return -Double.leastNonzeroMagnitude
        case 2: return Int.max
        case 3: return Int.min
        case 4: return String(repeating: "ẞ\"<\\", count: 1 + random.next(below: 20_000))
        case 5: return ["nested": [1, 2, 3]] as [String: Any]
        case 6: return [[[]]] as [Any]
        case 7: return random.next(below: 2) == 0
        default: return ""
        }
    }

    /// `tree` wrapped in `levels` one-element arrays.
    static func wrapped(_ tree: Any, levels: Int) -> Any {
        (0..<levels).reduce(tree) { inner, _ in [inner] }
    }

    /// How deeply arrays and dictionaries nest in `tree`: a scalar is 0, `[[]]` is 2.
    static func depth(of tree: Any) -> Int {
        if let array = tree as? [Any] { return 1 + (array.map(depth(of:)).max() ?? 0) }
        if let dictionary = tree as? [String: Any] { return 1 + (dictionary.values.map(depth(of:)).max() ?? 0) }
        return 0
    }

    /// Text documents nested `levels` deep by repetition, without building a tree (serializers
    /// recurse too): JSON `[[[…]]]` or an XML plist of nested arrays; `closed` adds the closings.
    static func deepText(_ format: PageFormat, levels: Int, closed: Bool) -> Data {
        let (open, close, head, tail) = format == .json
            ? ("[", "]", "", "")
            : ("<array>", "</array>", #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"#, "</plist>")
        let closing = closed ? String(repeating: close, count: levels) + tail : ""
        return Data((head + String(repeating: open, count: levels) + closing).utf8)
    }

    /// A binary plist of `levels` nested one-element arrays, written directly (object *i* holds a
    /// reference to object *i* + 1); `cycle` makes the innermost array refer back to the top.
    static func deepBinaryPlist(levels: Int, cycle: Bool) -> Data {
        let referenceSize = levels < 1 << 8 ? 1 : levels < 1 << 16 ? 2 : 4
        func bigEndian(_ value: Int, _ size: Int) -> [UInt8] {
            (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in 0..<levels {
            offsets.append(bytes.count)
            let last = object == levels - 1
            bytes += last && !cycle ? [0xA0] : [0xA1] + bigEndian(last ? 0 : object + 1, referenceSize)
        }
        let offsetTable = bytes.count
        let offsetSize = offsetTable < 1 << 16 ? 2 : 4
        bytes += offsets.flatMap { bigEndian($0, offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        bytes += bigEndian(levels, 8) + bigEndian(0, 8) + bigEndian(offsetTable, 8)
        return Data(bytes)
    }
}
