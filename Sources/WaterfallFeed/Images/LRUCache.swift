/// A least-recently-used cache bounded by the total cost of its entries, used for decoded
/// images (cost = bytes of pixels) and for the disk cache's index (cost = file size).
///
/// Entries live in a contiguous node array threaded into a doubly linked recency list, with a
/// dictionary from key to node index and a free list for reuse. The total cost never exceeds
/// `costLimit` after any operation, nor the count `countLimit`: inserting evicts from the least
/// recent end, and an entry costing more than the limit is not stored at all. Not thread-safe;
/// owners guard it.
struct LRUCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var newer: Int
        var older: Int
    }

    private static var none: Int { -1 }

    /// The bound on `totalCost`.
    private(set) var costLimit: Int
    /// The sum of the costs of the stored entries.
    private(set) var totalCost = 0
    /// The bound on `count`.
    let countLimit: Int

    private var indexByKey: [Key: Int] = [:]
    private var nodes: [Node?] = []
    private var freeIndices: [Int] = []
    private var newest = LRUCache.none
    private var oldest = LRUCache.none

    init(costLimit: Int, countLimit: Int = .max) {
        self.costLimit = max(0, costLimit)
        self.countLimit = max(1, countLimit)
    }

    /// The number of entries.
    var count: Int { indexByKey.count }

    /// The value for `key`, marking it most recently used.
    ///
    /// - Complexity: O(1) amortized.
    mutating func value(forKey key: Key) -> Value? {
        guard let index = indexByKey[key], let node = nodes[index] else { return nil }
        unlink(index)
        linkAsNewest(index)
        return node.value
    }

    /// Whether `key` is stored, without changing its recency.
    func contains(_ key: Key) -> Bool {
        indexByKey[key] != nil
    }

    /// Stores `value` as the most recently used entry, replacing any entry for `key`, then
    /// evicts least recently used entries until the total cost is within the limit. A value
    /// costing more than the limit is not stored (and any old entry for `key` is removed).
    ///
    /// - Complexity: O(1) amortized plus O(1) per evicted entry.
    /// - Returns: the evicted entries (not including a replaced value for `key`).
    @discardableResult
    mutating func insert(_ value: Value, cost: Int, forKey key: Key) -> [(key: Key, value: Value)] {
        removeValue(forKey: key)
        guard cost <= costLimit else { return [] }
        let node = Node(key: key, value: value, cost: max(0, cost), newer: Self.none, older: Self.none)
        let index: Int
        if let reused = freeIndices.popLast() {
            index = reused
            nodes[index] = node
        } else {
            index = nodes.count
            nodes.append(node)
        }
        indexByKey[key] = index
        totalCost += node.cost
        linkAsNewest(index)
        return trim(to: costLimit)
    }

    /// Removes the entry for `key`.
    ///
    /// - Complexity: O(1) amortized.
    @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        guard let index = indexByKey.removeValue(forKey: key), let node = nodes[index] else { return nil }
        unlink(index)
        nodes[index] = nil
        freeIndices.append(index)
        totalCost -= node.cost
        return node.value
    }

    /// Changes the limit, evicting least recently used entries to meet it.
    ///
    /// - Returns: the evicted entries.
    @discardableResult
    mutating func setCostLimit(_ limit: Int) -> [(key: Key, value: Value)] {
        costLimit = max(0, limit)
        return trim(to: costLimit)
    }

    /// Removes every entry.
    mutating func removeAll() {
        self = LRUCache(costLimit: costLimit, countLimit: countLimit)
    }

    /// The keys from most to least recently used.
    ///
    /// - Complexity: O(*n*).
    var keysByRecency: [Key] {
        var keys: [Key] = []
        var index = newest
        while index != Self.none, let node = nodes[index] {
            keys.append(node.key)
            index = node.older
        }
        return keys
    }

    private mutating func trim(to limit: Int) -> [(key: Key, value: Value)] {
        var evicted: [(key: Key, value: Value)] = []
        while totalCost > limit || count > countLimit, oldest != Self.none, let node = nodes[oldest] {
            removeValue(forKey: node.key)
            evicted.append((node.key, node.value))
        }
        return evicted
    }

    private mutating func unlink(_ index: Int) {
        guard let node = nodes[index] else { return }
        if node.newer != Self.none { nodes[node.newer]?.older = node.older } else { newest = node.older }
        if node.older != Self.none { nodes[node.older]?.newer = node.newer } else { oldest = node.newer }
        nodes[index]?.newer = Self.none
        nodes[index]?.older = Self.none
    }

    private mutating func linkAsNewest(_ index: Int) {
        nodes[index]?.older = newest
        nodes[index]?.newer = Self.none
        if newest != Self.none { nodes[newest]?.newer = index }
        newest = index
        if oldest == Self.none { oldest = index }
    }
}
