import WaterfallCore

extension WaterfallView {
    /// Where a list model's section headers sit among the view model's indices
    /// (``WaterfallListModelSource/sections``; none on the data-source path, whose headers are
    /// its own items): what turns the model positions of the widget's C API into indices and
    /// back.
    var sectionMap: SectionMap { (model.selection as? WaterfallListModelSource)?.sections ?? SectionMap() }

    /// The view index of the model's item at `position`.
    func index(ofPosition position: Int) -> Int { sectionMap.index(ofItemAt: position) }

    /// The model position of the item at view index `index`, `nil` for a section header.
    func position(ofIndex index: Int) -> Int? { sectionMap.position(at: index) }

    /// The model's `sections-changed` (GTK 4.12+): a list-model wall reads the sections again
    /// from `position`.
    func sectionsChanged(at position: Int, count: Int) {
        (model.selection as? WaterfallListModelSource)?.sectionsChanged(at: position, count: count)
    }
}
