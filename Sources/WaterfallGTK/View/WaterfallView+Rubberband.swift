import CWaterfallGtk
import CWaterfallGtk4
import Glibc
import WaterfallCore

/// A rubberband drag in progress: where it began in content coordinates, whether it adds to
/// the selection from before it, and the band it draws.
@MainActor
final class RubberbandState {
    /// The band's first corner in content coordinates; `nil` between drags.
    var start: Point?
    /// Whether Ctrl or Shift was held when the drag began.
    var extend = false
    /// The band in content coordinates, once the drag went past the threshold and selects.
    var rect: Rect?
    /// The drawn band (CSS node `rubberband`, the last child of the view so it is drawn above
    /// the cells), while ``rect`` is set.
    var widget: UnsafeMutablePointer<GtkWidget>?
    /// Where the pointer is, relative to the view, while the band selects.
    var pointer: Point?

    /// Whether the drag went past the threshold and the band selects.
    var isActive: Bool { rect != nil }
}

extension FrameClient {
    /// The content scrolling under a band whose pointer is near the view's edge.
    static let rubberbandAutoScroll = FrameClient(name: "rubberband auto-scroll")
}

extension WaterfallView {
    /// How near the view's edge (points) the band's pointer makes the content scroll, as in
    /// GtkListBase: each frame the content moves by how far the pointer is into that margin
    /// (at most twice the margin, when the pointer is past the edge).
    static var rubberbandAutoScrollMargin: Double { 30 }

    /// Rubberband selection, when the model's selection allows it (a multi-selection with
    /// rubberband on): a primary-button drag of more than ``reorderDragThreshold`` points
    /// selects every item whose frame meets the band, as it grows or shrinks; Ctrl or Shift
    /// keeps the earlier selection. A drag that lifts an item to reorder it, or starts on an
    /// item that can be dragged out (``enableDraggingItems(content:)``), is no band.
    ///
    /// The band is drawn as GtkListBase draws its own: a child whose CSS node is
    /// `rubberband`, which the theme styles (a border and a translucent fill of the selection
    /// colour), following the pointer and removed when the button is released. While the
    /// pointer is near the edge of the view along its scroll axis the content scrolls, as in
    /// GtkGridView, and the band grows with it (``rubberbandAutoScrollMargin``).
    func installRubberband() {
        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(gcast(drag), 1)
        Signal.connect(drag, "drag-begin") { [weak self, drag] (x: Double, y: Double) in
            guard let self else { return }
            self.endRubberband()
            guard self.model.selection.allowsRubberband,
                  self.draggableIndex(at: Point(x: x, y: y)) == nil else { return }
            let state = gtk_event_controller_get_current_event_state(gcast(drag)).rawValue
            self.rubberband.start = self.model.contentPoint(atViewportPoint: Point(x: x, y: y))
            self.rubberband.extend = state & (GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue) != 0
        }
        Signal.connect(drag, "drag-update") { [weak self, drag] (dx: Double, dy: Double) in
            self?.rubberbandMoved(gesture: drag, by: Size(width: dx, height: dy))
        }
        Signal.connect(drag, "drag-end") { [weak self] (_: Double, _: Double) in
            self?.endRubberband()
        }
        gtk_widget_add_controller(widget, gcast(drag))
    }

    /// The band's drag moved to `offset` from where it began: selects the items under it, moves
    /// the drawn band there, and starts the auto-scroll when the pointer is near an edge.
    private func rubberbandMoved(gesture: OpaquePointer, by offset: Size) {
        guard rubberband.start != nil else { return }
        guard reorderGesture.liftedWidget == nil else {
            endRubberband()
            return
        }
        if !rubberband.isActive {
            guard hypot(offset.width, offset.height) > Self.reorderDragThreshold else { return }
            gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
        }
        var startX = 0.0, startY = 0.0
        gtk_gesture_drag_get_start_point(gcast(gesture), &startX, &startY)
        rubberband.pointer = Point(x: startX + offset.width, y: startY + offset.height)
        selectUnderRubberband()
        if rubberbandAutoScrollStep != 0, !frames.isRunning(.rubberbandAutoScroll) {
            frames.run(.rubberbandAutoScroll) { [weak self] _ in self?.rubberbandAutoScrollFrame() ?? false }
        }
    }

    /// Selects the items under the band from where it began to the pointer, and moves the
    /// drawn band there.
    /// - Complexity: the layout's rect query, O(log n + m) for m items under the band.
    private func selectUnderRubberband() {
        guard let start = rubberband.start, let pointer = rubberband.pointer else { return }
        let end = model.contentPoint(atViewportPoint: pointer)
        let rect = Rect(x: min(start.x, end.x), y: min(start.y, end.y),
                          width: abs(end.x - start.x), height: abs(end.y - start.y))
        showRubberband(rect)
        var indices: [Int] = []
        model.layout.forEachIndex(in: rect) { indices.append($0) }
        model.selection.select(covering: indices, extend: rubberband.extend)
        refreshCellStates()
    }

    /// How far the content scrolls this frame for the band's pointer along the scroll axis:
    /// negative near the start edge, positive near the end edge, 0 elsewhere or without a band.
    var rubberbandAutoScrollStep: Double {
        guard rubberband.isActive, let pointer = rubberband.pointer else { return 0 }
        let horizontal = model.layout.scrollAxis == .horizontal
        let position = Double(horizontal ? pointer.x : pointer.y)
        let length = Double(horizontal ? gtk_widget_get_width(widget) : gtk_widget_get_height(widget))
        let margin = Self.rubberbandAutoScrollMargin
        if position < margin { return -min(margin - position, 2 * margin) }
        if position > length - margin { return min(position - (length - margin), 2 * margin) }
        return 0
    }

    /// One frame of the band's auto-scroll: moves the adjustment of the scroll axis by
    /// ``rubberbandAutoScrollStep`` (clamped by the adjustment) and selects what the band covers
    /// then. Returns whether the pointer still asks for scrolling.
    private func rubberbandAutoScrollFrame() -> Bool {
        let step = rubberbandAutoScrollStep
        guard step != 0 else { return false }
        let scrolled = model.layout.scrollAxis == .horizontal ? horizontalAdjustment : adjustment
        let value = gtk_adjustment_get_value(scrolled)
        gtk_adjustment_set_value(scrolled, value + step)
        if gtk_adjustment_get_value(scrolled) != value { selectUnderRubberband() }
        return true
    }

    /// Draws the band over `rect` (content coordinates), adding its widget on the first call.
    private func showRubberband(_ rect: Rect) {
        rubberband.rect = rect
        if rubberband.widget == nil {
            let band = wf_rubberband_new()!
            gtk_widget_set_parent(band, widget)
            rubberband.widget = band
        }
        gtk_widget_queue_allocate(widget)
    }

    /// The drag ended (released or cancelled): removes the drawn band.
    func endRubberband() {
        rubberband.start = nil
        rubberband.rect = nil
        rubberband.pointer = nil
        frames.stop(.rubberbandAutoScroll)
        if let band = rubberband.widget {
            rubberband.widget = nil
            gtk_widget_unparent(band)
        }
    }

    /// Allocates the drawn band, if there is one, at its rect relative to the viewport.
    func allocateRubberband() {
        guard let band = rubberband.widget, let rect = rubberband.rect else { return }
        let shown = model.viewportRect(ofContentRect: rect)
        gtk_widget_measure(band, GTK_ORIENTATION_HORIZONTAL, -1, nil, nil, nil, nil)
        gtk_widget_measure(band, GTK_ORIENTATION_VERTICAL, -1, nil, nil, nil, nil)
        var origin = graphene_point_t(x: Float(shown.minX), y: Float(shown.minY))
        gtk_widget_allocate(band, Int32(shown.width.rounded()), Int32(shown.height.rounded()), -1,
                            gsk_transform_translate(nil, &origin))
    }
}
