import CWaterfallGtk4
import WaterfallCore

extension WaterfallView {
    /// Applies the model's pending size changes before the next frame (see
    /// `WaterfallViewModel.invalidateSizes(at:)`): however many arrive in one
    /// frame, they cost one relayout. Visible items move to their new frames animated; the
    /// first visible item keeps its place on screen.
    public func sizeChangesDidBecomePending() {
        guard sizeChangeTick == nil else { return }
        sizeChangeTick = TickCallback.add(to: widget) { [weak self] _ in
            // Returning false removes this callback: forget it before applying.
            self?.sizeChangeTick = nil
            self?.applyPendingSizeChanges()
            return false
        }
    }

    /// Applies the pending size changes now, animated (what the next frame would do).
    public func applyPendingSizeChanges() {
        if let tick = sizeChangeTick {
            sizeChangeTick = nil
            TickCallback.remove(from: widget, tick)
        }
        guard model.hasPendingSizeChanges else { return }
        let moves = capturingGhosts(true) { model.applyPendingSizeChanges() }
        animate(moves) { _ in nil }
    }
}
