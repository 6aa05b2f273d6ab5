import CWaterfallGtk
import CWaterfallGtk4

/// Says short status messages to assistive technologies for a ``WaterfallView`` ("50 more
/// items", "End of the feed", "12 new items", "1 item removed").
///
/// GTK 4.14 and later announce through `gtk_accessible_announce` (found at run time). GTK 4.8
/// has no announcement API, so there the message becomes the name of a status node (AT-SPI
/// "status bar", in the tree from the start but never drawn): a client that has seen the
/// wall's children receives `property-change:accessible-name` of that status bar (GTK 4.8 sends
/// a node's events only once a client holds a reference to it), and anyone finds the last
/// message there.
@MainActor
final class Announcer {
    /// The status node, parented by the view; visible (so that it is in the tree and its
    /// events go out) but allocated no room.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The message last announced, or `nil`.
    private(set) var lastMessage: String?

    init() {
        widget = Accessible.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0, role: GTK_ACCESSIBLE_ROLE_STATUS)
        gtk_widget_set_can_target(widget, 0)
        // Until the first message; GTK would name it by its type.
        Accessible.setLabel(widget, WaterfallStrings.current.ready)
    }

    /// Announces `message` for `view`'s widget.
    func announce(_ message: String, for view: UnsafeMutablePointer<GtkWidget>) {
        lastMessage = message
        guard wf_accessible_announce(view, message) == 0 else { return }
        Accessible.setLabel(widget, message)
    }

    /// Gives the (empty) node its zero-size allocation.
    func allocate() {
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, nil, nil, nil)
        gtk_widget_allocate(widget, 0, 0, -1, nil)
    }
}
