import Foundation
import SeededRandom
import Testing
@testable import WaterfallFeed

/// A seeded mutation fuzzer over `FeedPage.decode`: valid pages in JSON, XML plist and binary
/// plist, mutated by byte flips, truncation, deep nesting, huge numbers and strings, wrong types
/// and invalid UTF-8. Every case must decode to a page of items with images or throw a
/// `FeedError` of the kinds a page can cause, with a message; a crash is the failure the fuzzer
/// is for.
///
/// `WATERFALL_FUZZ_CASES` (default 2,000) and `WATERFALL_FUZZ_SEED` (default 1) choose the run;
/// case *i* uses seed `WATERFALL_FUZZ_SEED + i`, printed by every failing check. When
/// `WATERFALL_FUZZ_TRACE` names a file, each case's seed is written there before it runs, so
/// `scripts/fuzz.sh` can name the seed of a case that crashed the process.
@Suite("Feed page fuzzing")
struct FeedPageFuzzTests {
    let pageURL = URL(string: "https://fuzz.test/feed/1.json")!
    let limits = FeedPageLimits.default

    enum Mutation: CaseIterable {
        case byteFlips, truncation, deepNesting, deepWrap, invalidUTF8, hugeNumberText, none
    }

    @Test func mutatedPagesDecodeOrThrowAFeedError() throws {
        let environment = ProcessInfo.processInfo.environment
        let cases = environment["WATERFALL_FUZZ_CASES"].flatMap { UInt64($0) } ?? 2_000
        let firstSeed = environment["WATERFALL_FUZZ_SEED"].flatMap { UInt64($0) } ?? 1
        let trace = environment["WATERFALL_FUZZ_TRACE"].flatMap { FileHandle(forWritingAtPath: $0) }
        var outcomes: [String: Int] = [:]
        for seed in firstSeed..<firstSeed + cases {
            try trace?.seek(toOffset: 0)
            trace?.write(Data("\(seed)\n".utf8))
            outcomes[try run(seed: seed), default: 0] += 1
        }
        #expect(outcomes.values.reduce(0, +) == Int(cases))
        if cases >= 500 {
            // Every kind of outcome must occur, or the mutations have stopped reaching the decoder.
            #expect(Set(outcomes.keys) == ["decoded", "malformed", "limitExceeded"], "\(outcomes)")
        }
        print("fuzz: \(cases) cases from seed \(firstSeed): \(outcomes.sorted { $0.key < $1.key })")
    }

    /// The fuzzer's own binary-plist writer must write what Foundation reads, or the binary
    /// cases would only ever test the error path.
    @Test func theBinaryPlistWriterWritesWhatFoundationReads() throws {
        for seed in UInt64(1)...50 {
            var documents = FuzzDocuments(random: SplitMix64(seed: seed))
            let tree = documents.page()
            let read = try PropertyListSerialization.propertyList(from: BinaryPlistWriter.data(of: tree), format: nil)
            #expect(try PageFormat.json.encode(read) == PageFormat.json.encode(tree), "seed \(seed)")
        }
    }

    /// Builds, mutates and decodes case `seed`; returns the kind of outcome.
    func run(seed: UInt64) throws -> String {
        var documents = FuzzDocuments(random: SplitMix64(seed: seed))
        let format = PageFormat.allCases[documents.random.next(below: 3)]
        let mutation = Mutation.allCases[documents.random.next(below: Mutation.allCases.count)]
        var tree = documents.page()
        var expectedDepth: Int?
        if mutation == .deepWrap {
            let levels = limits.maximumNestingDepth - 3 + documents.random.next(below: 6)
            tree = FuzzDocuments.wrapped(tree, levels: levels)
            expectedDepth = FuzzDocuments.depth(of: tree)
        }
        var data = try format.encode(tree)
        mutate(&data, by: mutation, format: format, random: &documents.random)
        do throws(FeedError) {
            let page = try FeedPage.decode(data, pageURL: pageURL, templateNext: nil, limits: limits)
            // Every item has an absolute image URL (items without one are dropped; items with a
            // bad size are kept, to be laid out at an estimate).
            let allUsable = page.items.allSatisfy { $0.imageURL.scheme != nil }
            #expect(allUsable, "seed \(seed): an item without an absolute image URL: \(page.items)")
            #expect(expectedDepth.map { $0 <= limits.maximumNestingDepth } ?? true,
                    "seed \(seed): depth \(expectedDepth ?? 0) decoded")
            return "decoded"
        } catch {
            if let expectedDepth {
                let refused = if case .limitExceeded = error { true } else { false }
                #expect(refused == (expectedDepth > limits.maximumNestingDepth),
                        "seed \(seed): depth \(expectedDepth), \(error)")
            }
            switch error {
            case .malformed(let url, _, let reason):
                #expect(url == pageURL && !reason.isEmpty, "seed \(seed): \(error)")
                return "malformed"
            case .limitExceeded(let url, _):
                #expect(url == pageURL && error.description.contains("limit of"), "seed \(seed): \(error)")
                return "limitExceeded"
            default:
                Issue.record("seed \(seed): a page cannot cause \(error)")
                return "other"
            }
        }
    }

    func mutate(_ data: inout Data, by mutation: Mutation, format: PageFormat, random: inout SplitMix64) {
        switch mutation {
        case .byteFlips:
            for _ in 0..<1 + random.next(below: 8) where !data.isEmpty {
                let index = data.startIndex + random.next(below: data.count)
                data[index] ^= UInt8(1 + random.next(below: 255))
            }
        case .truncation:
            data = data.prefix(random.next(below: data.count + 1))
        case .deepNesting:
            let levels = [65, 600, 10_000, 50_000][random.next(below: 4)]
            data = format == .binaryPlist
                ? FuzzDocuments.deepBinaryPlist(levels: levels, cycle: random.next(below: 2) == 0)
                : FuzzDocuments.deepText(format, levels: levels, closed: random.next(below: 2) == 0)
        case .invalidUTF8:
            let junk: [[UInt8]] = [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0x00]]
            for _ in 0..<1 + random.next(below: 4) {
                data.insert(contentsOf: junk[random.next(below: junk.count)],
                            at: data.startIndex + random.next(below: data.count + 1))
            }
        case .hugeNumberText:
            let huge = ["1e999999", "-1e-999999", String(repeating: "9", count: 5_000), "0." + String(repeating: "0", count: 400) + "1"]
            let number = Data(huge[random.next(below: huge.count)].utf8)
            if let digit = data.firstRange(of: Data(format == .json ? ":1".utf8 : "<integer>".utf8)) {
                data.insert(contentsOf: number, at: digit.upperBound)
            }
        case .deepWrap, .none:
            break
        }
    }
}
