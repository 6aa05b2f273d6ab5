import CWaterfallGtk4
import Glibc
import WaterfallCore

/// The state of the view's reorder gestures.
struct ReorderGestureState {
    /// Where the current pointer drag began, relative to the viewport; `nil` between drags.
    var start: Point?
    /// Whether the current drag comes from a touchscreen (it lifts only after a long press).
    var isTouch = false
    /// Set by Escape: the rest of the current drag is ignored.
    var isCancelled = false
    /// The cell widget carrying the `lifted` CSS class, until the drag that lifted it ends.
    var liftedWidget: UnsafeMutablePointer<GtkWidget>?
    /// The frame time auto-scroll last stepped at, in seconds.
    var lastFrameTime: Double?
}

extension FrameClient {
    /// Auto-scroll while a reorder drag holds the pointer near the viewport's edge.
    static let reorderAutoScroll = FrameClient(name: "reorder auto-scroll")
}

extension WaterfallView {
    /// The distance a pointer drag must travel before it lifts an item (GTK's drag-and-drop
    /// threshold), so that clicks still select.
    static var reorderDragThreshold: Double { 8 }

    /// Drag to reorder, when the data source lets items move
    /// (`WaterfallDataSource.waterfallView(_:canMoveItemAt:)`): a primary-button drag of more
    /// than ``reorderDragThreshold`` points, or a long press then a drag on a touchscreen, lifts
    /// the item (CSS class `lifted`, drawn above the others, slightly larger) and it follows
    /// the pointer; the other items animate out of the way to show where it would land;
    /// releasing drops it there (the data source's `moveItemFrom:to:`), Escape cancels. Near
    /// the top or bottom edge the wall scrolls, faster the closer the pointer.
    ///
    /// Keyboard: Ctrl+Shift+Up or Left moves the focused item to the previous position,
    /// Ctrl+Shift+Down or Right to the next (Left and Right swap in a right-to-left waterfall);
    /// the new position is announced ("Moved to position 12 of 10,000").
    func installReordering() {
        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(gcast(drag), 1)
        Signal.connect(drag, "drag-begin") { [weak self, drag] (x: Double, y: Double) in
            self?.reorderDragBegan(at: Point(x: x, y: y), touch: Self.isTouch(drag))
        }
        Signal.connect(drag, "drag-update") { [weak self, drag] (dx: Double, dy: Double) in
            self?.reorderDragMoved(by: Size(width: dx, height: dy), gesture: drag)
        }
        Signal.connect(drag, "drag-end") { [weak self] (_: Double, _: Double) in
            self?.reorderDragEnded()
        }
        // A gesture GTK cancels (a broken grab, the window going away) cancels the drag; the
        // drag-end that follows then has nothing to drop.
        Signal.connect(drag, "cancel") { [weak self] in
            self?.cancelReorder()
        }
        gtk_widget_add_controller(widget, gcast(drag))

        let press = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(gcast(press), 1)
        Signal.connect(press, "pressed") { [weak self, press] (x: Double, y: Double) in
            guard let self, self.lift(at: Point(x: x, y: y)) else { return }
            gtk_gesture_set_state(gcast(press), GTK_EVENT_SEQUENCE_CLAIMED)
        }
        gtk_widget_add_controller(widget, gcast(press))
        // Grouped (both on the widget first), so the drag keeps the touch sequence the long
        // press claims.
        gtk_gesture_group(gcast(press), gcast(drag))

        installReorderShortcuts()
    }

    /// Whether the gesture's current event comes from a touchscreen.
    private static func isTouch(_ gesture: OpaquePointer) -> Bool {
        guard let device = gtk_gesture_get_device(gesture) else { return false }
        return gdk_device_get_source(device) == GDK_SOURCE_TOUCHSCREEN
    }

    /// A drag began at `point`: nothing lifts yet (a click must still select).
    func reorderDragBegan(at point: Point, touch: Bool) {
        reorderGesture.start = point
        reorderGesture.isTouch = touch
        reorderGesture.isCancelled = false
    }

    /// The drag moved by `offset` from its start: past the threshold a pointer drag lifts the
    /// item there (claiming the events, so no click follows); a lifted item follows.
    func reorderDragMoved(by offset: Size, gesture: OpaquePointer?) {
        settleLiftedStyle()
        guard let start = reorderGesture.start, !reorderGesture.isCancelled else { return }
        if !model.isReordering {
            guard !reorderGesture.isTouch, hypot(offset.width, offset.height) >= Self.reorderDragThreshold,
                  lift(at: start) else { return }
            if let gesture { gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED) }
        }
        moveLifted(to: Point(x: start.x + offset.width, y: start.y + offset.height))
    }

    /// The drag ended: a lifted item is dropped where it would land.
    func reorderDragEnded() {
        reorderGesture.start = nil
        settleLiftedStyle()
        guard model.isReordering else { return }
        finishReorder(committing: true)
    }

    /// Lifts the item drawn at `point` (relative to the viewport), if the data source lets it
    /// move: its cell gets the `lifted` CSS class and is drawn above the others.
    /// - Returns: whether an item was lifted.
    @discardableResult
    func lift(at point: Point) -> Bool {
        stopSettle()
        guard measuringWork({ model.beginReorder(at: point) }), let cell = model.liftedCell else { return false }
        animation.transitions.cancel(.cell(ObjectIdentifier(cell)))
        gtk_widget_add_css_class(cell.widget, WaterfallStyle.ClassName.lifted)
        reorderGesture.liftedWidget = cell.widget
        restackIfNeeded()
        return true
    }

    /// Takes the `lifted` CSS class off the cell that had it once the model's drag is over —
    /// dropped or cancelled here, or ended by the model itself (a reload, a layout switch, the
    /// lifted item deleted), so a recycled cell never keeps the shadow.
    private func settleLiftedStyle() {
        guard !model.isReordering, let widget = reorderGesture.liftedWidget else { return }
        gtk_widget_remove_css_class(widget, WaterfallStyle.ClassName.lifted)
        reorderGesture.liftedWidget = nil
    }

    /// The lifted item follows the pointer to `point`; the others animate to where they go
    /// around its landing place, and auto-scroll starts or stops.
    func moveLifted(to point: Point) {
        applyReorderChange { model.moveReorder(to: point) }
        updateAutoScroll()
    }

    /// Drops the lifted item where it would land (`committing`), or cancels the drag, and
    /// announces where the item went.
    func finishReorder(committing: Bool) {
        stopAutoScroll()
        let source = model.liftedIndex
        let destination = committing ? model.reorderDestination : source
        applyReorderChange { committing ? model.endReorder() : model.cancelReorder() }
        settleLiftedStyle()
        if let destination, destination != source { announceMove(to: destination) }
    }

    /// Lifts the item drawn at `point` (relative to the view) from code, as a drag past the
    /// threshold does: follow with ``moveReorder(to:)``, then ``endReorder()`` or
    /// ``cancelReorder()``. The pointer gestures use the same path.
    /// - Returns: whether an item was lifted (the data source lets it move, no drag is running).
    @discardableResult
    public func beginReorder(at point: Point) -> Bool {
        lift(at: point)
    }

    /// Moves the lifted item to follow a pointer at `point` (relative to the view); the other
    /// items animate to their places around where it would land. Ignored without a drag.
    public func moveReorder(to point: Point) {
        guard model.isReordering else { return }
        moveLifted(to: point)
    }

    /// Drops the lifted item where it would land (through the data source's
    /// `moveItemFrom:to:`) and announces its new position. Ignored without a drag.
    public func endReorder() {
        guard model.isReordering else { return }
        finishReorder(committing: true)
    }

    /// Cancels the drag in progress as Escape does: everything returns to its place, and the
    /// rest of a pointer drag is ignored.
    /// - Returns: whether a drag was cancelled.
    @discardableResult
    public func cancelReorder() -> Bool {
        guard model.isReordering else { return false }
        reorderGesture.isCancelled = true
        finishReorder(committing: false)
        return true
    }

    /// Runs a reorder step of the model and animates its transitions (cells that leave fade out
    /// as ghosts); nothing is animated when the step changed nothing.
    private func applyReorderChange(_ change: () -> [ItemTransition]) {
        let moves = capturingGhosts(true, change)
        if let moves, moves.transitions.isEmpty, moves.ghosts.isEmpty {
            restackIfNeeded()
            return
        }
        animate(moves) { _ in nil }
    }

    /// Starts auto-scrolling on the frame driver while the pointer asks for it, stops it when
    /// it no longer does.
    private func updateAutoScroll() {
        guard model.reorderScrollVelocity != 0 else {
            stopAutoScroll()
            return
        }
        guard !isAutoScrolling else { return }
        reorderGesture.lastFrameTime = nil
        frames.run(.reorderAutoScroll) { [weak self] time in self?.autoScrollFrame(at: time) ?? false }
    }

    /// Whether auto-scroll is running.
    var isAutoScrolling: Bool { frames.isRunning(.reorderAutoScroll) }

    /// One auto-scroll frame at frame time `time` (seconds): the model scrolls by its velocity
    /// for the time since the last frame. Returns whether to keep going.
    func autoScrollFrame(at time: Double) -> Bool {
        let elapsed = reorderGesture.lastFrameTime.map { time - $0 } ?? 0
        reorderGesture.lastFrameTime = time
        guard model.isReordering, model.reorderScrollVelocity != 0 else { return false }
        applyReorderChange { model.stepReorderAutoScroll(seconds: elapsed) }
        return true
    }

    /// Stops auto-scrolling.
    private func stopAutoScroll() {
        frames.stop(.reorderAutoScroll)
    }

    /// Ctrl+Shift+arrows move the focused item; Escape cancels a drag. Captured before the
    /// arrow keys move the focus.
    private func installReorderShortcuts() {
        let controller = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        func add(_ trigger: String, _ action: @escaping @MainActor (WaterfallView) -> Bool) {
            let box = CallbackBox<@MainActor () -> Bool>.retain { [weak self] in self.map(action) ?? false }
            let activate: GtkShortcutFunc = { _, _, data in
                let box = CallbackBox<@MainActor () -> Bool>.from(data)
                return MainActor.assumeIsolated { box.handler() } ? 1 : 0
            }
            let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger),
                                            gtk_callback_action_new(activate, box, releaseCallbackBox))
            gtk_shortcut_controller_add_shortcut(gcast(controller), shortcut)
        }
        add("<Control><Shift>Up") { $0.moveFocusedItem(by: -1) }
        add("<Control><Shift>Down") { $0.moveFocusedItem(by: 1) }
        add("<Control><Shift>Left") { $0.moveFocusedItem(toward: .left) }
        add("<Control><Shift>Right") { $0.moveFocusedItem(toward: .right) }
        add("Escape") { $0.cancelReorder() }
        gtk_widget_add_controller(widget, controller)
    }

    /// Moves the focused item one position the way Left or Right moves the focus ring (the
    /// previous or next position, swapped in a mirrored right-to-left waterfall).
    /// - Returns: whether it moved.
    func moveFocusedItem(toward direction: FocusDirection) -> Bool {
        guard let index = focusedIndex, let target = model.focusTarget(from: index, moving: direction) else { return false }
        return moveFocusedItem(by: target - index)
    }

    /// Moves the focused item by `offset` positions (the keyboard's move), keeps the focus on
    /// it, scrolls it into view and announces its new position.
    /// - Returns: whether it moved.
    func moveFocusedItem(by offset: Int) -> Bool {
        guard let index = focusedIndex else { return false }
        var moved: Int?
        applyReorderChange {
            let result = model.moveItem(at: index, by: offset)
            moved = result?.index
            return result?.transitions ?? []
        }
        guard let moved else { return false }
        focus(moved)
        announceMove(to: moved)
        return true
    }

    /// Announces an item's new position: "Moved to position 12 of 10,000".
    func announceMove(to index: Int) {
        announce(WaterfallStrings.current.movedToPosition(index + 1, of: accessibleItemCount))
    }
}
