import CWaterfallGtk4

extension Signal {
    /// Connects a handler for signals carrying a `GdkEvent` and returning a `gboolean`
    /// (`GtkEventControllerLegacy::event`; return `true` to stop the event). The handler is
    /// released when disconnected or when the instance is finalized, as with the other connections.
    @discardableResult
    public static func connectEvent(
        _ instance: some GPointer, _ name: String, _ handler: @escaping @MainActor (OpaquePointer) -> Bool
    ) -> UInt {
        let thunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, event, data in
            let box = CallbackBox<@MainActor (OpaquePointer) -> Bool>.from(data)
            guard let event else { return 0 }
            return MainActor.assumeIsolated { box.handler(event) } ? 1 : 0
        }
        return connect(instance, name, handler, unsafeBitCast(thunk, to: GCallback.self))
    }
}
