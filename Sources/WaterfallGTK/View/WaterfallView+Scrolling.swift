import CGtk
import Foundation
import WaterfallCore

extension WaterfallView {
    /// Scrollbar, mouse wheel, touchpad (with kinetic scrolling and pull-to-refresh overscroll).
    func installScrolling() {
        Signal.connect(adjustment, "value-changed") { [weak self] in
            guard let self, !self.isSyncingAdjustment else { return }
            let offset = gtk_adjustment_get_value(self.adjustment)
            self.measuringWork { self.model.setContentOffset(CGPoint(x: 0, y: offset)) }
        }

        let flags = GtkEventControllerScrollFlags(
            rawValue: GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue)
        let controller = gtk_event_controller_scroll_new(flags)!
        Signal.connect(controller, "scroll") { [weak self, controller] (_: Double, dy: Double) -> Bool in
            guard let self else { return false }
            let unit = gtk_event_controller_scroll_get_unit(gcast(controller))
            return self.scrolled(by: dy, inWheelSteps: unit == GDK_SCROLL_UNIT_WHEEL)
        }
        Signal.connect(controller, "scroll-begin") { [weak self] in self?.stopKinetic() }
        Signal.connect(controller, "scroll-end") { [weak self] in self?.endPull() }
        Signal.connect(controller, "decelerate") { [weak self] (_: Double, vy: Double) in
            self?.startKinetic(velocity: vy)
        }
        gtk_widget_add_controller(widget, gcast(controller))
    }

    /// One wheel notch or touchpad motion of `dy` (notches or px). Scrolling up past the top with
    /// a touchpad pulls the content down for pull-to-refresh.
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

    /// Starts a fling at `velocity` px/s, decelerating on the frame clock.
    func startKinetic(velocity: Double) {
        stopKinetic()
        guard pullDistance == 0 else { return }
        kinetic = KineticScroll(velocity: velocity)
        kineticTick = TickCallback.add(to: widget) { [weak self] frameTime in
            self?.kineticStep(at: Double(frameTime) / 1_000_000) ?? false
        }
    }

    /// Moves the fling one frame; returns whether it continues.
    private func kineticStep(at time: Double) -> Bool {
        guard var fling = kinetic, let distance = fling.step(at: time) else {
            kinetic = nil
            kineticTick = nil
            return false
        }
        kinetic = fling
        let before = contentOffset
        gtk_adjustment_set_value(adjustment, before + distance)
        if distance != 0 && contentOffset == before {  // hit an edge
            kinetic = nil
            kineticTick = nil
            return false
        }
        return true
    }

    /// Stops a running fling.
    func stopKinetic() {
        if let tick = kineticTick { TickCallback.remove(from: widget, tick) }
        kineticTick = nil
        kinetic = nil
    }
}
