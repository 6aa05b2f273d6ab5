import CWaterfallGtk4
import Foundation
import WaterfallCore

extension FrameClient {
    /// A fling's deceleration (``WaterfallView/kinetic``).
    static let fling = FrameClient(name: "fling")
}

extension WaterfallView {
    /// Scrollbars, mouse wheel (Shift+wheel too), touchpad (with kinetic scrolling, and
    /// pull-to-refresh overscroll when vertical), along the layout's scroll axis.
    func installScrolling() {
        Signal.connect(adjustment, "value-changed") { [weak self] in
            self?.adjustmentChanged(.vertical)
        }
        Signal.connect(horizontalAdjustment, "value-changed") { [weak self] in
            self?.adjustmentChanged(.horizontal)
        }

        let flags = GtkEventControllerScrollFlags(
            rawValue: GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue)
        let controller = gtk_event_controller_scroll_new(flags)!
        Signal.connect(controller, "scroll") { [weak self, controller] (dx: Double, dy: Double) -> Bool in
            guard let self else { return false }
            let unit = gtk_event_controller_scroll_get_unit(gcast(controller))
            return self.scrolled(dx: dx, dy: dy, inWheelSteps: unit == GDK_SCROLL_UNIT_WHEEL)
        }
        Signal.connect(controller, "scroll-begin") { [weak self] in
            self?.isTouchpadScrolling = true
            self?.stopKinetic()
        }
        Signal.connect(controller, "scroll-end") { [weak self] in
            guard let self else { return }
            self.isTouchpadScrolling = false
            self.endPull()
            self.settleToRest()
        }
        Signal.connect(controller, "decelerate") { [weak self] (vx: Double, vy: Double) in
            guard let self else { return }
            self.startKinetic(velocity: self.model.layout.scrollAxis == .horizontal ? vx : vy)
        }
        gtk_widget_add_controller(widget, gcast(controller))
        installPointerTracking()
    }

    /// One of the adjustments moved (scrollbar, wheel, keys, fling, settle): the model follows
    /// if it is the adjustment of the layout's axis, a failed load-more is retried when the
    /// reader moves on toward the end (as often as `WaterfallViewModel.loadMoreRetryThrottle`
    /// lets it, so a failing server is not hammered at the frame rate), and a snapping layout
    /// settles once the scrolling pauses.
    private func adjustmentChanged(_ axis: ScrollAxis) {
        guard !isSyncingAdjustment, axis == model.layout.scrollAxis else { return }
        let value = gtk_adjustment_get_value(axis == .horizontal ? horizontalAdjustment : adjustment)
        let offset = axis == .horizontal ? CGPoint(x: value, y: 0) : CGPoint(x: 0, y: value)
        let forward = value > contentOffsetAlongAxis(model.contentOffset)
        measuringWork { model.setContentOffset(offset) }
        if forward, model.loadMoreState == .failed {
            model.retryLoadingMoreIfDue(at: Double(g_get_monotonic_time()) / 1_000_000)
        }
        restackIfNeeded()
        if axis == .horizontal, !isSettling { scheduleSettle() }
    }

    /// One wheel notch or touchpad motion of (`dx`, `dy`) (notches or px) along the layout's
    /// axis; a horizontal layout also takes vertical wheel turns (and Shift+wheel). Scrolling up
    /// past the top with a touchpad pulls a vertical layout down for pull-to-refresh.
    /// - Returns: whether the event was used.
    func scrolled(dx: Double, dy: Double, inWheelSteps: Bool) -> Bool {
        switch model.layout.scrollAxis {
        case .vertical: return scrolled(by: dy, inWheelSteps: inWheelSteps)
        case .horizontal:
            stopKinetic()
            let page = gtk_adjustment_get_page_size(horizontalAdjustment)
            let step = dx != 0 ? dx : dy
            let delta = inWheelSteps ? step * pow(max(page, 1), 2.0 / 3.0) : step
            gtk_adjustment_set_value(horizontalAdjustment, contentOffset + delta)
            return true
        case .none: return false
        }
    }

    /// One vertical wheel notch or touchpad motion of `dy` (notches or px). Scrolling up past
    /// the top with a touchpad pulls the content down for pull-to-refresh.
    /// - Returns: whether the event was used.
    func scrolled(by dy: Double, inWheelSteps: Bool) -> Bool {
        stopKinetic()
        let page = gtk_adjustment_get_page_size(adjustment)
        // GtkScrolledWindow's wheel step: grows sub-linearly with the page.
        let delta = inWheelSteps ? dy * pow(max(page, 1), 2.0 / 3.0) : dy
        if !inWheelSteps, model.isRefreshEnabled, pullDistance > 0 || (contentOffset <= 0 && delta < 0) {
            pull(by: -delta)
            return true
        }
        gtk_adjustment_set_value(adjustment, contentOffset + delta)
        return true
    }

    /// Changes the touchpad pull past the top by `amount` px (positive pulls further).
    private func pull(by amount: Double) {
        pullDistance = max(0, pullDistance + amount)
        model.overscroll(CGFloat(pullDistance / 2))
        gtk_widget_queue_allocate(widget)
    }

    /// The fingers left the touchpad: an armed pull refreshes; the content springs back.
    func endPull() {
        guard pullDistance > 0 else { return }
        pullDistance = 0
        model.endOverscroll()
        gtk_widget_queue_allocate(widget)
    }

    /// Starts a fling at `velocity` px/s along the layout's axis, decelerating on the frame
    /// clock; a snapping layout instead settles where the fling would have come to rest.
    func startKinetic(velocity: Double) {
        stopKinetic()
        guard pullDistance == 0 else { return }
        if model.layout.scrollAxis == .horizontal {
            settleToRest(velocity: velocity)
            return
        }
        kinetic = KineticScroll(velocity: velocity)
        frames.run(.fling) { [weak self] time in self?.kineticStep(at: time) ?? false }
    }

    /// Moves the fling one frame; returns whether it continues.
    private func kineticStep(at time: Double) -> Bool {
        guard var fling = kinetic, let offset = fling.step(at: time, from: contentOffset, within: 0...maximumContentOffset)
        else {
            kinetic = nil
            return false
        }
        kinetic = fling
        gtk_adjustment_set_value(scrollAdjustment, offset)
        return true
    }

    /// Stops a running fling and a running settle.
    func stopKinetic() {
        frames.stop(.fling)
        kinetic = nil
        stopSettle()
    }

    /// A model offset's component along the layout's scroll axis.
    private func contentOffsetAlongAxis(_ offset: CGPoint) -> Double {
        Double(model.layout.scrollAxis == .horizontal ? offset.x : offset.y)
    }
}
