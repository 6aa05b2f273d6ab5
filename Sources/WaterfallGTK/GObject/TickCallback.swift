import CWaterfallGtk4

/// Runs a closure once per frame of a widget's frame clock (`gtk_widget_add_tick_callback`).
@MainActor
public enum TickCallback {
    /// Adds `handler`, called with the frame time in microseconds before each frame is laid out
    /// and painted; return `false` to remove it. The closure is released when the callback is
    /// removed or the widget is destroyed. Returns the callback id for `remove`.
    @discardableResult
    public static func add(
        to widget: some GPointer, _ handler: @escaping @MainActor (_ frameTimeMicros: Int64) -> Bool
    ) -> UInt32 {
        let box = CallbackBox.retain(handler)
        let tick: GtkTickCallback = { _, clock, data in
            let box = CallbackBox<@MainActor (Int64) -> Bool>.from(data)
            let time = Int64(gdk_frame_clock_get_frame_time(clock))
            return MainActor.assumeIsolated { box.handler(time) } ? 1 : 0
        }
        return gtk_widget_add_tick_callback(gcast(widget), tick, box, releaseCallbackBox)
    }

    /// Removes a tick callback added with `add`.
    public static func remove(from widget: some GPointer, _ id: UInt32) {
        gtk_widget_remove_tick_callback(gcast(widget), guint(id))
    }
}
