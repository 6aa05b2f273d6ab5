import Foundation
import SeededRandom

/// The three encodings a feed page can arrive in.
enum PageFormat: CaseIterable {
    case json
    case xmlPlist
    case binaryPlist

    /// `tree` (JSON- and plist-compatible values) encoded in this format, with dictionary keys in
    /// sorted order so that a seed gives the same bytes in every process (Foundation writes binary
    /// plists in the dictionary's hash order, which Swift seeds per process).
    func encode(_ tree: Any) throws -> Data {
        switch self {
        case .json: return try JSONSerialization.data(withJSONObject: tree, options: [.fragmentsAllowed, .sortedKeys])
        case .xmlPlist: return try PropertyListSerialization.data(fromPropertyList: tree, format: .xml, options: 0)
        case .binaryPlist: return BinaryPlistWriter.data(of: tree)
        }
    }
}

/// A small binary-plist writer (arrays, dictionaries with sorted keys, strings, integers, reals,
/// booleans; no shared objects), so fuzz cases are reproducible from their seed.
enum BinaryPlistWriter {
    /// `tree` as a `bplist00` document.
    static func data(of tree: Any) -> Data {
        var objects: [(body: [UInt8], references: [Int])] = []
        func add(_ value: Any) -> Int {
            let index = objects.count
            objects.append(([], []))
            var children: [Any] = []
            let body: [UInt8]
            if let array = value as? [Any] {
                body = marker(0xA, count: array.count)
                children = array
            } else if let dictionary = value as? [String: Any] {
                let keys = dictionary.keys.sorted()
                body = marker(0xD, count: keys.count)
                children = keys + keys.map { dictionary[$0]! }
            } else if let flag = value as? Bool {
                body = [flag ? 0x09 : 0x08]
            } else if let number = value as? Int {
                body = [0x13] + bigEndian(UInt64(bitPattern: Int64(number)), size: 8)
            } else if let number = value as? Double {
                body = [0x23] + bigEndian(number.bitPattern, size: 8)
            } else {
                // ASCII strings (the empty one included: Foundation refuses an empty UTF-16 one)
                // as bytes, others as UTF-16.
                let text = String(describing: value)
                let units = Array(text.utf16)
                body = text.utf8.allSatisfy { $0 < 0x80 }
                    ? marker(0x5, count: text.utf8.count) + Array(text.utf8)
                    : marker(0x6, count: units.count) + units.flatMap { bigEndian(UInt64($0), size: 2) }
            }
            objects[index] = (body, children.map(add))
            return index
        }
        _ = add(tree)
        let referenceSize = objects.count < 1 << 8 ? 1 : objects.count < 1 << 16 ? 2 : 4
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object.body + object.references.flatMap { bigEndian(UInt64($0), size: referenceSize) }
        }
        let offsetTable = bytes.count
        let offsetSize = offsetTable < 1 << 16 ? 2 : 4
        bytes += offsets.flatMap { bigEndian(UInt64($0), size: offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        bytes += bigEndian(UInt64(objects.count), size: 8) + bigEndian(0, size: 8) + bigEndian(UInt64(offsetTable), size: 8)
        return Data(bytes)
    }

    /// An object marker of `kind` with `count` (inline below 15, else a following integer).
    static func marker(_ kind: UInt8, count: Int) -> [UInt8] {
        count < 15 ? [kind << 4 | UInt8(count)] : [kind << 4 | 0xF, 0x13] + bigEndian(UInt64(count), size: 8)
    }

    /// The low `size` bytes of `value`, most significant first.
    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
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

    /// A binary plist of `levels` nested arrays, written directly (object *i* holds `sharing`
    /// references to object *i* + 1, so it decodes to `sharing`^`levels` arrays); `cycle` makes
    /// the innermost array refer back to the top.
    static func deepBinaryPlist(levels: Int, cycle: Bool, sharing: Int = 1) -> Data {
        let referenceSize = levels < 1 << 8 ? 1 : levels < 1 << 16 ? 2 : 4
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in 0..<levels {
            offsets.append(bytes.count)
            let last = object == levels - 1
            let reference = BinaryPlistWriter.bigEndian(UInt64(last ? 0 : object + 1), size: referenceSize)
            bytes += last && !cycle
                ? [0xA0] : [0xA0 | UInt8(sharing)] + Array([[UInt8]](repeating: reference, count: sharing).joined())
        }
        let offsetTable = bytes.count
        let offsetSize = offsetTable < 1 << 16 ? 2 : 4
        bytes += offsets.flatMap { BinaryPlistWriter.bigEndian(UInt64($0), size: offsetSize) }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        bytes += BinaryPlistWriter.bigEndian(UInt64(levels), size: 8) + BinaryPlistWriter.bigEndian(0, size: 8)
            + BinaryPlistWriter.bigEndian(UInt64(offsetTable), size: 8)
        return Data(bytes)
    }
}
