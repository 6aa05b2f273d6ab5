import CWaterfallGtk

/// Lets Swift's main actor run while GLib owns the main thread.
///
/// On Linux the main actor executes on libdispatch's main queue, which nobody drains while
/// `g_application_run` blocks the main thread. The bridge adds a GLib source on the queue's
/// eventfd, so queued main-actor jobs run from the GLib loop; it wakes only when work is queued.
public enum MainQueueBridge {
    /// Attaches the bridge to the default GLib main context (idempotent). Call on the main thread
    /// before running the GLib loop of an application whose `main` is synchronous.
    public static func install() {
        _ = wf_main_queue_attach()
    }
}
