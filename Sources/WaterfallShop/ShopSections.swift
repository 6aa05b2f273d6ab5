import WaterfallGTK

/// `--sections`: the generated shop's catalogue grouped by category, each group headed by a
/// section header entry ("Desk Lamps · 625 items"), categories in ``ShopItem/categories`` order
/// and items by id within each.
struct ShopSections: Sendable {
    /// A section header: what it says.
    struct Header: Sendable, Equatable {
        /// The category's name, or "New arrivals" for the items a refresh put in front.
        let title: String
        /// How many items the section has.
        let count: Int

        /// The header's text, e.g. "Desk Lamps · 625 items".
        var text: String { "\(title) · \(IntegerText()(count)) \(count == 1 ? "item" : "items")" }
    }

    /// The catalogue ids, grouped by category.
    private let groupedIDs: [Int]
    /// The list position of each category's header (ascending; empty categories have none).
    private let headerPositions: [Int]
    /// The header of each section, in list order.
    private let headers: [Header]

    /// Groups the catalogue items 0..<`items`.
    /// - Complexity: O(items) (each item is computed from its id once).
    init(items: Int) {
        var groups = [[Int]](repeating: [], count: ShopItem.categories.count)
        for id in 0..<max(0, items) { groups[ShopItem(id: id).category].append(id) }
        var positions: [Int] = [], headers: [Header] = [], position = 0
        for (category, ids) in groups.enumerated() where !ids.isEmpty {
            positions.append(position)
            headers.append(Header(title: ShopItem.categories[category], count: ids.count))
            position += 1 + ids.count
        }
        groupedIDs = groups.flatMap { $0 }
        headerPositions = positions
        self.headers = headers
    }

    /// The number of list entries: every item and every header.
    var count: Int { groupedIDs.count + headers.count }

    /// The section whose header or item is at `position`: its number in list order.
    /// - Complexity: O(log sections).
    private func section(containing position: Int) -> Int {
        var low = 0, high = headerPositions.count
        while low < high {
            let middle = (low + high) / 2
            if headerPositions[middle] <= position { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }

    /// The header at list position `position`, or `nil` for an item.
    /// - Complexity: O(log sections).
    func header(at position: Int) -> Header? {
        let section = section(containing: position)
        return headerPositions[section] == position ? headers[section] : nil
    }

    /// The id of the item at list position `position` (which must not be a header's).
    /// - Complexity: O(log sections).
    func itemID(at position: Int) -> Int {
        groupedIDs[position - section(containing: position) - 1]
    }
}
