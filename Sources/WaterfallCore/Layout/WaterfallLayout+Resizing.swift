import Foundation

extension WaterfallLayout {
    /// Gives items new sizes (an item's image size became known, a self-sizing cell was
    /// measured) and relayouts once, from the lowest changed index: any number of changes cost
    /// one suffix relayout. Indices may repeat (the last size wins) and come in any order.
    /// - Complexity: O(k + c log n + (n − i) · log c) for k changes whose lowest index is i.
    public mutating func resizeItems<C: Collection>(_ changes: C) where C.Element == (index: Int, size: ItemSize) {
        guard var lowest = changes.first?.index else { return }
        uniqueStorage()
        for (index, size) in changes {
            checkIndex(index)
            ItemStore.write(size, at: index, values: items.values, slots: items.slots)
            lowest = Swift.min(lowest, index)
        }
        relayout(from: lowest)
    }
}
