extension SectionHeaderIndex {
    /// The header pinned for a viewport whose top is at `top` (content coordinates), with the
    /// pin line `inset` below it: the last header whose frame has reached the pin line, held
    /// there, or pushed up so that its bottom meets the next header's top (the content's end
    /// for the last section). Only the items in `framed` have frames in the viewport's
    /// coordinates: headers after them count as below the pin line, those before as above it,
    /// and none of those pins. During a drag the frames are those `reorder` shows.
    /// - Complexity: O(log h) frame look-ups for h headers.
    func pinned(at top: Double, inset: Double, in layout: any CollectionLayout, showing reorder: ReorderSession?,
                framed: Range<Int>) -> PinnedHeader? {
        func frame(_ index: Int) -> Rect { reorder?.frame(at: index, in: layout) ?? layout.frame(at: index) }
        let line = top + inset
        // The headers at or above the pin line are a prefix (their frames' tops ascend).
        let position = indices.partitioningIndex {
            $0 >= framed.upperBound || ($0 >= framed.lowerBound && frame($0).minY > line)
        } - 1
        guard position >= 0, indices[position] >= framed.lowerBound else { return nil }
        let index = indices[position]
        var attributes = reorder?.attributes(at: index, in: layout) ?? layout.layoutAttributes(at: index)
        let natural = attributes.frame.minY
        let sectionEnd = position + 1 < indices.count
            ? (indices[position + 1] < framed.upperBound ? frame(indices[position + 1]).minY : .greatestFiniteMagnitude)
            : (reorder?.contentSize(of: layout) ?? layout.contentSize).height
        let pinnedTop = max(natural, min(line, sectionEnd - attributes.frame.height))
        attributes.frame.origin.y = pinnedTop - top
        attributes.zIndex = PinnedHeader.zIndex
        return PinnedHeader(index: index, attributes: attributes, pushDistance: max(0, line - pinnedTop))
    }
}
