import WaterfallGTK

/// Holds back product pictures until their cell has stayed on screen for a whole frame.
///
/// Scrolling that replaces every cell in every frame (a jump, a scrollbar drag, the scroll
/// test's teleport mode) would otherwise keep the picture thread drawing pictures for cells that
/// are gone a frame later — CPU taken from the main thread and the renderer on a small machine.
/// A load waits for two painted frames of the wall (the one that shows its cell and the next,
/// whose update would have reused it), then draws only if it was not cancelled meanwhile.
@MainActor
package final class ArtPacer {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A pacer on `widget`'s frame clock.
    package init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
    }

    /// Returns after the next frame of the widget has been painted; every waiter of a frame is
    /// resumed by one after-paint handler.
    /// - Complexity: O(1) amortized.
    func nextPaint() async {
        await withCheckedContinuation { continuation in
            waiting.append(continuation)
            guard waiting.count == 1 else { return }
            AfterPaint.next(of: widget) { [self] in
                let resumed = waiting
                waiting = []
                for continuation in resumed { continuation.resume() }
            }
        }
    }

    /// Returns once the frame after the next one has been painted (the cell survived a frame).
    func cellSurvivedAFrame() async {
        await nextPaint()
        await nextPaint()
    }
}
