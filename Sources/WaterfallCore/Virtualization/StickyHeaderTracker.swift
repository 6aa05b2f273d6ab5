import Foundation

/// The sticky section headers' state: which items are headers, how far below the viewport's
/// top they pin, and the header pinned now.
struct StickyHeaderTracker {
    /// The items that are section headers, kept in step with every edit.
    var headers = SectionHeaderIndex()
    /// How far below the viewport's top headers pin (see ``WaterfallViewModel/pinnedHeaderInset``).
    var inset: CGFloat = 0
    /// The header pinned at the last update, or `nil`.
    private(set) var pinned: PinnedHeader?

    /// Pins the header for a viewport whose top is at `top` (content coordinates): the last
    /// header whose frame has reached the pin line, held there, or pushed up so that its bottom
    /// meets the next header's top (the content's end for the last section). Only the items in
    /// `framed` have frames in the viewport's coordinates: headers after them count as below
    /// the pin line, those before as above it, and none of those pins.
    /// - Complexity: O(log h) frame look-ups for h headers.
    mutating func pin(at top: CGFloat, in layout: any CollectionLayout, framed: Range<Int>) {
        let line = top + (inset.isFinite ? max(0, inset) : 0)
        let indices = headers.indices
        guard let position = headers.lastPosition(where: {
            $0 < framed.upperBound && ($0 < framed.lowerBound || layout.frame(at: $0).minY <= line)
        }), indices[position] >= framed.lowerBound else {
            pinned = nil
            return
        }
        let index = indices[position]
        var attributes = layout.layoutAttributes(at: index)
        let natural = attributes.frame.minY
        let sectionEnd = position + 1 < indices.count
            ? (indices[position + 1] < framed.upperBound ? layout.frame(at: indices[position + 1]).minY : .greatestFiniteMagnitude)
            : layout.contentSize.height
        let pinnedTop = max(natural, min(line, sectionEnd - attributes.frame.height))
        attributes.frame.origin.y = pinnedTop - top
        attributes.zIndex = PinnedHeader.zIndex
        pinned = PinnedHeader(index: index, attributes: attributes, pushDistance: max(0, line - pinnedTop))
    }

    /// Pins nothing.
    mutating func unpin() { pinned = nil }
}
