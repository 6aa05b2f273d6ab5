import CWaterfallGtk4
import WaterfallCore

/// Self-sizing items, the general form of a size correction: an item asks to be measured, the
/// view measures its bound cell's height for the column width (``WaterfallCell/measuredHeight(forWidth:)``,
/// `gtk_widget_measure` by default) and hands the height to this delegate, which stores it and
/// answers it from `sizeAt` (e.g. `.height(measured)`); the view then corrects the item's size
/// through the view model's size changes (one relayout per frame, nothing on screen jumps).
///
/// Cells are measured when they are placed for another item or at another width (binding,
/// reuse, column changes), not on every scroll step.
@MainActor
public protocol WaterfallSelfSizing<Cell>: AnyObject {
    /// The cell type, shared with the view.
    associatedtype Cell: WaterfallCell

    /// Whether the item's cell should be measured.
    func waterfallView(_ view: WaterfallView<Cell>, shouldMeasureItemAt index: Int) -> Bool

    /// The item's cell wants `height` at `width` (the column width): store it and answer it
    /// from the delegate's `sizeAt`.
    func waterfallView(_ view: WaterfallView<Cell>, didMeasureItemAt index: Int, height: Double, width: Double)
}

extension WaterfallView {
    /// Measures a cell being placed for a new item or width, if its item asks for it, and
    /// records a size change when the measured height differs from its frame by half a point
    /// or more.
    /// - Complexity: one GTK measure of the cell, only when the item or width changed.
    func measureIfNeeded(_ cell: Cell, previous: LayoutAttributes?, attributes: LayoutAttributes) {
        guard previous?.index != attributes.index || previous?.frame.width != attributes.frame.width else { return }
        measure(cell, attributes: attributes)
    }

    /// Measures the live cell of the item at `index` again, if its item asks for it: the item
    /// changed in place (the same object, new content) and its cell stayed bound.
    /// - Complexity: one GTK measure of the cell.
    func measureAgain(at index: Int) {
        guard let cell = model.cell(at: index), let attributes = cell.placement else { return }
        measure(cell, attributes: attributes)
    }

    private func measure(_ cell: Cell, attributes: LayoutAttributes) {
        guard let selfSizing, selfSizing.waterfallView(self, shouldMeasureItemAt: attributes.index) else { return }
        let width = attributes.frame.width
        let height = cell.measuredHeight(forWidth: width)
        guard height.isFinite, height > 0, abs(height - attributes.frame.height) >= 0.5 else { return }
        selfSizing.waterfallView(self, didMeasureItemAt: attributes.index, height: height, width: width)
        model.invalidateSize(at: attributes.index)
    }
}
