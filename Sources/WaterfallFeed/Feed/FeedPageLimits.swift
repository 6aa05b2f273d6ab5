import Foundation

/// Bounds on a feed page document, checked before Foundation's decoders see it.
///
/// Foundation's XML property-list scanner recurses once per nesting level and overflows the stack
/// (a crash, not an error) somewhere near 9,500 nested arrays on an 8 MiB main thread, far fewer
/// on a 512 KiB worker thread; any feed server could send such a page. So every page is first
/// measured by a linear byte scan that allocates nothing for text documents (JSON arrays and
/// objects; XML `<array>` and `<dict>` elements; binary-plist arrays, dictionaries and sets,
/// following object references), and a page that is too large or nests too deeply is refused
/// with ``FeedError/limitExceeded(url:_:)`` naming the limit and the place.
///
/// The defaults (16 MiB, 64 levels) are far above real feeds (a 50-item page is ~10 KB; Reddit's
/// listing nests 9 levels) and far below what overflows a worker thread's stack.
public struct FeedPageLimits: Sendable, Hashable {
    /// The largest page accepted, in bytes.
    public var maximumByteCount: Int
    /// The deepest nesting of containers accepted: `[[]]` nests 2 levels.
    public var maximumNestingDepth: Int

    /// 16 MiB and 64 levels.
    public static let `default` = FeedPageLimits(maximumByteCount: 16 << 20, maximumNestingDepth: 64)

    /// Creates limits; values below 1 are raised to 1.
    public init(maximumByteCount: Int, maximumNestingDepth: Int) {
        self.maximumByteCount = max(1, maximumByteCount)
        self.maximumNestingDepth = max(1, maximumNestingDepth)
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

        /// A readable explanation naming the limit.
        public var description: String {
            switch self {
            case .byteCount(let count, let limit):
                return "the page is over the page-size limit of \(limit) bytes (\(count) bytes read)"
            case .nestingDepth(let limit, let location):
                return "\(location): containers nest deeper than the nesting-depth limit of \(limit) levels"
            }
        }
    }

    /// Checks `data` against the limits: its size, then its nesting, scanned as a binary plist
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
        let location: String? = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let scanner = NestingScanner(bytes: bytes, limit: maximumNestingDepth)
            if bytes.starts(with: NestingScanner.binaryPlistMagic) {
                return scanner.binaryPlistExcess()
            }
            let first = bytes.firstIndex { !NestingScanner.isSkippedLeadingByte($0) }
            return first.flatMap { bytes[$0] == UInt8(ascii: "<") ? scanner.xmlExcess() : scanner.jsonExcess() }
        }
        if let location {
            throw .limitExceeded(url: pageURL, .nestingDepth(limit: maximumNestingDepth, location: location))
        }
    }
}
