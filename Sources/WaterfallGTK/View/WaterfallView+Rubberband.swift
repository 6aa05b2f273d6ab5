import CWaterfallGtk4
import Foundation
import WaterfallCore

/// A rubberband drag in progress: where it began in content coordinates, and whether it adds
/// to the selection from before it.
@MainActor
final class RubberbandState {
    /// The band's first corner in content coordinates; `nil` between drags.
    var start: CGPoint?
    /// Whether Ctrl or Shift was held when the drag began.
    var extend = false
    /// Whether the drag went past the threshold and the band selects.
    var isActive = false
}

extension WaterfallView {
    /// Rubberband selection, when the ``selectionHandler`` allows it (a multi-selection with
    /// rubberband on): a primary-button drag of more than ``reorderDragThreshold`` points
    /// selects every item whose frame meets the band, as it grows or shrinks; Ctrl or Shift
    /// keeps the earlier selection. A drag that lifts an item to reorder it, or starts on an
    /// item that can be dragged out (``enableDraggingItems(content:)``), is no band.
    func installRubberband() {
        let band = RubberbandState()
        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(gcast(drag), 1)
        Signal.connect(drag, "drag-begin") { [weak self, drag, band] (x: Double, y: Double) in
            guard let self, self.selectionHandler?.allowsRubberband == true,
                  self.draggableIndex(at: CGPoint(x: x, y: y)) == nil else { return }
            let state = gtk_event_controller_get_current_event_state(gcast(drag)).rawValue
            band.start = CGPoint(x: x + self.model.contentOffset.x, y: y + self.model.contentOffset.y)
            band.extend = state & (GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue) != 0
            band.isActive = false
        }
        Signal.connect(drag, "drag-update") { [weak self, drag, band] (dx: Double, dy: Double) in
            self?.rubberbandMoved(band, gesture: drag, by: CGSize(width: dx, height: dy))
        }
        Signal.connect(drag, "drag-end") { [band] (_: Double, _: Double) in
            band.start = nil
        }
        gtk_widget_add_controller(widget, gcast(drag))
    }

    /// The band's drag moved to `offset` from where it began: selects the items under it.
    /// - Complexity: the layout's rect query, O(log n + m) for m items under the band.
    private func rubberbandMoved(_ band: RubberbandState, gesture: OpaquePointer, by offset: CGSize) {
        guard let start = band.start, let handler = selectionHandler else { return }
        guard reorderGesture.liftedWidget == nil else {
            band.start = nil
            return
        }
        if !band.isActive {
            guard hypot(offset.width, offset.height) > Self.reorderDragThreshold else { return }
            band.isActive = true
            gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
        }
        var startX = 0.0, startY = 0.0
        gtk_gesture_drag_get_start_point(gcast(gesture), &startX, &startY)
        let end = CGPoint(x: startX + offset.width + model.contentOffset.x,
                          y: startY + offset.height + model.contentOffset.y)
        let rect = CGRect(x: min(start.x, end.x), y: min(start.y, end.y),
                          width: abs(end.x - start.x), height: abs(end.y - start.y))
        var indices: [Int] = []
        model.layout.forEachIndex(in: rect) { indices.append($0) }
        handler.rubberband(covering: indices, extend: band.extend)
        refreshCellStates()
    }
}
