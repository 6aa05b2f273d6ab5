import Foundation
import SeededRandom
import Testing
@testable import WaterfallFeed

/// The module's own JSON and property-list readers against Foundation's writers: seeded random
/// value trees, written by `JSONSerialization` and `PropertyListSerialization` (XML and binary),
/// must read back as the trees they came from; and plain errors for documents that are not.
@Suite("Feed documents: JSON and property-list readers")
struct FeedDocumentReaderTests {
    /// A random tree `levels` deep at most; `null` only when `allowsNull` (plists have no null).
    func randomValue(levels: Int, allowsNull: Bool, using random: inout SplitMix64) -> FeedValue {
        let choice = random.next(below: levels > 0 ? 8 : 6)
        switch choice {
        case 0: return allowsNull ? .null : .bool(false)
        case 1: return .bool(random.next(below: 2) == 0)
        case 2:
            let magnitude = [Int64(9), 1_000, 1 << 40, .max][random.next(below: 4)]
            return .integer(Int64.random(in: -magnitude...magnitude, using: &random))
        case 3:
            // A fraction, so the writer cannot write the number as an integer.
            return .number(Double(Int.random(in: -1_000_000...1_000_000, using: &random)) + 0.5 * Double(random.next(below: 2) * 2 - 1)
                           + Double.random(in: 0.001..<0.4, using: &random))
        case 4, 5: return .string(randomText(using: &random))
        case 6:
            return .array((0..<random.next(below: 5)).map { _ in randomValue(levels: levels - 1, allowsNull: allowsNull, using: &random) })
        default:
            let members = (0..<random.next(below: 5)).map { _ in
                (randomText(using: &random), randomValue(levels: levels - 1, allowsNull: allowsNull, using: &random))
            }
            return .object(Dictionary(members, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// Text with what a writer must escape or encode: quotes, markup characters, backslashes,
    /// line breaks, tabs, accents, CJK and characters outside the BMP.
    func randomText(using random: inout SplitMix64) -> String {
        let pieces = ["a", "Z", "9", " ", "\"", "'", "<", ">", "&", "\\", "/", "\n", "\t", "é", "中", "🙂", "item", "&amp;", "]]>"]
        return (0..<random.next(below: 6)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
    }

    /// `value` as Foundation's serializers take it.
    func foundationObject(_ value: FeedValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .integer(let integer): return integer
        case .number(let number): return number
        case .string(let text): return text
        case .array(let elements): return elements.map(foundationObject)
        case .object(let members): return members.mapValues(foundationObject)
        }
    }

    @Test func randomTreesReadBackFromJSONSerialization() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["WATERFALL_READER_SEED"] ?? "") ?? 37
        print("JSON reader round trips: seed \(seed)")
        var random = SplitMix64(seed: seed)
        for round in 0..<400 {
            let tree = randomValue(levels: 5, allowsNull: true, using: &random)
            let data = try JSONSerialization.data(withJSONObject: foundationObject(tree), options: [.fragmentsAllowed])
            #expect(try FeedValue(json: data) == tree, "seed \(seed), round \(round): \(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func randomTreesReadBackFromPropertyListSerialization(format: PropertyListSerialization.PropertyListFormat) throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["WATERFALL_READER_SEED"] ?? "") ?? 37
        print("property-list reader round trips (\(format == .xml ? "XML" : "binary")): seed \(seed)")
        var random = SplitMix64(seed: seed)
        for round in 0..<400 {
            let tree = randomValue(levels: 5, allowsNull: false, using: &random)
            let data = try PropertyListSerialization.data(fromPropertyList: foundationObject(tree), format: format, options: 0)
            #expect(try FeedValue(propertyList: data) == tree, "seed \(seed), round \(round)")
        }
    }

    @Test func numbersKeepTheirKind() throws {
        #expect(try FeedValue(json: Data("[1, -0, 12.0, 1e2, 9223372036854775807, 9223372036854775808, -9223372036854775809]".utf8))
            == .array([.integer(1), .integer(0), .number(12), .number(100), .integer(.max), .number(9.223372036854775808e18),
                       .number(-9.223372036854775809e18)]))
        #expect(try FeedValue(json: Data(#""\u00e9\ud83d\ude42\n\"""#.utf8)) == .string("é🙂\n\""))
        let plist = #"<?xml version="1.0"?><!DOCTYPE plist><plist version="1.0"><dict><key>a &amp; b</key><integer> 18446744073709551615 </integer><key>d</key><date>2026-01-01T00:00:00Z</date><key>t</key><true/><key>s</key><string/><key>c</key><string><![CDATA[<x>]]>&#233;</string></dict></plist>"#
        #expect(try FeedValue(propertyList: Data(plist.utf8))
            == .object(["a & b": .number(Double(UInt64.max)), "d": .null, "t": .bool(true), "s": .string(""), "c": .string("<x>é")]))
    }

    @Test(arguments: [
        ("[1, 2", "line 1, column 6", "expected ',' or ']'"),
        ("{\"a\" 1}", "line 1, column 6", "expected ':'"),
        ("[01]", "line 1, column 3", "expected ',' or ']'"),
        ("\"tab\there\"", "line 1, column 5", "control character"),
        ("[1e999]", "line 1, column 2", "too large"),
        ("\"\\ud800\"", "line 1, column 8", "surrogate"),
        ("[]]", "line 1, column 3", "after the document"),
        ("", "line 1, column 1", "ends where a value should be"),
    ])
    func jsonErrorsSayWhereAndWhy(document: String, location: String, reason: String) {
        #expect {
            try FeedValue(json: Data(document.utf8))
        } throws: { error in
            guard case .invalid(let foundLocation, let foundReason) = error as? FeedDocumentError else { return false }
            return foundLocation == location && foundReason.contains(reason)
        }
    }

    @Test(arguments: [
        ("<plist><array><foo/></array></plist>", "is not a property-list element"),
        ("<plist><dict><string>x</string></dict></plist>", "without a <key>"),
        ("<plist><dict><key>x</key></dict></plist>", "a <key> without a value"),
        ("<plist><integer>x</integer></plist>", "is not an integer"),
        ("<plist><array></plist>", "an unexpected </plist>"),
        ("<plist><string>a &nbsp; b</string></plist>", "is not a character reference"),
    ])
    func propertyListErrorsSayWhy(document: String, reason: String) {
        #expect {
            try FeedValue(propertyList: Data(document.utf8))
        } throws: { error in
            guard case .invalid(_, let foundReason) = error as? FeedDocumentError else { return false }
            return foundReason.contains(reason)
        }
    }

    /// The readers enforce the limits themselves, without the page's byte scan in front of them.
    @Test func readersRefuseWhatBreaksTheLimits() {
        let limits = FeedPageLimits(maximumByteCount: 1 << 20, maximumNestingDepth: 8, maximumContainerCount: 50)
        let deep = Data((String(repeating: "[", count: 9) + String(repeating: "]", count: 9)).utf8)
        #expect(throws: FeedDocumentError.limitExceeded(.nestingDepth(limit: 8, location: "line 1, column 9"))) {
            try FeedValue(json: deep, limits: limits)
        }
        let many = Data(("[" + Array(repeating: "{}", count: 60).joined(separator: ",") + "]").utf8)
        #expect(throws: FeedDocumentError.limitExceeded(.containerCount(limit: 50))) { try FeedValue(json: many, limits: limits) }
        let xml = Data(("<plist>" + String(repeating: "<array>", count: 9) + "</plist>").utf8)
        #expect(throws: FeedDocumentError.limitExceeded(.nestingDepth(limit: 8, location: "line 1, column 64"))) {
            try FeedValue(propertyList: xml, limits: limits)
        }
        // Shared references count each time: 2⁷ - 1 arrays from a few bytes.
        let shared = FuzzDocuments.deepBinaryPlist(levels: 7, cycle: false, sharing: 2)
        #expect(throws: FeedDocumentError.limitExceeded(.containerCount(limit: 50))) { try FeedValue(propertyList: shared, limits: limits) }
        let cycle = FuzzDocuments.deepBinaryPlist(levels: 3, cycle: true)
        #expect {
            try FeedValue(propertyList: cycle, limits: limits)
        } throws: { error in
            guard case .limitExceeded(.nestingDepth(_, let location)) = error as? FeedDocumentError else { return false }
            return location.contains("reference cycle")
        }
    }
}
