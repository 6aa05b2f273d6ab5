import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A disk cache of raw image data keyed by URL, with the HTTP caching metadata of each response
/// (`HTTPCacheMetadata`: freshness and validators), bounded in bytes (least recently used
/// entries are deleted first) and in age (entries stored longer than `maximumAge` ago are
/// deleted, whatever their freshness).
///
/// Each entry is one file named by a 64-bit FNV-1a hash of the URL, holding a header (magic,
/// the URL, the metadata, the data length, an FNV-1a checksum of metadata and data) followed by
/// the data. Writes go to
/// a temporary file in the same directory that is then renamed over the entry, so a reader
/// never sees a half-written entry; an entry that is truncated or corrupt anyway (a crash, a
/// full disk, another process) fails validation on read, is deleted, and counts as a miss.
///
/// Recency survives restarts through file modification dates (touched on each hit). All methods
/// are thread-safe; file I/O happens under the cache's lock.
public final class DiskDataCache: Sendable {
    private static let magic = Array("WFDC2\n".utf8)
    private static let entryExtension = "wfc"
    private static let temporaryPrefix = ".tmp-"

    /// The directory holding the entries.
    public let directory: URL
    /// The bound on the total size of the entry files, in bytes.
    public let byteLimit: Int
    /// The longest an entry is kept after it was stored (or last revalidated), in seconds.
    public let maximumAge: TimeInterval
    /// The freshness given to responses that carry no caching headers, in seconds.
    public let defaultLifetime: TimeInterval
    /// The wall-clock time entries are dated by (injected in tests).
    public let now: @Sendable () -> Date

    /// A stored response.
    public struct Entry: Sendable, Hashable {
        /// The response body.
        public var data: Data
        /// Its caching metadata.
        public var metadata: HTTPCacheMetadata
    }

    private let index: Locked<LRUCache<String, Void>>

    /// Opens (creating if needed) a cache in `directory`, indexing the entries already there by
    /// modification date (last use), deleting leftover temporary files and entries unused for
    /// longer than `maximumAge`, and trimming to `byteLimit`.
    ///
    /// - Parameters:
    ///   - directory: where the entries are kept.
    ///   - byteLimit: the bound on the total size of the entry files; default 256 MB.
    ///   - maximumAge: how long an entry is kept after it was stored; default 30 days.
    ///   - defaultLifetime: the freshness of responses without caching headers; default 1 day.
    ///   - now: the clock (default `Date()`).
    /// - Complexity: O(*n* log *n*) for *n* existing entries.
    /// - Throws: when the directory cannot be created.
    public init(directory: URL, byteLimit: Int = 256 << 20, maximumAge: TimeInterval = 30 * 86_400,
                defaultLifetime: TimeInterval = 86_400, now: @escaping @Sendable () -> Date = { Date() }) throws {
        self.directory = directory
        self.byteLimit = byteLimit
        self.maximumAge = maximumAge
        self.defaultLifetime = defaultLifetime
        self.now = now
        let oldest = now().addingTimeInterval(-maximumAge)
        let fileManager = FileManager.default
        // Which images were viewed is the user's business: the folder is theirs alone (0700, also
        // when it was made before with looser modes), and entries are written 0600.
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true,
                                        attributes: [.posixPermissions: 0o700])
        try fileManager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
        let names = (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
        var entries: [(name: String, size: Int, date: Date)] = []
        for name in names {
            let file = directory.appendingPathComponent(name)
            let attributes = try? fileManager.attributesOfItem(atPath: file.path)
            let date = attributes?[.modificationDate] as? Date
            if name.hasPrefix(Self.temporaryPrefix) || (date ?? .distantFuture) < oldest {
                try? fileManager.removeItem(at: file)
            } else if file.pathExtension == Self.entryExtension, let attributes {
                entries.append((name, Self.size(in: attributes) ?? 0, date ?? .distantPast))
            }
        }
        var lru = LRUCache<String, Void>(costLimit: byteLimit)
        for entry in entries.sorted(by: { $0.date < $1.date }) {
            for evicted in lru.insert((), cost: entry.size, forKey: entry.name) {
                try? fileManager.removeItem(at: directory.appendingPathComponent(evicted.key))
            }
        }
        index = Locked(lru)
    }

    /// The total size of the entry files, in bytes; never above `byteLimit`.
    public var totalBytes: Int {
        index.withLock { $0.totalCost }
    }

    /// The number of entries.
    public var count: Int {
        index.withLock { $0.count }
    }

    /// The data stored for `url`, fresh or not, or `nil` on a miss (see `entry(for:)`).
    ///
    /// - Complexity: O(*d*) for *d* bytes of data (the checksum).
    public func data(for url: URL) -> Data? {
        entry(for: url)?.data
    }

    /// The response stored for `url`, fresh or not (check `metadata.isFresh(at:)`), or `nil` on
    /// a miss. A corrupt or truncated entry, or one stored longer than `maximumAge` ago, is
    /// deleted and reported as a miss.
    ///
    /// - Complexity: O(*d*) for *d* bytes of data (the checksum).
    public func entry(for url: URL) -> Entry? {
        let name = Self.fileName(for: url)
        let oldest = now().addingTimeInterval(-maximumAge)
        return index.withLock { lru -> Entry? in
            guard lru.value(forKey: name) != nil else { return nil }
            let file = directory.appendingPathComponent(name)
            guard let contents = Self.contents(of: file), let payload = Self.payload(of: contents, for: url),
                  payload.metadata.storedAt >= oldest else {
                lru.removeValue(forKey: name)
                try? FileManager.default.removeItem(at: file)
                return nil
            }
            try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: file.path)
            return payload
        }
    }

    /// Writes `data` to a new file at `path` that only this user can read (0600 from its
    /// creation, whatever the umask).
    private static func writePrivately(_ data: Data, to path: String) throws {
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw CocoaError(.fileWriteNoPermission) }
        defer { close(file) }
        try data.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = write(file, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else { throw CocoaError(.fileWriteOutOfSpace) }
                written += result
            }
        }
    }

    /// Stores `data` for `url` with its caching `metadata` (default: stored now, fresh for
    /// `defaultLifetime`) atomically (temporary file, then rename), then deletes least recently
    /// used entries until the total is within `byteLimit`. Data larger than the limit is not
    /// stored; write errors leave the cache without the entry.
    ///
    /// - Complexity: O(*d*) for *d* bytes of data, plus one file deletion per evicted entry.
    public func store(_ data: Data, for url: URL, metadata: HTTPCacheMetadata? = nil) {
        let name = Self.fileName(for: url)
        let date = now()
        let metadata = metadata ?? HTTPCacheMetadata(storedAt: date, freshUntil: date.addingTimeInterval(defaultLifetime))
        let entry = Self.entry(for: data, metadata: metadata, url: url)
        index.withLock { lru in
            let file = directory.appendingPathComponent(name)
            let temporary = directory.appendingPathComponent(Self.temporaryPrefix + UUID().uuidString)
            do {
                try Self.writePrivately(entry, to: temporary.path)
                guard rename(temporary.path, file.path) == 0 else {
                    throw CocoaError(.fileWriteUnknown)
                }
                // Dated by the cache's clock, as reads are: recency and age survive restarts.
                try? FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: file.path)
            } catch {
                try? FileManager.default.removeItem(at: temporary)
                lru.removeValue(forKey: name)
                return
            }
            let evicted = lru.insert((), cost: entry.count, forKey: name)
            if !lru.contains(name) {
                try? FileManager.default.removeItem(at: file)
            }
            for (evictedName, _) in evicted {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(evictedName))
            }
        }
    }

    /// Deletes the entry of `url`, if any (a response that must no longer be stored).
    public func removeValue(for url: URL) {
        let name = Self.fileName(for: url)
        index.withLock { lru in
            guard lru.removeValue(forKey: name) != nil else { return }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// Deletes every entry.
    public func removeAll() {
        index.withLock { lru in
            for name in lru.keysByRecency {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            }
            lru.removeAll()
        }
    }

    /// The entry file name of `url`.
    static func fileName(for url: URL) -> String {
        let hash = fnv1a(Array(url.absoluteString.utf8))
        return String(hash, radix: 16) + "." + entryExtension
    }

    /// The file size of `attributes`: FoundationEssentials gives a `UInt` (no `NSNumber` to
    /// bridge it to `Int`), Foundation on Darwin an `NSNumber`.
    private static func size(in attributes: [FileAttributeKey: Any]) -> Int? {
        switch attributes[.size] {
        case let size as UInt: Int(exactly: size)
        case let size as Int: size
        default: nil
        }
    }

    /// The bytes of `file`; `nil` when it cannot be read or is empty. An empty file (a corrupt
    /// entry) is not read at all: Foundation's `Data(contentsOf:)` leaks a 4 KiB buffer for every
    /// empty file it reads (Swift 6.3 on Linux).
    private static func contents(of file: URL) -> Data? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
              let size = size(in: attributes), size > 0 else { return nil }
        return try? Data(contentsOf: file)
    }

    /// Header (magic, URL length and bytes, metadata length and JSON, data length, checksum of
    /// metadata and data) followed by the data.
    private static func entry(for data: Data, metadata: HTTPCacheMetadata, url: URL) -> Data {
        let key = Array(url.absoluteString.utf8)
        let meta = (try? JSONEncoder().encode(metadata)) ?? Data()
        var entry = Data(magic)
        entry.append(contentsOf: bigEndianBytes(UInt64(key.count)))
        entry.append(contentsOf: key)
        entry.append(contentsOf: bigEndianBytes(UInt64(meta.count)))
        entry.append(meta)
        entry.append(contentsOf: bigEndianBytes(UInt64(data.count)))
        entry.append(contentsOf: bigEndianBytes(fnv1a(meta + data)))
        entry.append(data)
        return entry
    }

    /// The response of a stored entry, or `nil` when the entry is truncated, corrupt, of an older
    /// format, or for another URL (a hash collision).
    private static func payload(of entry: Data, for url: URL) -> Entry? {
        var offset = entry.startIndex
        func take(_ count: Int) -> Data? {
            guard count >= 0, entry.endIndex - offset >= count else { return nil }
            defer { offset += count }
            return entry[offset..<offset + count]
        }
        func takeInteger() -> UInt64? {
            take(8)?.reduce(0) { $0 << 8 | UInt64($1) }
        }
        guard take(magic.count)?.elementsEqual(magic) == true,
              let keyLength = takeInteger().flatMap(Int.init(exactly:)),
              take(keyLength)?.elementsEqual(url.absoluteString.utf8) == true,
              let metaLength = takeInteger().flatMap(Int.init(exactly:)), let meta = take(metaLength),
              let dataLength = takeInteger(), let checksum = takeInteger(),
              UInt64(entry.endIndex - offset) == dataLength,
              let payload = take(Int(dataLength)), fnv1a(meta + payload) == checksum,
              let metadata = try? JSONDecoder().decode(HTTPCacheMetadata.self, from: meta) else { return nil }
        return Entry(data: Data(payload), metadata: metadata)
    }

    private static func bigEndianBytes(_ value: UInt64) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }

    /// 64-bit FNV-1a.
    private static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
