import Foundation
import SeededRandom
import Testing
@testable import WaterfallFeed

@Suite("Feed page limits")
struct FeedPageLimitsTests {
    let pageURL = URL(string: "https://example.test/deep.plist")!

    func violation(_ data: Data, _ limits: FeedPageLimits = .default) -> FeedPageLimits.Violation? {
        do throws(FeedError) {
            try limits.check(data, pageURL: pageURL)
            return nil
        } catch {
            guard case .limitExceeded(let url, let violation) = error, url == pageURL else {
                Issue.record("unexpected error \(error)")
                return nil
            }
            return violation
        }
    }

    /// The page that crashed the demo: Foundation's XML plist scanner overflows the stack near
    /// 9,500 levels. It must be refused before the scanner runs, naming the limit and the place.
    @Test func tenThousandNestedXMLArraysAreRefusedNotACrash() {
        let data = FuzzDocuments.deepText(.xmlPlist, levels: 10_000, closed: true)
        let expected = FeedError.limitExceeded(url: pageURL, .nestingDepth(limit: 64, location: "line 1, column 508"))
        #expect(throws: expected) {
            try FeedPage.decode(data, pageURL: pageURL, templateNext: nil)
        }
        #expect(expected.description.contains("nesting-depth limit of 64 levels"))
        #expect(expected.description.contains("line 1, column 508"))
    }

    @Test func deepJSONAndBinaryPlistsAreRefused() {
        let json = FuzzDocuments.deepText(.json, levels: 10_000, closed: false)
        #expect(violation(json) == .nestingDepth(limit: 64, location: "line 1, column 65"))
        let binary = FuzzDocuments.deepBinaryPlist(levels: 100_000, cycle: false)
        #expect(violation(binary) == .nestingDepth(limit: 64, location: "object 64"))
        let cycle = FuzzDocuments.deepBinaryPlist(levels: 3, cycle: true)
        #expect(violation(cycle) == .nestingDepth(limit: 64, location: "object 0 (a reference cycle)"))
    }

    /// Pages that cost more than they weigh: a 138-byte binary plist whose arrays share
    /// references 24 levels deep (2²⁴ arrays once decoded), and 1,000,000 tiny items in 13 MB
    /// (2.7–3.4 GB through Foundation). Both are refused by the scan, before any decoder runs; a
    /// page of shared references within the limit is accepted.
    @Test func pagesThatExpandPastTheContainerLimitAreRefused() throws {
        let shared = FuzzDocuments.deepBinaryPlist(levels: 25, cycle: false, sharing: 2)
        #expect(shared.count < 200)
        #expect(violation(shared) == .containerCount(limit: 100_000))
        #expect(throws: FeedError.limitExceeded(url: pageURL, .containerCount(limit: 100_000))) {
            try FeedPage.decode(shared, pageURL: pageURL, templateNext: nil)
        }
        #expect(violation(FuzzDocuments.deepBinaryPlist(levels: 10, cycle: false, sharing: 2)) == nil, "1,023 arrays")
        let million = Data(("[" + Array(repeating: #"{"img":"a"}"#, count: 1_000_000).joined(separator: ",") + "]").utf8)
        #expect(million.count < FeedPageLimits.default.maximumByteCount)
        #expect(violation(million) == .containerCount(limit: 100_000))
        let xml = Data(("<plist><array>" + String(repeating: "<dict></dict>", count: 100_000) + "</array></plist>").utf8)
        #expect(violation(xml) == .containerCount(limit: 100_000))
        #expect(FeedPageLimits.Violation.containerCount(limit: 100_000).description.contains("object limit"))
    }

    /// Closing tags inside comments and CDATA sections, which the plist scanner skips, must not
    /// count as closings; a stray closing at the top must not bank depth for later.
    @Test func xmlClosingsThatCloseNothingDoNotBuyDepth() {
        let limits = FeedPageLimits(maximumByteCount: 1 << 20, maximumNestingDepth: 3)
        let hidden = "<plist></array></dict><array><!-- </array></array> --><array><array/>"
            + "<string><![CDATA[</array></dict>]]></string><array><dict>"
        #expect(violation(Data(hidden.utf8), limits) == .nestingDepth(limit: 3, location: "line 1, column 121"))
        let shallow = "<plist><array><array></array><ARRAY></array><dict/><array/></array>\n<array><dict>"
        #expect(violation(Data(shallow.utf8), limits) == nil)
    }

    @Test func pagesOverTheSizeLimitAreRefused() throws {
        let data = try PageFormat.json.encode([["img": "a.png", "w": 1, "h": 1]])
        let limits = FeedPageLimits(maximumByteCount: data.count - 1, maximumNestingDepth: 64)
        #expect(violation(data, limits) == .byteCount(data.count, limit: data.count - 1))
        #expect(violation(data, FeedPageLimits(maximumByteCount: data.count, maximumNestingDepth: 64)) == nil)
        #expect(throws: FeedError.limitExceeded(url: pageURL, .byteCount(data.count, limit: data.count - 1))) {
            try FeedPage.decode(data, pageURL: pageURL, templateNext: nil, limits: limits)
        }
    }

    /// Random trees in all three formats, with strings full of brackets, quotes and tags: refused
    /// exactly when the tree's own depth (counted on the tree, not the bytes) is over the limit.
    @Test func scansAgreeWithTheTreeDepth() throws {
        for seed in UInt64(1)...300 {
            var documents = FuzzDocuments(random: SplitMix64(seed: seed))
            let limit = 2 + documents.random.next(below: 8)
            var tree = documents.page()
            if documents.random.next(below: 2) == 0 {
                tree = ["title": "[{\"<array><dict><!-- </array></dict> ]]> <![CDATA[", "items": tree] as [String: Any]
            }
            tree = FuzzDocuments.wrapped(tree, levels: documents.random.next(below: 10))
            let depth = FuzzDocuments.depth(of: tree)
            for format in PageFormat.allCases {
                let data = try format.encode(tree)
                let refused = violation(data, FeedPageLimits(maximumByteCount: 1 << 30, maximumNestingDepth: limit)) != nil
                #expect(refused == (depth > limit), "seed \(seed), \(format): depth \(depth), limit \(limit)")
            }
        }
    }
}
