/// Runs a closure right after a widget's frame clock has painted a frame — e.g. the first
/// frame, or the first frame that shows freshly loaded images.
@MainActor
public final class AfterPaint {
    private let clock: OpaquePointer
    private var handler: UInt = 0

    private init(clock: OpaquePointer, painted: @escaping @MainActor () -> Void) {
        self.clock = clock
        handler = Signal.connect(clock, "after-paint") { [self] in
            Signal.disconnect(clock, handler)
            painted()
        }
    }

    /// Calls `painted` once, after the next frame that includes `widget` has been painted.
    public static func next(of widget: some GPointer, _ painted: @escaping @MainActor () -> Void) {
        TickCallback.add(to: widget) { _ in
            _ = AfterPaint(clock: gtk_widget_get_frame_clock(gcast(widget))!, painted: painted)
            return false
        }
    }
}
