import CWaterfallGtk

/// Lets Swift's main actor run while GLib owns the main thread.
///
/// On Linux the main actor executes on libdispatch's main queue, which nobody drains while
/// `g_application_run` blocks the main thread. The bridge adds a GLib source on the queue's
/// eventfd, so queued main-actor jobs run from the GLib loop; it wakes only when work is queued.
///
/// You do not need to call it: ``WaterfallView`` (and so every ``FeedWall``), ``WaterfallCell``
/// (and so every cell) and ``Application`` install it when they are created, so a program that runs
/// GTK's own loop (`g_main_loop_run`, or `g_application_run` with its own `GtkApplication`)
/// just works. Call it yourself only to run main-actor tasks before creating any of them.
public enum MainQueueBridge {
    /// Attaches the bridge to the default GLib main context. Idempotent: later calls do
    /// nothing. Does nothing when the main actor does not run on the process's first thread
    /// (after `dispatch_main`, as under Swift Testing), where libdispatch drains the queue.
    ///
    /// - Complexity: O(1).
    @MainActor
    public static func install() {
        _ = wf_main_queue_attach()
    }
}
