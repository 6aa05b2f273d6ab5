import CWaterfallGtk4
import WaterfallCore

extension WaterfallView {
    /// The longest one slice of deferred layout holds the main thread.
    static var idleLayoutSliceBudget: Duration { .milliseconds(2) }

    /// The model laid out only what the screen needs after a width or column change (see
    /// `WaterfallViewModel.isLayoutPending`): the rest is laid out in slices of at most 2 ms,
    /// each from a GLib idle source at `G_PRIORITY_DEFAULT_IDLE` — below GTK's layout and
    /// painting (`GDK_PRIORITY_REDRAW`), so a frame never waits for a slice, and outside the
    /// frame clock's update phase, so no frame's own work grows by it. The scrollbar settles
    /// slice by slice as the content height estimate becomes exact.
    public func layoutDidBecomePending() {
        scheduleIdleLayoutSlice()
    }

    /// Adds the idle source for the next slice, unless one is waiting.
    private func scheduleIdleLayoutSlice() {
        guard idleLayout.source == nil else { return }
        idleLayout.source = MainLoopSource.idle(priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
            guard let self else { return }
            idleLayout.source = nil
            idleLayout.slices += 1
            if !model.continueLayout(within: Self.idleLayoutSliceBudget) { scheduleIdleLayoutSlice() }
        }
    }
}
