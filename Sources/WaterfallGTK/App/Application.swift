import CWaterfallGtk
import CWaterfallGtk4

/// Runs GTK from a synchronous `main`: initialises GTK, installs the main-actor bridge and
/// runs a GLib main loop until ``quit()`` or until the last ``Window`` is closed.
///
/// A plain main loop rather than `GtkApplication`, which wants a D-Bus session bus (absent
/// under `xvfb-run` and in containers) and warns without one.
@MainActor
public final class Application {
    private let loop: OpaquePointer
    private var openWindows = 0
    /// Whether the process has its application name (GLib warns when it is set twice).
    private static var isNamed = false

    /// Initialises GTK on the calling (main) thread. Fails with a readable message when there
    /// is no display.
    ///
    /// - Parameters:
    ///   - name: the application's name as people see it (`g_set_application_name`: window
    ///     lists and desktops show it, and on GTK 4.8 it is the AT-SPI application's
    ///     description); `nil` gives the program's name.
    ///   - id: the application id in reverse-DNS form (`io.github.waterfall.ShopWall`), which
    ///     becomes the program's name (`g_set_prgname`): the AT-SPI application's name on GTK
    ///     4.8, the X11 window class and the Wayland app id that desktops match with the
    ///     app's `.desktop` file. `nil` keeps a name the process set, else the executable's
    ///     file name. GLib names a process once: a later `Application` keeps the first one's
    ///     names.
    public init(name: String? = nil, id: String? = nil) {
        if !Self.isNamed {
            Self.isNamed = true
            if let id {
                g_set_prgname(id)
            } else if g_get_prgname() == nil {
                let programName = CommandLine.arguments.first.flatMap { path -> String? in
                    guard let name = g_path_get_basename(path) else { return nil }
                    defer { g_free(name) }
                    return String(cString: name)
                }
                g_set_prgname(programName ?? "waterfall")
            }
            g_set_application_name(name ?? String(cString: g_get_prgname()))
        }
        precondition(gtk_init_check() != 0, "GTK could not be initialised: is DISPLAY or WAYLAND_DISPLAY set?")
        loop = g_main_loop_new(nil, 0)
    }

    #if compiler(>=6.2)
    isolated deinit { g_main_loop_unref(loop) }
    #else
    // Swift 6.0 and 6.1 have no isolated deinit (SE-0371): there the last reference must be dropped
    // on the main thread, as GTK's are.
    deinit { MainActor.assumeIsolated { g_main_loop_unref(loop) } }
    #endif

    /// Calls `activate`, then runs the main loop until ``quit()`` or the last window closes.
    /// Main-actor jobs (tasks, `MainActor.run`) run from the loop through ``MainQueueBridge``.
    public func run(activate: @MainActor (Application) -> Void) {
        MainQueueBridge.install()
        activate(self)
        g_main_loop_run(loop)
    }

    /// GTK's `gtk-enable-animations` setting for the default display: off for people who ask
    /// the desktop for reduced motion (GNOME: Settings → Accessibility → Reduce Animation), or
    /// set here for an app's own option. Off, GTK's widgets stop animating and Waterfall's
    /// layout switches, batch updates and snapping jump to their end. Call after `init`.
    public static var animationsEnabled: Bool {
        get { wf_animations_enabled(nil) != 0 }
        set { wf_set_animations_enabled(newValue ? 1 : 0) }
    }

    /// Stops the main loop; `run` then returns.
    public func quit() {
        g_main_loop_quit(loop)
    }

    /// A window of this application opened.
    func windowOpened() {
        openWindows += 1
    }

    /// A window of this application was destroyed; the last one quits.
    func windowClosed() {
        openWindows -= 1
        if openWindows == 0 { quit() }
    }
}
