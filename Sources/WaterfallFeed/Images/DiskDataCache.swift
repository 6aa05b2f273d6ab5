import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A disk cache of raw image data keyed by URL, bounded in bytes (least recently used entries
/// are deleted first).
///
/// Each entry is one file named by a 64-bit FNV-1a hash of the URL, holding a header (magic,
/// the URL, the data length, an FNV-1a checksum of the data) followed by the data. Writes go to
/// a temporary file in the same directory that is then renamed over the entry, so a reader
/// never sees a half-written entry; an entry that is truncated or corrupt anyway (a crash, a
/// full disk, another process) fails validation on read, is deleted, and counts as a miss.
///
/// Recency survives restarts through file modification dates (touched on each hit). All methods
/// are thread-safe; file I/O happens under the cache's lock.
public final class DiskDataCache: Sendable {
    private static let magic = Array("WFDC1\n".utf8)
    private static let entryExtension = "wfc"
    private static let temporaryPrefix = ".tmp-"

    /// The directory holding the entries.
    public let directory: URL
    /// The bound on the total size of the entry files, in bytes.
    public let byteLimit: Int

    private let index: Locked<LRUCache<String, Void>>

    /// Opens (creating if needed) a cache in `directory`, indexing the entries already there by
    /// modification date, deleting leftover temporary files, and trimming to `byteLimit`.
    ///
    /// - Complexity: O(*n* log *n*) for *n* existing entries.
    /// - Throws: when the directory cannot be created.
    public init(directory: URL, byteLimit: Int = 256 << 20) throws {
        self.directory = directory
        self.byteLimit = byteLimit
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let files = (try? fileManager.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        var entries: [(name: String, size: Int, date: Date)] = []
        for file in files {
            let name = file.lastPathComponent
            if name.hasPrefix(Self.temporaryPrefix) {
                try? fileManager.removeItem(at: file)
            } else if file.pathExtension == Self.entryExtension, let values = try? file.resourceValues(forKeys: Set(keys)) {
                entries.append((name, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
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

    /// The data stored for `url`, or `nil` on a miss. A corrupt or truncated entry is deleted
    /// and reported as a miss.
    ///
    /// - Complexity: O(*d*) for *d* bytes of data (the checksum).
    public func data(for url: URL) -> Data? {
        let name = Self.fileName(for: url)
        return index.withLock { lru -> Data? in
            guard lru.value(forKey: name) != nil else { return nil }
            let file = directory.appendingPathComponent(name)
            guard let contents = Self.contents(of: file), let payload = Self.payload(of: contents, for: url) else {
                lru.removeValue(forKey: name)
                try? FileManager.default.removeItem(at: file)
                return nil
            }
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
            return payload
        }
    }

    /// Stores `data` for `url` atomically (temporary file, then rename), then deletes least
    /// recently used entries until the total is within `byteLimit`. Data larger than the limit is
    /// not stored; write errors leave the cache without the entry.
    ///
    /// - Complexity: O(*d*) for *d* bytes of data, plus one file deletion per evicted entry.
    public func store(_ data: Data, for url: URL) {
        let name = Self.fileName(for: url)
        let entry = Self.entry(for: data, url: url)
        index.withLock { lru in
            let file = directory.appendingPathComponent(name)
            let temporary = directory.appendingPathComponent(Self.temporaryPrefix + UUID().uuidString)
            do {
                try entry.write(to: temporary)
                guard rename(temporary.path, file.path) == 0 else {
                    throw CocoaError(.fileWriteUnknown)
                }
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

    /// The bytes of `file`; `nil` when it cannot be read or is empty. An empty file (a corrupt
    /// entry) is not read at all: Foundation's `Data(contentsOf:)` leaks a 4 KiB buffer for every
    /// empty file it reads (Swift 6.3 on Linux).
    private static func contents(of file: URL) -> Data? {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int,
              size > 0 else { return nil }
        return try? Data(contentsOf: file)
    }

    /// Header (magic, URL length and bytes, data length, checksum) followed by the data.
    private static func entry(for data: Data, url: URL) -> Data {
        let key = Array(url.absoluteString.utf8)
        var entry = Data(magic)
        entry.append(contentsOf: bigEndianBytes(UInt64(key.count)))
        entry.append(contentsOf: key)
        entry.append(contentsOf: bigEndianBytes(UInt64(data.count)))
        entry.append(contentsOf: bigEndianBytes(fnv1a(data)))
        entry.append(data)
        return entry
    }

    /// The data of a stored entry, or `nil` when the entry is truncated, corrupt, or for
    /// another URL (a hash collision).
    private static func payload(of entry: Data, for url: URL) -> Data? {
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
              let dataLength = takeInteger(), let checksum = takeInteger(),
              UInt64(entry.endIndex - offset) == dataLength,
              let payload = take(Int(dataLength)), fnv1a(payload) == checksum else { return nil }
        return Data(payload)
    }

    private static func bigEndianBytes(_ value: UInt64) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }

    /// 64-bit FNV-1a.
    private static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
