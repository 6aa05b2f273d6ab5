/// Where section headers go among a list's items when each section starts with a header of its
/// own: the view's indices interleave one header before the first item of each section, and
/// the list's positions count the items alone (a `GtkSectionModel` seen through the wall).
///
/// The map holds the positions where sections start, ascending; section `k` starts at
/// `starts[k]`, its header is at view index `starts[k] + k` and its items follow it. A map
/// without starts puts no header anywhere (positions and indices are the same).
public struct SectionMap: Equatable, Sendable {
    /// What a view index shows.
    public enum Entry: Equatable, Sendable {
        /// The header of section `section`.
        case header(section: Int)
        /// The list's item at `position`.
        case item(position: Int)
    }

    /// The positions where sections start, strictly ascending, none negative.
    public private(set) var starts: [Int]

    /// A map of sections starting at `starts`. Starts that are negative, repeated or out of
    /// order are dropped (a model that reports them gets the sections it reported correctly).
    public init(starts: [Int] = []) {
        var kept: [Int] = []
        kept.reserveCapacity(starts.count)
        for start in starts where start >= 0 && start > (kept.last ?? -1) { kept.append(start) }
        self.starts = kept
    }

    /// The number of headers (one per section).
    public var headerCount: Int { starts.count }

    /// How many sections start at a position below `position`.
    /// - Complexity: O(log s) for s sections.
    public func sections(startingBefore position: Int) -> Int {
        starts.partitioningIndex { $0 >= position }
    }

    /// The view index of the item at `position`: the position plus the headers at or before it.
    /// - Complexity: O(log s).
    public func index(ofItemAt position: Int) -> Int {
        position + sections(startingBefore: position + 1)
    }

    /// The view index of section `section`'s header.
    /// - Precondition: `section` is in `0..<headerCount`.
    public func index(ofHeader section: Int) -> Int {
        starts[section] + section
    }

    /// The number of view indices for `itemCount` items: the items and their headers.
    public func indexCount(itemCount: Int) -> Int {
        itemCount + sections(startingBefore: itemCount)
    }

    /// How many of the first `indexCount` view indices show items (not headers): the list
    /// positions they cover.
    /// - Complexity: O(log s).
    public func itemCount(inIndices indexCount: Int) -> Int {
        indexCount - starts.indices.partitioningIndex { starts[$0] + $0 >= indexCount }
    }

    /// What view index `index` shows.
    /// - Complexity: O(log s).
    public func entry(at index: Int) -> Entry {
        // The last section whose header is at or before `index`.
        let section = starts.indices.partitioningIndex { starts[$0] + $0 > index } - 1
        guard section >= 0 else { return .item(position: index) }
        if starts[section] + section == index { return .header(section: section) }
        return .item(position: index - section - 1)
    }

    /// The list position of the item at view index `index`, `nil` for a header.
    public func position(at index: Int) -> Int? {
        if case .item(let position) = entry(at: index) { return position }
        return nil
    }

    /// The section holding the item at `position`, `nil` before the first section.
    /// - Complexity: O(log s).
    public func section(containing position: Int) -> Int? {
        let section = sections(startingBefore: position + 1) - 1
        return section >= 0 ? section : nil
    }

    /// The positions of section `section`'s items, for a list of `itemCount` items.
    public func positions(ofSection section: Int, itemCount: Int) -> Range<Int> {
        let end = section + 1 < starts.count ? starts[section + 1] : itemCount
        return starts[section]..<max(starts[section], end)
    }

    /// The view indices an `items-changed (position, removed, added)` replaced, as the map went
    /// from `self` (over `oldCount` items) to `new` (over `newCount`): the entries from the
    /// first one at or after `position` (a header there included) up to the item after the
    /// change (its header excluded, as that header may have come or gone) are replaced. The
    /// sections starting before `position` are taken as unchanged, as a `GtkSectionModel`
    /// keeps them.
    /// - Returns: the first index replaced, how many old indices went and how many new came.
    public func indexChange(to new: SectionMap, oldCount: Int, newCount: Int, position: Int, removed: Int,
                            added: Int) -> (index: Int, removed: Int, added: Int) {
        let first = position + sections(startingBefore: position)
        let oldEnd = position + removed < oldCount ? index(ofItemAt: position + removed) : indexCount(itemCount: oldCount)
        let newEnd = position + added < newCount ? new.index(ofItemAt: position + added) : new.indexCount(itemCount: newCount)
        return (first, max(0, oldEnd - first), max(0, newEnd - first))
    }
}
