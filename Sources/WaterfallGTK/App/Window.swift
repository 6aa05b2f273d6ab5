import CWaterfallGtk4

/// A top-level window with a header bar, a default size and one content widget; closing the
/// application's last window quits it.
@MainActor
public final class Window {
    /// The `GtkWindow` (GTK owns top-level windows until they are destroyed).
    public let pointer: UnsafeMutablePointer<GtkWidget>
    /// The header bar: pack buttons into it with ``packEnd(_:)``.
    public let headerBar: OpaquePointer

    /// Creates a window of `width` × `height` logical pixels titled `title`.
    public init(application: Application, title: String, width: Int, height: Int) {
        pointer = gtk_window_new()
        headerBar = gcast(gtk_header_bar_new())
        gtk_window_set_title(gcast(pointer), title)
        gtk_window_set_default_size(gcast(pointer), gint(width), gint(height))
        gtk_window_set_titlebar(gcast(pointer), gcast(headerBar))
        application.windowOpened()
        Signal.connect(pointer, "destroy") { [weak application] in application?.windowClosed() }
    }

    /// Sets the window's content.
    public func setChild(_ child: some GPointer) {
        gtk_window_set_child(gcast(pointer), gcast(child))
    }

    /// Adds a widget at the end (right) of the header bar.
    public func packEnd(_ widget: some GPointer) {
        gtk_header_bar_pack_end(gcast(headerBar), gcast(widget))
    }

    /// Shows the window.
    public func present() {
        gtk_window_present(gcast(pointer))
    }
}
