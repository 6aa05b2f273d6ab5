import CWaterfallGtk4
import WaterfallCore

extension FrameClient {
    /// The one-shot application of pending size changes before the next frame.
    static let sizeChanges = FrameClient(name: "size changes")
}

extension WaterfallView {
    /// Applies the model's pending size changes before the next frame (see
    /// `WaterfallViewModel.invalidateSizes(at:)`): however many arrive in one
    /// frame, they cost one relayout. Visible items move to their new frames animated; the
    /// first visible item keeps its place on screen.
    public func sizeChangesDidBecomePending() {
        guard !frames.isRunning(.sizeChanges) else { return }
        frames.run(.sizeChanges) { [weak self] _ in
            self?.applyPendingSizeChanges()
            return false
        }
    }

    /// Applies the pending size changes now, animated (what the next frame would do).
    public func applyPendingSizeChanges() {
        frames.stop(.sizeChanges)
        guard model.hasPendingSizeChanges else { return }
        let moves = capturingGhosts(true) { model.applyPendingSizeChanges() }
        animate(moves) { _ in nil }
    }
}
