import CWaterfallGtk
import CWaterfallGtk4
import WaterfallCore

extension WaterfallView: MasonryViewFace {
    /// A `GtkScrolledWindow` showing the wall: the one the widget is already the child of, or
    /// a new one (floating, overlay scrollbars as the user's settings say) with the widget as its
    /// direct child, no `GtkViewport` in between. Put it into a window, a box or an overlay.
    /// Scrollbars, the wheel, touchpad and touchscreen (kinetic) scrolling and overshoot come
    /// from it.
    public var scrolledWindow: UnsafeMutablePointer<GtkWidget> {
        if let parent = gtk_widget_get_parent(widget), g_type_check_instance_is_a(gcast(parent), gtk_scrolled_window_get_type()) != 0 {
            return parent
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gcast(scrolled), widget)
        return scrolled
    }

    /// Lets a mouse wheel turn scroll a sideways layout (a carousel, rows), which
    /// GtkScrolledWindow only does with Shift: a vertical notch moves the hadjustment by its
    /// step increment, as the scrolled window's keyboard step does. (The widget hides the
    /// scrollbars of the scrolled window it enters from assistive technologies.)
    func installScrolling() {
        let controller = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        Signal.connect(controller, "scroll") { [weak self, controller] (_: Double, dy: Double) -> Bool in
            guard let self, self.model.layout.scrollAxis == .horizontal,
                  gtk_event_controller_scroll_get_unit(gcast(controller)) == GDK_SCROLL_UNIT_WHEEL else { return false }
            // Toward the end, whichever way the adjustment runs.
            self.setScrollAdjustmentOffset(self.scrollAdjustmentOffset
                                               + dy * gtk_adjustment_get_step_increment(self.horizontalAdjustment))
            return true
        }
        gtk_widget_add_controller(widget, gcast(controller))
    }

    /// The view entered or left a scrolled window: the new adjustments get the content's range.
    func adjustmentsReplaced() {
        syncAdjustment(offset: model.contentOffset, contentSize: model.contentSize)
    }

    /// One of the adjustments moved (scrolled window, keys, settle): the model follows
    /// if it is the adjustment of the layout's axis, a failed load-more is retried when the
    /// reader moves on toward the end (as often as `WaterfallViewModel.loadMoreRetryThrottle`
    /// lets it, so a failing server is not hammered at the frame rate), and a snapping layout
    /// settles once the scrolling pauses. A list-model wall starts binding ahead of the screen.
    func adjustmentValueChanged(_ orientation: GtkOrientation) {
        let axis: ScrollAxis = orientation == GTK_ORIENTATION_HORIZONTAL ? .horizontal : .vertical
        guard !isSyncingAdjustment, axis == model.layout.scrollAxis else { return }
        let value = scrollAdjustmentOffset
        let offset = axis == .horizontal ? Point(x: value, y: 0) : Point(x: 0, y: value)
        let forward = value > Double(axis == .horizontal ? model.contentOffset.x : model.contentOffset.y)
        (model.selection as? WaterfallListModelSource)?.readerScrolled()
        measuringWork { model.setContentOffset(offset) }
        if forward, model.loadMoreState == .failed {
            model.retryLoadingMoreIfDue(at: Double(g_get_monotonic_time()) / 1_000_000)
        }
        restackIfNeeded()
        if axis == .horizontal, !snapping.isSettling { scheduleSettle() }
    }

    /// The scrolled window was pulled past an edge (touch or kinetic overshoot): past the top of
    /// a vertical wall it refreshes (pull-to-refresh); past the end (the left edge of
    /// right-to-left rows) a failed load-more retries.
    func edgeOvershot(_ position: GtkPositionType) {
        let vertical = model.layout.scrollAxis == .vertical
        let start: GtkPositionType = vertical ? GTK_POS_TOP : isRightToLeft ? GTK_POS_RIGHT : GTK_POS_LEFT
        let end: GtkPositionType = vertical ? GTK_POS_BOTTOM : isRightToLeft ? GTK_POS_LEFT : GTK_POS_RIGHT
        guard position == start || position == end else { return }
        model.overshot(atEnd: position == end, time: Double(g_get_monotonic_time()) / 1_000_000)
    }

    /// The widget is being disposed: animations, timers and idle work stop, and a list-model
    /// wall lets go of its feed model, so nothing touches it after GTK drops it.
    func detach() {
        stopSettle()
        (model.selection as? WaterfallListModelSource)?.stopFollowingFeedModel()
        if let source = idleLayout.source { MainLoopSource.remove(source) }
        idleLayout.source = nil
        if let source = restack.idle { MainLoopSource.remove(source) }
        restack.idle = nil
        endRubberband()
    }
}
