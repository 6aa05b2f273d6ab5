import CWaterfallGtk4

/// What a ``FrameDriver`` step animates. Each client has at most one step running; a client
/// file declares its own (`extension FrameClient { static let fling = … }`).
struct FrameClient: Hashable, Sendable {
    /// A name for debugging; clients with the same name are the same client.
    let name: String
}

/// Drives every per-frame animation of one widget — a fling, a snapping settle, layout and
/// batch-update transitions, the one-shot application of pending size changes, drag
/// auto-scroll — from at most one GTK tick callback (`gtk_widget_add_tick_callback`).
///
/// Clients ``run(_:step:)`` a step that is called before each frame with the frame clock's
/// time and returns whether it wants the next frame. The callback exists only while some
/// client runs and the widget is mapped: it is removed when the last step ends, while the
/// widget is unmapped (the steps resume at the next map, with the frame time of then) and for
/// good when the widget is destroyed. Steps run in the order their clients started; a step
/// may start or stop any client, itself included, and a client stopped during a frame is not
/// stepped again in it.
@MainActor
final class FrameDriver {
    /// One frame of a client: takes the frame time in seconds (monotonic), returns whether to
    /// be called again at the next frame.
    typealias Step = @MainActor (_ frameTime: Double) -> Bool

    /// A running step, with the token that tells a restarted client from its old step.
    private struct Entry {
        let client: FrameClient
        let token: UInt64
        let step: Step
    }

    private let widget: UnsafeMutablePointer<GtkWidget>
    /// Running steps in the order their clients started (a handful at most).
    private var entries: [Entry] = []
    private var lastToken: UInt64 = 0
    /// The GTK tick callback, while one is installed.
    private var tickID: UInt32?
    /// Set while the steps of a frame run: the callback is then added or removed at its end.
    private var isInFrame = false
    /// Set once the widget is destroyed: nothing runs any more.
    private var isDestroyed = false

    /// Creates the driver of `widget`, following its map, unmap and destroy.
    init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
        Signal.connect(widget, "map") { [weak self] in self?.updateCallback() }
        Signal.connect(widget, "unmap") { [weak self] in self?.updateCallback() }
        Signal.connect(widget, "destroy") { [weak self] in self?.widgetDestroyed() }
    }

    /// Whether `client` has a step running (or waiting for the widget to be mapped).
    func isRunning(_ client: FrameClient) -> Bool {
        entries.contains { $0.client == client }
    }

    /// Whether the GTK tick callback is installed (some client runs and the widget is mapped).
    var isTicking: Bool { tickID != nil }

    /// Starts `step` for `client` from the next frame on, replacing the client's running step.
    /// - Complexity: O(k) for k running clients.
    func run(_ client: FrameClient, step: @escaping Step) {
        guard !isDestroyed else { return }
        entries.removeAll { $0.client == client }
        lastToken += 1
        entries.append(Entry(client: client, token: lastToken, step: step))
        updateCallback()
    }

    /// Stops `client`'s step, if it runs; the callback goes away with the last one.
    /// - Complexity: O(k) for k running clients.
    func stop(_ client: FrameClient) {
        entries.removeAll { $0.client == client }
        updateCallback()
    }

    /// One frame: runs every step that was running when the frame began and is still running,
    /// drops those that are done. Returns whether the GTK callback stays.
    private func tick(at frameTime: Double) -> Bool {
        isInFrame = true
        for entry in entries where isCurrent(entry) {
            if !entry.step(frameTime) { entries.removeAll { $0.token == entry.token } }
        }
        isInFrame = false
        let keep = wantsCallback
        if !keep { tickID = nil }
        return keep
    }

    /// Whether `entry` is still its client's running step.
    private func isCurrent(_ entry: Entry) -> Bool {
        entries.contains { $0.token == entry.token }
    }

    /// Whether a tick callback should be installed now.
    private var wantsCallback: Bool {
        !entries.isEmpty && !isDestroyed && gtk_widget_get_mapped(widget) != 0
    }

    /// Adds or removes the GTK callback to match ``wantsCallback`` (outside a frame's steps;
    /// within one, the frame's end decides).
    private func updateCallback() {
        guard !isInFrame else { return }
        if wantsCallback, tickID == nil {
            tickID = TickCallback.add(to: widget) { [weak self] frameTime in
                self?.tick(at: Double(frameTime) / 1_000_000) ?? false
            }
        } else if !wantsCallback, let id = tickID {
            tickID = nil
            TickCallback.remove(from: widget, id)
        }
    }

    /// The widget is going away: every step is dropped and the callback removed.
    private func widgetDestroyed() {
        isDestroyed = true
        entries.removeAll()
        updateCallback()
    }
}
