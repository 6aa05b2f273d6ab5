import SeededRandom
import Testing
import WaterfallCore

/// The view's entries for `starts` over `count` items, written out one by one: a header before
/// the first item of each section.
private func reference(starts: [Int], count: Int) -> [SectionMap.Entry] {
    var entries: [SectionMap.Entry] = []
    for position in 0..<count {
        if let section = starts.firstIndex(of: position) { entries.append(.header(section: section)) }
        entries.append(.item(position: position))
    }
    return entries
}

/// Random section starts over `count` items (the first at 0 when there are items), as a
/// section sorter makes them.
private func randomStarts(count: Int, using generator: inout SplitMix64) -> [Int] {
    guard count > 0 else { return [] }
    return [0] + (1..<count).filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
}

@Suite("Section map: a header before each section's items")
struct SectionMapTests {
    @Test("three sections: headers at 0, 3 and 7, items between them, and back")
    func threeSections() {
        let map = SectionMap(starts: [0, 2, 5])
        #expect(map.indexCount(itemCount: 8) == 11)
        #expect((0..<11).map(map.entry(at:)) == reference(starts: [0, 2, 5], count: 8))
        #expect((0..<3).map(map.index(ofHeader:)) == [0, 3, 7])
        #expect((0..<8).map(map.index(ofItemAt:)) == [1, 2, 4, 5, 6, 8, 9, 10])
        #expect(map.position(at: 3) == nil && map.position(at: 4) == 2)
        #expect(map.section(containing: 4) == 1 && map.section(containing: 7) == 2)
        #expect(map.positions(ofSection: 1, itemCount: 8) == 2..<5 && map.positions(ofSection: 2, itemCount: 8) == 5..<8)
    }

    @Test("no sections: indices are positions; bad starts are dropped")
    func noSectionsAndBadStarts() {
        let plain = SectionMap()
        #expect((0..<5).map(plain.entry(at:)) == (0..<5).map { .item(position: $0) })
        #expect(plain.section(containing: 3) == nil)
        #expect(SectionMap(starts: [-1, 0, 3, 3, 2, 6]).starts == [0, 3, 6])
    }

    @Test("random sections: every entry, index and position agree with the written-out reference",
          arguments: [4201, 4202, 4203] as [UInt64])
    func randomAgreesWithReference(seed: UInt64) {
        print("SectionMapTests seed \(seed)")
        var generator = SplitMix64(seed: seed)
        for round in 0..<50 {
            let count = Int.random(in: 0...60, using: &generator)
            let starts = randomStarts(count: count, using: &generator)
            let map = SectionMap(starts: starts)
            let entries = reference(starts: starts, count: count)
            #expect(map.indexCount(itemCount: count) == entries.count, "seed \(seed), round \(round)")
            #expect(entries.indices.map(map.entry(at:)) == entries, "seed \(seed), round \(round)")
            for (index, entry) in entries.enumerated() {
                switch entry {
                case .header(let section): #expect(map.index(ofHeader: section) == index, "seed \(seed), round \(round)")
                case .item(let position): #expect(map.index(ofItemAt: position) == index, "seed \(seed), round \(round)")
                }
            }
            for prefix in 0...entries.count {
                let items = entries.prefix(prefix).filter { if case .item = $0 { true } else { false } }.count
                #expect(map.itemCount(inIndices: prefix) == items, "seed \(seed), round \(round), prefix \(prefix)")
            }
        }
    }

    @Test("an items-changed becomes the view change that turns the old entries into the new ones",
          arguments: [4211, 4212, 4213] as [UInt64])
    func itemsChangedBecomesAnIndexChange(seed: UInt64) {
        print("SectionMapTests seed \(seed)")
        var generator = SplitMix64(seed: seed)
        for round in 0..<200 {
            // Items are month numbers, sorted; sections are runs of one month.
            var months = (0..<Int.random(in: 0...30, using: &generator)).map { _ in Int.random(in: 1...6, using: &generator) }.sorted()
            let before = SectionMap(starts: Self.starts(of: months))
            let position = Int.random(in: 0...months.count, using: &generator)
            let removed = Int.random(in: 0...(months.count - position), using: &generator)
            let low = position > 0 ? months[position - 1] : 1
            let high = position + removed < months.count ? months[position + removed] : 6
            let added = (0..<Int.random(in: 0...5, using: &generator)).map { _ in Int.random(in: low...high, using: &generator) }.sorted()
            let oldEntries = reference(starts: before.starts, count: months.count)
            months.replaceSubrange(position..<position + removed, with: added)
            let after = SectionMap(starts: Self.starts(of: months))
            let newEntries = reference(starts: after.starts, count: months.count)
            let change = before.indexChange(to: after, oldCount: oldEntries.count - before.headerCount, newCount: months.count,
                                            position: position, removed: removed, added: added.count)
            // The entries outside the change keep their kind; headers inside it are new.
            #expect(change.index + change.removed <= oldEntries.count, "seed \(seed), round \(round)")
            let head = Array(oldEntries[..<change.index]), tail = oldEntries[(change.index + change.removed)...]
            #expect(Array(newEntries[..<change.index]) == head, "seed \(seed), round \(round): the entries before the change moved")
            #expect(newEntries.count == oldEntries.count - change.removed + change.added, "seed \(seed), round \(round)")
            let shift = added.count - removed
            let shiftedTail = tail.map { entry -> SectionMap.Entry in
                switch entry {
                case .header(let section): .header(section: section - before.headerCount + after.headerCount)
                case .item(let position): .item(position: position + shift)
                }
            }
            #expect(Array(newEntries[(change.index + change.added)...]) == shiftedTail,
                    "seed \(seed), round \(round): the entries after the change are not the old ones shifted")
        }
    }

    /// Where runs of equal values start.
    private static func starts(of values: [Int]) -> [Int] {
        values.indices.filter { $0 == 0 || values[$0] != values[$0 - 1] }
    }
}
