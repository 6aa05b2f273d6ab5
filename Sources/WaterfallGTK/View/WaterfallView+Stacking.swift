import CWaterfallGtk4
import WaterfallCore

extension WaterfallView {
    /// Notes that a cell's z-index changed, and restacks before the next frame unless the
    /// view's own code does it sooner (layouts whose items all have z-index 0, such as the
    /// waterfall, never get here).
    func setNeedsRestack() {
        restack.isNeeded = true
        guard restack.idle == nil else { return }
        restack.idle = MainLoopSource.idle(priority: G_PRIORITY_HIGH_IDLE) { [weak self] in
            guard let self else { return }
            self.restack.idle = nil
            self.restackIfNeeded()
        }
    }

    /// Orders the shown cells and ghosts by z-index (GTK draws later children on top), moving
    /// widgets only when the current order is wrong. Ghosts stay above cells of equal z-index.
    /// - Complexity: O(k log k) for k shown cells and ghosts, when a z-index changed.
    func restackIfNeeded() {
        guard restack.isNeeded else { return }
        restack.isNeeded = false
        var stack: [(z: Int, widget: UnsafeMutablePointer<GtkWidget>)] = []
        stack.reserveCapacity(shownCells.count + animation.ghosts.count)
        for cell in shownCells { stack.append(((cell.placement?.zIndex ?? 0), cell.widget)) }
        for ghost in animation.ghosts { stack.append((ghost.target.zIndex, ghost.widget)) }
        let order = stack.enumerated().sorted { ($0.element.z, $0.offset) < ($1.element.z, $1.offset) }.map(\.element)
        guard !isStacked(order.map(\.widget)) else { return }
        for entry in order { gtk_widget_insert_before(entry.widget, widget, chrome.header.widget) }
    }

    /// Whether `widgets` already appear in this order among the canvas' children.
    private func isStacked(_ widgets: [UnsafeMutablePointer<GtkWidget>]) -> Bool {
        var position = 0
        var child = gtk_widget_get_first_child(widget)
        while let current = child, position < widgets.count {
            if current == widgets[position] { position += 1 }
            child = gtk_widget_get_next_sibling(current)
        }
        return position == widgets.count
    }
}
