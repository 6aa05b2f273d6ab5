
extension WidgetSnapshot {
    /// How a ``savePNG(of:to:whenReady:timeout:prepare:completion:)`` ended.
    public enum Outcome {
        /// The PNG was written; `timedOut` says the widget was not ready in time and the PNG
        /// shows whatever it showed then.
        case written(timedOut: Bool)
        /// The PNG could not be written.
        case failed(Error)

        /// A process exit status for a `--snapshot` run: 0 when written in time, 1 otherwise.
        public var exitStatus: Int32 {
            if case .written(timedOut: false) = self { 0 } else { 1 }
        }
    }

    /// Waits until `isReady()` holds, checking once per frame of `widget` (or until `timeout`
    /// passes), then calls `prepare`, lets GTK paint that frame, writes `widget` to `path` as
    /// PNG and calls `completion` — what a `--snapshot FILE.png` option needs:
    ///
    /// ```swift
    /// WidgetSnapshot.savePNG(of: window, to: path, whenReady: { wall.visibleImagesReady }) { outcome in
    ///     exit(outcome.exitStatus)
    /// }
    /// ```
    ///
    /// The widget must be shown (in a presented window) for frames to tick.
    public static func savePNG(of widget: some GPointer, to path: String,
                               whenReady isReady: @escaping @MainActor () -> Bool,
                               timeout: Duration = .seconds(20),
                               prepare: @escaping @MainActor () -> Void = {},
                               completion: @escaping @MainActor (Outcome) -> Void) {
        let target: UnsafeMutablePointer<GtkWidget> = gcast(widget)
        let deadline = ContinuousClock.now + timeout
        TickCallback.add(to: target) { _ in
            let timedOut = ContinuousClock.now > deadline
            guard timedOut || isReady() else { return true }
            prepare()
            // A snapshot replays what GTK painted last: wait for this frame's paint.
            AfterPaint.next(of: target) {
                do throws(Error) {
                    try savePNG(of: target, to: path)
                    completion(.written(timedOut: timedOut))
                } catch {
                    completion(.failed(error))
                }
            }
            return false
        }
    }
}
