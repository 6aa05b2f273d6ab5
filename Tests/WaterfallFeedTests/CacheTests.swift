import Foundation
import SeededRandom
import Testing
@testable import WaterfallFeed

@Suite("Caches")
struct CacheTests {
    /// The obviously correct model: an array ordered from least to most recently used.
    struct ReferenceLRU {
        var limit: Int
        var entries: [(key: Int, value: Int, cost: Int)] = []
        var total: Int { entries.reduce(0) { $0 + $1.cost } }

        mutating func get(_ key: Int) -> Int? {
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.value
        }

        mutating func insert(_ value: Int, cost: Int, key: Int) {
            entries.removeAll { $0.key == key }
            guard cost <= limit else { return }
            entries.append((key, value, cost))
            while total > limit { entries.removeFirst() }
        }

        mutating func remove(_ key: Int) {
            entries.removeAll { $0.key == key }
        }
    }

    @Test func lruMatchesReferenceUnderSeededChurn() {
        for seed in UInt64(1)...200 {
            var random = SplitMix64(seed: seed)
            let limit = Int.random(in: 0...500, using: &random)
            var cache = LRUCache<Int, Int>(costLimit: limit)
            var reference = ReferenceLRU(limit: limit)
            for step in 0..<400 {
                let key = Int.random(in: 0..<40, using: &random)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<4:
                    #expect(cache.value(forKey: key) == reference.get(key), "seed \(seed) step \(step): get \(key)")
                case 4..<9:
                    let cost = Int.random(in: 0...Swift.max(1, limit / 3), using: &random) + (step % 50 == 0 ? limit : 0)
                    cache.insert(step, cost: cost, forKey: key)
                    reference.insert(step, cost: cost, key: key)
                default:
                    cache.removeValue(forKey: key)
                    reference.remove(key)
                }
                #expect(cache.totalCost <= limit, "seed \(seed) step \(step): over the limit")
                #expect(cache.totalCost == reference.total, "seed \(seed) step \(step)")
                #expect(cache.keysByRecency == reference.entries.reversed().map(\.key), "seed \(seed) step \(step)")
                if cache.totalCost != reference.total { return }
            }
        }
    }

    @Test func lruReportsEvictions() {
        var cache = LRUCache<String, Int>(costLimit: 10)
        cache.insert(1, cost: 4, forKey: "a")
        cache.insert(2, cost: 4, forKey: "b")
        _ = cache.value(forKey: "a")
        let evicted = cache.insert(3, cost: 4, forKey: "c")
        #expect(evicted.map(\.key) == ["b"])
        #expect(cache.insert(9, cost: 11, forKey: "huge").isEmpty)
        #expect(!cache.contains("huge"))
    }

    @Test func lruKeepsAtMostItsCountLimit() {
        var cache = LRUCache<Int, Void>(costLimit: .max, countLimit: 3)
        for key in 0..<5 { cache.insert((), cost: 0, forKey: key) }
        #expect(cache.count == 3)
        #expect(cache.keysByRecency == [4, 3, 2])
    }

    /// However small the images, the disk cache's index (kept in memory) is bounded: tiny entries
    /// stop at ``DiskDataCache/entryLimit``, least recently used first.
    @Test func diskCacheIsBoundedInEntries() throws {
        let directory = try TemporaryDirectory()
        let cache = try DiskDataCache(directory: directory.url, byteLimit: 32 << 20)
        #expect(cache.entryLimit == 2_048)
        for index in 0..<2_100 {
            cache.store(Data([UInt8(index & 0xFF)]), for: URL(string: "https://img.test/\(index).png")!)
        }
        #expect(cache.count == 2_048)
        #expect(cache.data(for: URL(string: "https://img.test/0.png")!) == nil, "the oldest went first")
        #expect(cache.data(for: URL(string: "https://img.test/2099.png")!) == Data([UInt8(2099 & 0xFF)]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).count == 2_048)
        #expect(DiskDataCache.entryLimit(forByteLimit: 10_000) == 1_024, "at least 1,024")
    }

    /// Which images were viewed is nobody else's business: the folder is 0700 (also one made
    /// before with looser modes) and its entries 0600, whatever the umask.
    @Test func diskCacheIsPrivateToItsUser() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.url.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        let previous = umask(0o022)
        defer { umask(previous) }
        let cache = try DiskDataCache(directory: folder, byteLimit: 10_000)
        cache.store(Data([1, 2, 3]), for: URL(string: "https://img.test/a.png")!)
        func mode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777
        }
        #expect(try mode(folder.path) == 0o700)
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(entries.count == 1)
        for entry in entries { #expect(try mode(folder.appendingPathComponent(entry).path) == 0o600, "\(entry)") }
        #expect(cache.data(for: URL(string: "https://img.test/a.png")!) == Data([1, 2, 3]))
    }

    @Test func diskCacheStoresReadsAndStaysBounded() throws {
        let directory = try TemporaryDirectory()
        let cache = try DiskDataCache(directory: directory.url, byteLimit: 10_000)
        var random = SplitMix64(seed: 7)
        var stored: [URL: Data] = [:]
        for index in 0..<60 {
            let url = URL(string: "https://img.test/\(index).png")!
            let data = Data((0..<Int.random(in: 1...1500, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
            cache.store(data, for: url)
            stored[url] = data
            #expect(cache.totalBytes <= 10_000)
            #expect(cache.data(for: url) == data, "entry \(index)")
        }
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(onDisk.count == cache.count)
        let sizes = try onDisk.map { try FileManager.default.attributesOfItem(atPath: directory.url.appendingPathComponent($0).path)[.size] as? Int ?? 0 }
        #expect(sizes.reduce(0, +) == cache.totalBytes)
        let hits = stored.filter { cache.data(for: $0.key) == $0.value }.count
        #expect(hits == cache.count && hits > 3)

        // Reopening finds the same entries.
        let reopened = try DiskDataCache(directory: directory.url, byteLimit: 10_000)
        #expect(reopened.count == cache.count)
        #expect(reopened.totalBytes == cache.totalBytes)
        // A smaller limit trims on open.
        let smaller = try DiskDataCache(directory: directory.url, byteLimit: 2_000)
        #expect(smaller.totalBytes <= 2_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).count == smaller.count)
    }

    @Test(arguments: ["truncate", "flip", "empty", "garbage"])
    func corruptDiskEntriesAreMissesAndRemoved(damage: String) throws {
        let directory = try TemporaryDirectory()
        let cache = try DiskDataCache(directory: directory.url, byteLimit: 1 << 20)
        let url = URL(string: "https://img.test/photo.jpg")!
        let data = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        cache.store(data, for: url)
        let file = directory.url.appendingPathComponent(DiskDataCache.fileName(for: url))
        var bytes = try Data(contentsOf: file)
        switch damage {
        case "truncate": bytes = bytes.prefix(bytes.count - 100)
        case "flip": bytes[bytes.count - 10] ^= 0xFF
        case "empty": bytes = Data()
        default: bytes = Data("garbage".utf8)
        }
        try bytes.write(to: file)
        #expect(cache.data(for: url) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(cache.count == 0 && cache.totalBytes == 0)
        cache.store(data, for: url)
        #expect(cache.data(for: url) == data)
    }

    @Test func leftoverTemporaryFilesAreRemovedOnOpen() throws {
        let directory = try TemporaryDirectory()
        let leftover = directory.url.appendingPathComponent(".tmp-crashed-write")
        try Data("half".utf8).write(to: leftover)
        _ = try DiskDataCache(directory: directory.url)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }
}
