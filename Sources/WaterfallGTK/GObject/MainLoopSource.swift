import CWaterfallGtk4

/// Runs a closure from the GLib main loop once, soon or after a delay (`g_idle_add_full`,
/// `g_timeout_add_full`). The closure is released when the source runs or is removed.
@MainActor
public enum MainLoopSource {
    /// Calls `handler` once, when the main loop is idle at `priority` (GLib's
    /// `G_PRIORITY_HIGH_IDLE` runs before GTK lays out and paints the next frame). Returns the
    /// source id for ``remove(_:)``.
    @discardableResult
    public static func idle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ handler: @escaping @MainActor () -> Void) -> UInt32 {
        g_idle_add_full(priority, thunk, CallbackBox.retain(handler), releaseCallbackBox)
    }

    /// Calls `handler` once, after `milliseconds`. Returns the source id for ``remove(_:)``.
    @discardableResult
    public static func timeout(milliseconds: UInt32, _ handler: @escaping @MainActor () -> Void) -> UInt32 {
        g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, thunk, CallbackBox.retain(handler), releaseCallbackBox)
    }

    /// Removes a source that has not run yet.
    public static func remove(_ id: UInt32) {
        g_source_remove(id)
    }

    /// Runs the boxed handler once and removes the source.
    private static var thunk: GSourceFunc {
        { data in
            let box = CallbackBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { box.handler() }
            return 0
        }
    }
}
