import CWaterfallGtk
import CWaterfallGtk4
import WaterfallCore

/// Sections from the model's `GtkSectionModel` (GTK 4.12 and later), with the view's
/// `header-factory` set: each section starts with a header, a full-span item of the view
/// model, so the Swift sections and these are one mechanism — the headers are placed as the
/// waterfall places any full-span item, and with `pinned-headers` they are the view model's
/// section headers (``WaterfallDataSource/waterfallView(_:isSectionHeaderAt:)``), pinned as on
/// the data-source path.
///
/// The view model counts indices: the headers interleaved with the items (``SectionMap``).
/// Everything the app sees counts model positions — the selection model, the keys,
/// `scroll_to`, `activate`, `get_position_at`, `WaterfallItem:position` — and the source
/// translates between them.
///
/// Cost: the wall reads a section's bounds once per section, from the model's
/// `gtk_section_model_get_section` (for a sorted `GtkSortListModel` with a section sorter, a
/// galloping search of O(log k) comparisons for a section of k items): all of them when the model, the header factory or the
/// sections change, and those from the first changed position on at an `items-changed`. Item
/// sizes stay lazy; a million items in a hundred months cost a hundred section reads.
extension WaterfallListModelSource {
    /// The view's `header-factory` (`nil`: no sections; always `nil` before GTK 4.12).
    var headerFactory: UnsafeMutablePointer<WaterfallItemFactory>? {
        widget.flatMap(waterfall_masonry_view_get_section_header_factory)
    }

    /// The view's `pinned-headers`.
    var pinsHeaders: Bool {
        widget.map { waterfall_masonry_view_get_section_headers_pin($0) != 0 } ?? false
    }

    /// The model's sections from `position` on, after those of `kept` that start before it
    /// (the sections before a change stay, as a `GtkSectionModel` keeps them); no sections
    /// without a header factory or a section model.
    /// - Complexity: one `gtk_section_model_get_section` per section from `position` on.
    func readSections(from position: Int = 0, keeping kept: SectionMap = SectionMap()) -> SectionMap {
        guard let widget, headerFactory != nil else { return SectionMap() }
        let count = itemCount
        var starts = Array(kept.starts.prefix(kept.sections(startingBefore: position)))
        var next = position
        while next < count {
            var start: guint = 0, end: guint = 0
            guard waterfall_masonry_view_get_section(widget, guint(next), &start, &end) != 0 else { return SectionMap() }
            if Int(start) != starts.last { starts.append(Int(start)) }
            next = max(Int(end), next + 1)   // a model whose section ends at or before `next` moves on by one
        }
        if count > 0, starts.first != 0 { starts.insert(0, at: 0) }
        return SectionMap(starts: starts)
    }

    /// The model position of the item at view index `index`, `nil` for a header.
    func position(at index: Int) -> Int? { sections.position(at: index) }

    /// The model positions of the section whose header is at view index `index`, `nil` when
    /// `index` shows an item.
    func section(ofHeaderAt index: Int) -> Range<Int>? {
        guard case .header(let section) = sections.entry(at: index) else { return nil }
        return sections.positions(ofSection: section, itemCount: appliedItemCount)
    }

    /// The height of the header at view index `index`: its cell's, measured when it was last
    /// bound at this column width (`cellWidth`), or ``estimatedHeaderHeight`` until then. Each
    /// header has its own (a wrapped title, a subtitle on some); it is kept on the section's
    /// first item, as an item's measured height is on the item, so it follows the section
    /// through sorts and splices. Reading it costs one `g_list_model_get_item`, never a bind or a
    /// measure: a header is measured only when it is bound to be shown.
    func headerHeight(at index: Int, cellWidth: Double) -> Double {
        guard let section = section(ofHeaderAt: index), let object = object(atPosition: section.lowerBound) else {
            return estimatedHeaderHeight
        }
        defer { g_object_unref(object) }
        let measured = wf_item_get_header_height(object, cellWidth)
        return measured >= 0 ? measured : estimatedHeaderHeight
    }

    /// Keeps `height`, the header's cell at view index `index` measured when the columns were
    /// `cellWidth` wide, for `headerHeight(at:cellWidth:)`.
    func keepHeaderHeight(_ height: Double, at index: Int, cellWidth: Double) {
        guard let section = section(ofHeaderAt: index), let object = object(atPosition: section.lowerBound) else { return }
        wf_item_set_header_height(object, height, cellWidth)
        g_object_unref(object)
    }

    /// A recycled header cell (or a new one, set up by the header factory) bound to the section
    /// at `section`.
    func headerCell(for section: Range<Int>, in waterfallView: WaterfallViewModel<WaterfallItemCell>) -> WaterfallItemCell {
        let cell = waterfallView.dequeueReusableCell(withIdentifier: WaterfallItemCell.headerIdentifier)
            ?? WaterfallItemCell(factory: headerFactory, header: true)
        cell.source = self
        let object = object(atPosition: section.lowerBound)
        defer { if let object { g_object_unref(object) } }
        callOutDepth += 1
        defer { callOutDepth -= 1 }
        cell.bindHeader(object, section: section)
        return cell
    }

    /// The model's `sections-changed` for `count` items from `position`: the sections from
    /// the first one touched are read again, and the indices whose headers came, went or moved
    /// are replaced.
    func sectionsChanged(at position: Int, count: Int) {
        guard headerFactory != nil else { return }
        itemsChanged(at: position, removed: count, added: count)
    }
}
