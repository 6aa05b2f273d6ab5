import Foundation
import SeededRandom
import Testing
import WaterfallCore

@MainActor
@Suite("View model: batch updates and scroll anchoring")
struct ViewModelBatchUpdateTests {
    /// The on-screen y of an item's top edge, from the cell the host placed.
    private func screenY(_ fixture: Fixture, _ index: Int) -> Double? {
        fixture.model.cell(at: index)?.attributes?.frame.minY
    }

    @Test("a page appended at the bottom moves no visible cell")
    func appendAtBottomMovesNothing() {
        var generator = SplitMix64(seed: 21)
        let fixture = Fixture(sizes: randomSizes(1_000, using: &generator))
        fixture.model.setContentOffset(Point(x: 0, y: fixture.maxOffset))
        let before = fixture.model.visibleIndices.map { ($0, fixture.model.cell(at: $0), fixture.model.cell(at: $0)?.attributes) }
        let offsetChanges = fixture.host.offsetChanges.count
        fixture.source.sizes += randomSizes(50, using: &generator)
        let transitions = fixture.model.performBatchUpdates([.insert(1_000..<1_050)])
        #expect(fixture.model.numberOfItems == 1_050)
        #expect(fixture.host.offsetChanges.count == offsetChanges, "the offset did not move")
        #expect(!before.isEmpty && before.allSatisfy { $0.1 != nil }, "cells are visible at the bottom")
        for (index, cell, attributes) in before {
            #expect(fixture.model.cell(at: index) === cell, "item \(index) kept its cell")
            #expect(fixture.model.cell(at: index)?.attributes == attributes, "item \(index) did not move")
        }
        let moves = transitions.filter { $0.kind == .move }
        #expect(before.allSatisfy { item in moves.contains { $0.newIndex == item.0 } }, "every visible item is reported as kept")
        #expect(moves.allSatisfy { $0.from.frame == $0.to.frame })
        fixture.expectConsistent("after the append")
    }

    @Test("after prepending 50 items the first visible item stays within 1 pt", arguments: [31, 32, 33] as [UInt64])
    func prependKeepsAnchor(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let fixture = Fixture(sizes: randomSizes(2_000, using: &generator))
        fixture.model.setContentOffset(Point(x: 0, y: Double.random(in: 2_000...fixture.maxOffset / 2, using: &generator)))
        let first = fixture.model.visibleIndices[0]
        let y = screenY(fixture, first)
        let cell = fixture.model.cell(at: first)
        fixture.source.sizes.insert(contentsOf: randomSizes(50, using: &generator), at: 0)
        fixture.model.performBatchUpdates([.insert(0..<50)])
        let after = screenY(fixture, first + 50)
        #expect(after != nil && y != nil && abs(after! - y!) <= 1, "seed \(seed): item \(first) was at \(y ?? -1), now \(after ?? -1)")
        #expect(fixture.model.cell(at: first + 50) === cell, "seed \(seed): it kept its cell")
        fixture.expectConsistent("seed \(seed), after the prepend")
    }

    @Test("after going from 3 to 5 columns the first visible item stays within 1 pt", arguments: [41, 42, 43] as [UInt64])
    func columnChangeKeepsAnchor(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let fixture = Fixture(sizes: randomSizes(3_000, using: &generator, fullSpan: false))
        fixture.model.setContentOffset(Point(x: 0, y: Double.random(in: 1_000...fixture.maxOffset / 3, using: &generator)))
        let first = fixture.model.visibleIndices[0]
        let y = screenY(fixture, first)
        fixture.source.columns = 5
        fixture.model.invalidateLayout()
        #expect(fixture.model.layout.frame(at: 0).width < 80, "the layout has 5 columns")
        let after = screenY(fixture, first)
        #expect(after != nil && y != nil && abs(after! - y!) <= 1, "seed \(seed): item \(first) was at \(y ?? -1), now \(after ?? -1)")
        fixture.expectConsistent("seed \(seed), after 3 → 5 columns")
    }

    @Test("after a width change (rotation to landscape) the first visible item stays within 1 pt")
    func widthChangeKeepsAnchor() {
        var generator = SplitMix64(seed: 51)
        let fixture = Fixture(sizes: randomSizes(3_000, using: &generator))
        fixture.model.setContentOffset(Point(x: 0, y: 20_000))
        let first = fixture.model.visibleIndices[0]
        let y = screenY(fixture, first)
        fixture.source.columns = 5
        fixture.model.setViewportSize(Size(width: 800, height: 400))
        let after = screenY(fixture, first)
        #expect(after != nil && y != nil && abs(after! - y!) <= 1, "item \(first) was at \(y ?? -1), now \(after ?? -1)")
        fixture.expectConsistent("after the rotation")
    }

    @Test("random batch updates match a rebuilt layout, keep the cells that stay and the focus on its item", arguments: Array(61...72) as [UInt64])
    func randomBatchUpdates(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let fixture = Fixture(sizes: randomSizes(600, using: &generator), columns: Int.random(in: 2...4, using: &generator))
        // Identities of the model's items, to follow them through the updates.
        var ids = Array(0..<600)
        var nextID = 600
        for round in 0..<15 {
            fixture.model.setContentOffset(Point(x: 0, y: Double.random(in: 0...fixture.maxOffset, using: &generator)))
            let cellsByID = Dictionary(uniqueKeysWithValues: fixture.model.liveIndices.map { (ids[$0], fixture.model.cell(at: $0)!) })
            let focusedBefore = Int.random(in: 0..<ids.count, using: &generator)
            let focusedID = ids[focusedBefore]
            fixture.model.focusedIndex = focusedBefore
            var reloaded = Set<Int>()
            var updates: [ItemUpdate] = []
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let count = ids.count
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    let start = Int.random(in: 0...count, using: &generator)
                    let length = Int.random(in: 1...20, using: &generator)
                    fixture.source.sizes.insert(contentsOf: randomSizes(length, using: &generator), at: start)
                    ids.insert(contentsOf: nextID..<nextID + length, at: start)
                    nextID += length
                    updates.append(.insert(start..<start + length))
                case 1 where count > 20:
                    let start = Int.random(in: 0..<count - 10, using: &generator)
                    let end = start + Int.random(in: 1...10, using: &generator)
                    fixture.source.sizes.removeSubrange(start..<end)
                    ids.removeSubrange(start..<end)
                    updates.append(.delete(start..<end))
                case 2 where count > 1:
                    let from = Int.random(in: 0..<count, using: &generator)
                    let to = Int.random(in: 0..<count, using: &generator)
                    fixture.source.sizes.insert(fixture.source.sizes.remove(at: from), at: to)
                    ids.insert(ids.remove(at: from), at: to)
                    updates.append(.move(from: from, to: to))
                default:
                    guard count > 0 else { continue }
                    let start = Int.random(in: 0..<count, using: &generator)
                    let end = min(count, start + Int.random(in: 1...5, using: &generator))
                    fixture.source.sizes.replaceSubrange(start..<end, with: randomSizes(end - start, using: &generator))
                    reloaded.formUnion(ids[start..<end])
                    updates.append(.reload(start..<end))
                }
            }
            let context = "seed \(seed), round \(round), updates \(updates)"
            let transitions = fixture.model.performBatchUpdates(updates)

            // Edits above the viewport make the visible items a block of their own (moved, not
            // placed again); the items before the first block are a layout from scratch.
            let blocks = (fixture.model.layout as! WaterfallCollectionLayout).engine.blockStarts
            var reference = WaterfallLayout(columns: .fixed(fixture.source.columns), containerWidth: 400)
            reference.append(contentsOf: fixture.source.sizes[..<(blocks.first ?? fixture.source.sizes.count)])
            #expect(fixture.model.numberOfItems == fixture.source.sizes.count, "\(context)")
            #expect((0..<reference.count).allSatisfy { reference.frame(at: $0) == fixture.model.layout.frame(at: $0) },
                    "layout differs from a rebuilt one: \(context)")
            fixture.expectConsistent(context)
            for index in fixture.model.liveIndices {
                guard let old = cellsByID[ids[index]], !reloaded.contains(ids[index]) else { continue }
                #expect(fixture.model.cell(at: index) === old, "item id \(ids[index]) lost its cell: \(context)")
            }
            #expect(transitions.filter { $0.newIndex != nil }.map(\.newIndex!) == fixture.model.liveIndices, "\(context)")
            // The focus follows its item; when the item is gone it stays at its old position.
            let expectedFocus = ids.firstIndex(of: focusedID) ?? (ids.isEmpty ? nil : min(focusedBefore, ids.count - 1))
            #expect(fixture.model.focusedIndex == expectedFocus, "focus was on \(focusedBefore): \(context)")
        }
    }

    @Test("transitions report deletions, insertions and moves for animation")
    func transitionsForAnimation() {
        let fixture = Fixture(sizes: Array(repeating: .height(100), count: 100))
        fixture.source.sizes.remove(at: 1)
        fixture.source.sizes.insert(.height(50), at: 4)
        let transitions = fixture.model.performBatchUpdates([.delete(1..<2), .insert(4..<5)])
        let deleted = transitions.first { $0.kind == .delete }
        #expect(deleted?.oldIndex == 1 && deleted?.newIndex == nil && deleted?.to.alpha == 0)
        let inserted = transitions.first { $0.kind == .insert }
        #expect(inserted?.newIndex == 4 && inserted?.oldIndex == nil && inserted?.from.alpha == 0)
        let moved = transitions.first { $0.oldIndex == 2 }
        #expect(moved?.kind == .move && moved?.newIndex == 1 && moved?.from.frame != moved?.to.frame)
    }

    @Test("the selection and the keyboard focus follow their item; deleting it clears the selection and leaves the focus on the next item, or the last; a reload clears both")
    func selectionAndFocusFollowUpdates() {
        let fixture = Fixture(sizes: Array(repeating: .height(100), count: 100))
        fixture.model.selectedIndex = 10
        fixture.model.focusedIndex = 10
        fixture.source.sizes.insert(contentsOf: Array(repeating: .height(80), count: 5), at: 0)
        fixture.model.performBatchUpdates([.insert(0..<5)])
        #expect(fixture.model.selectedIndex == 15)
        #expect(fixture.model.focusedIndex == 15)
        fixture.source.sizes.remove(at: 15)
        fixture.model.deleteItem(at: 15)
        #expect(fixture.model.selectedIndex == nil)
        #expect(fixture.model.focusedIndex == 15, "the next item")
        fixture.model.focusedIndex = 103
        fixture.source.sizes.removeLast()
        fixture.model.deleteItem(at: 103)
        #expect(fixture.model.focusedIndex == 102, "the new last item")
        fixture.model.selectedIndex = 3
        fixture.model.reloadData()
        #expect(fixture.model.selectedIndex == nil && fixture.model.focusedIndex == nil)
    }

    @Test("switching layouts keeps the cells that stay live")
    func layoutSwitch() {
        let fixture = Fixture(sizes: Array(repeating: .height(100), count: 300))
        let cells = fixture.model.liveIndices.map { fixture.model.cell(at: $0)! }
        let transitions = fixture.model.setLayout(WaterfallCollectionLayout(WaterfallLayout(placement: .sequential)))
        #expect(!transitions.isEmpty)
        let kept = fixture.model.liveIndices.compactMap { fixture.model.cell(at: $0) }.filter { cell in cells.contains { $0 === cell } }
        #expect(kept.count == cells.count)
        fixture.expectConsistent("after switching layouts")
    }
}
