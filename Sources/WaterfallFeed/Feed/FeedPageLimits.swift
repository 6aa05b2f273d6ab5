import FoundationEssentials

/// Bounds on a feed page document, checked before the document is read.
///
/// A reader that recursed once per nesting level would overflow the stack (a crash, not an
/// error) on a page of some thousands of nested arrays (Foundation's XML property-list scanner
/// did, near 9,500 on an 8 MiB main thread, far fewer on a 512 KiB worker thread); any feed
/// server could send such a page. So every page is first measured by a linear byte scan that
/// allocates nothing for text documents (JSON arrays and objects; XML `<array>` and `<dict>`
/// elements; binary-plist arrays, dictionaries and sets, following object references), and a
/// page that is too large or nests too deeply is refused with
/// ``FeedError/limitExceeded(url:_:)`` naming the limit and the place. The readers
/// (``FeedValue/init(json:limits:)``, ``FeedValue/init(propertyList:limits:)``) enforce the same
/// limits again as they build the document, for callers that use them without the scan.
///
/// The same scan counts the page's containers (JSON objects and arrays, plist dictionaries and
/// arrays) as the reader will make them, and refuses a page with more than
/// ``maximumContainerCount``: Foundation's decoders took about 3 KB per small object, so a 13 MB
/// page of 1,000,000 tiny items took 2.7–3.4 GB, and a 138-byte binary plist whose arrays share
/// references, 24 levels deep, expands to 2²⁴ arrays as a copying decoder builds them (it
/// reached 1.5 GB and climbing).
///
/// The defaults (16 MiB, 64 levels, 100,000 containers) are far above real feeds (a 50-item page
/// is ~10 KB; Reddit's listing of 100 posts nests 9 levels in a few thousand containers) and far
/// below what overflows a worker thread's stack or fills a small machine's memory.
public struct FeedPageLimits: Sendable, Hashable {
    /// The largest page accepted, in bytes.
    public var maximumByteCount: Int
    /// The deepest nesting of containers accepted: `[[]]` nests 2 levels.
    public var maximumNestingDepth: Int
    /// The most containers (objects, arrays, dictionaries) a page may decode to; an item is at
    /// least one.
    public var maximumContainerCount: Int

    /// 16 MiB, 64 levels and 100,000 containers.
    public static let `default` = FeedPageLimits(maximumByteCount: 16 << 20, maximumNestingDepth: 64,
                                                 maximumContainerCount: 100_000)

    /// Creates limits; values below 1 are raised to 1.
    public init(maximumByteCount: Int, maximumNestingDepth: Int, maximumContainerCount: Int = 100_000) {
        self.maximumByteCount = max(1, maximumByteCount)
        self.maximumNestingDepth = max(1, maximumNestingDepth)
        self.maximumContainerCount = max(1, maximumContainerCount)
    }

    /// A limit a page broke, with the place where it broke it.
    public enum Violation: Sendable, Hashable, CustomStringConvertible {
        /// The page has `byteCount` bytes, more than `limit` (``FeedPageLimits/maximumByteCount``);
        /// for a page stopped while it downloaded, the bytes that had arrived by then (its whole
        /// size is at least that).
        case byteCount(Int, limit: Int)
        /// Containers nest deeper than `limit` (``FeedPageLimits/maximumNestingDepth``) at
        /// `location`: `line 3, column 17` in a text document, `object 12` in a binary plist.
        case nestingDepth(limit: Int, location: String)
        /// The page decodes to more containers than `limit` (``FeedPageLimits/maximumContainerCount``).
        case containerCount(limit: Int)

        /// A readable explanation naming the limit.
        public var description: String {
            switch self {
            case .byteCount(let count, let limit):
                return "the page is over the page-size limit of \(limit) bytes (\(count) bytes read)"
            case .nestingDepth(let limit, let location):
                return "\(location): containers nest deeper than the nesting-depth limit of \(limit) levels"
            case .containerCount(let limit):
                return "the page holds more than \(limit) objects and arrays (counting shared ones each time they are used), over the page's object limit"
            }
        }
    }

    /// Checks `data` against the limits: its size, then its nesting and containers, scanned as a binary plist
    /// when it starts with `bplist`, as XML when its first byte other than white space or a
    /// byte-order mark is `<`, and as JSON otherwise.
    ///
    /// - Complexity: O(*n*) in the document size; a binary plist also O(*k*) memory for its *k*
    ///   objects.
    /// - Throws: ``FeedError/limitExceeded(url:_:)`` with the first limit broken.
    public func check(_ data: Data, pageURL: URL) throws(FeedError) {
        guard data.count <= maximumByteCount else {
            throw .limitExceeded(url: pageURL, .byteCount(data.count, limit: maximumByteCount))
        }
        let excess: NestingScanner.Excess? = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let scanner = NestingScanner(bytes: bytes, limit: maximumNestingDepth, containerLimit: maximumContainerCount)
            if bytes.starts(with: NestingScanner.binaryPlistMagic) {
                return scanner.binaryPlistExcess()
            }
            let first = bytes.firstIndex { !NestingScanner.isSkippedLeadingByte($0) }
            return first.flatMap { bytes[$0] == UInt8(ascii: "<") ? scanner.xmlExcess() : scanner.jsonExcess() }
        }
        switch excess {
        case .depth(let location):
            throw .limitExceeded(url: pageURL, .nestingDepth(limit: maximumNestingDepth, location: location))
        case .containers:
            throw .limitExceeded(url: pageURL, .containerCount(limit: maximumContainerCount))
        case nil:
            return
        }
    }
}
