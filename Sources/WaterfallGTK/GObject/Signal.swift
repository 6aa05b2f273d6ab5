import CWaterfallGtk4

/// Connects Swift closures to GObject signals.
///
/// Each handler is retained in a box owned by the signal's closure; GLib calls the closure's
/// destroy notify when the handler is disconnected or the instance is finalized, which releases
/// the box, so no closure outlives its connection and none leaks. The C thunks run on the thread
/// GTK emits on — the main thread — and enter the main actor with `MainActor.assumeIsolated`.
@MainActor
public enum Signal {
    /// Connects a handler that ignores the signal's arguments and returns nothing (`clicked`,
    /// `activate`, `value-changed`, `notify::…`, `after-paint`, …).
    ///
    /// The connection is swapped, so the box arrives as the first C argument whatever the
    /// signal's other arguments are.
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ name: String, _ handler: @escaping @MainActor () -> Void
    ) -> UInt {
        let thunk: @convention(c) (gpointer?) -> Void = { data in
            let box = CallbackBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { box.handler() }
        }
        return connect(instance, name, handler, unsafeBitCast(thunk, to: GCallback.self), flags: G_CONNECT_SWAPPED)
    }

    /// Connects a handler for signals carrying two doubles and returning a `gboolean`
    /// (`GtkEventControllerScroll::scroll` — dx, dy; return `true` when handled).
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ name: String,
        _ handler: @escaping @MainActor (Double, Double) -> Bool
    ) -> UInt {
        let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, a, b, data in
            let box = CallbackBox<@MainActor (Double, Double) -> Bool>.from(data)
            return MainActor.assumeIsolated { box.handler(a, b) } ? 1 : 0
        }
        return connect(instance, name, handler, unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects a handler for signals carrying two doubles (`GtkEventControllerScroll::decelerate`
    /// — velocity x, y; `GtkGestureDrag::drag-update` — offset x, y).
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ name: String,
        _ handler: @escaping @MainActor (Double, Double) -> Void
    ) -> UInt {
        let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, a, b, data in
            let box = CallbackBox<@MainActor (Double, Double) -> Void>.from(data)
            MainActor.assumeIsolated { box.handler(a, b) }
        }
        return connect(instance, name, handler, unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects a handler for `GtkGestureClick::pressed`/`released` (press count, x, y).
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ name: String,
        _ handler: @escaping @MainActor (Int, Double, Double) -> Void
    ) -> UInt {
        let thunk: @convention(c) (gpointer?, gint, Double, Double, gpointer?) -> Void = { _, n, x, y, data in
            let box = CallbackBox<@MainActor (Int, Double, Double) -> Void>.from(data)
            MainActor.assumeIsolated { box.handler(Int(n), x, y) }
        }
        return connect(instance, name, handler, unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects a handler for a signal with one `guint` argument, such as
    /// `WaterfallMasonryView::activate` (the item's position).
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ name: String, _ handler: @escaping @MainActor (UInt32) -> Void
    ) -> UInt {
        let thunk: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, value, data in
            let box = CallbackBox<@MainActor (UInt32) -> Void>.from(data)
            MainActor.assumeIsolated { box.handler(value) }
        }
        return connect(instance, name, handler, unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects a handler for `GtkEventControllerKey::key-pressed` (keyval, keycode, modifier
    /// state; return `true` when handled).
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ name: String,
        _ handler: @escaping @MainActor (UInt32, UInt32, GdkModifierType) -> Bool
    ) -> UInt {
        let thunk: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
            _, keyval, keycode, state, data in
            let box = CallbackBox<@MainActor (UInt32, UInt32, GdkModifierType) -> Bool>.from(data)
            return MainActor.assumeIsolated { box.handler(keyval, keycode, state) } ? 1 : 0
        }
        return connect(instance, name, handler, unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects a handler for signals carrying one object and returning nothing
    /// (`GtkSignalListItemFactory::setup`, `bind`, `unbind`, `teardown` — the `GtkListItem`).
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ name: String, _ handler: @escaping @MainActor (OpaquePointer) -> Void
    ) -> UInt {
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, object, data in
            let box = CallbackBox<@MainActor (OpaquePointer) -> Void>.from(data)
            guard let object else { return }
            MainActor.assumeIsolated { box.handler(OpaquePointer(object)) }
        }
        return connect(instance, name, handler, unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Disconnects a handler returned by one of the `connect` functions; its box is released.
    public static func disconnect(_ instance: some GPointer, _ handlerID: UInt) {
        g_signal_handler_disconnect(instance.gpointer, gulong(handlerID))
    }

    static func connect<Handler>(
        _ instance: some GPointer, _ name: String, _ handler: Handler, _ thunk: GCallback,
        flags: GConnectFlags = GConnectFlags(rawValue: 0)
    ) -> UInt {
        let box = CallbackBox.retain(handler)
        let release: GClosureNotify = { data, _ in releaseCallbackBox(data) }
        let id = g_signal_connect_data(instance.gpointer, name, thunk, box, release, flags)
        precondition(id != 0, "no signal '\(name)' on this instance")
        return UInt(id)
    }
}
