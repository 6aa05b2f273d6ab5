import CWaterfallGtk4
import Foundation
import Testing
@testable import WaterfallGTK

/// GTK for tests: initialised once, driven from the main actor.
///
/// Swift Testing on Linux runs `@MainActor` tests on libdispatch's main queue, which (after
/// `dispatch_main`) is drained by a worker thread rather than the process's first thread, and
/// nobody runs a GLib loop. So the tests never call `g_main_loop_run`: every GTK call happens in
/// main-actor code (serially, which is all GTK needs), and ``pump(until:timeout:)`` turns the
/// GLib loop by hand, awaiting between turns so that queued main-actor jobs (image results,
/// delayed pages) run too. ``MainQueueBridge`` stays out of the way here (views install it, but
/// off the first thread it attaches nothing): dispatch drains the queue.
@MainActor
enum GTKHost {
    private static var initialised = false

    /// Initialises GTK once (the accessibility backend is GTK's in-process test one, so no
    /// D-Bus session is needed); fails the test when there is no display.
    static func start() throws {
        guard !initialised else { return }
        setenv("GTK_A11Y", "test", 0)
        setenv("GSK_RENDERER", "cairo", 0)
        try #require(gtk_init_check() != 0, "no display: run the GTK tests under xvfb-run")
        initialised = true
    }

    /// Runs the GLib loop (and main-actor jobs) until `condition` holds or `timeout` passes.
    /// - Returns: whether the condition held.
    @discardableResult
    static func pump(until condition: () -> Bool, timeout: Duration = .seconds(5)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            while g_main_context_iteration(nil, 0) != 0 {}
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

    /// Runs the GLib loop for `frames` frames of `widget`'s frame clock.
    static func pump(frames: Int, of widget: some GPointer) async {
        var seen = 0
        TickCallback.add(to: widget) { _ in
            seen += 1
            return seen < frames
        }
        await pump(until: { seen >= frames })
    }

    /// A window of `width` × `height` showing `content`, presented and laid out.
    static func window(showing content: some GPointer, width: Int, height: Int) async throws -> UnsafeMutablePointer<GtkWidget> {
        try start()
        let window = gtk_window_new()!
        gtk_window_set_default_size(gcast(window), gint(width), gint(height))
        gtk_window_set_child(gcast(window), gcast(content))
        gtk_window_present(gcast(window))
        let laidOut = await pump(until: { gtk_widget_get_width(gcast(content)) > 0 })
        try #require(laidOut, "the window was never laid out")
        await pump(frames: 2, of: window)
        return window
    }

    /// Destroys a window made by ``window(showing:width:height:)`` and lets GTK finish, at once
    /// (synchronous, so a `defer` closes it before the next test starts).
    static func close(_ window: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_destroy(gcast(window))
        while g_main_context_iteration(nil, 0) != 0 {}
    }
}
