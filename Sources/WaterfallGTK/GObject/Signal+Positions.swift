import CWaterfallGtk4

extension Signal {
    /// Connects a handler for `GListModel::items-changed` (position, removed, added).
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ name: String, _ handler: @escaping @MainActor (UInt32, UInt32, UInt32) -> Void
    ) -> UInt {
        let thunk: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, a, b, c, data in
            let box = CallbackBox<@MainActor (UInt32, UInt32, UInt32) -> Void>.from(data)
            MainActor.assumeIsolated { box.handler(a, b, c) }
        }
        return connect(instance, name, handler, unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects a handler for `GtkSelectionModel::selection-changed` (position, n_items).
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ name: String, _ handler: @escaping @MainActor (UInt32, UInt32) -> Void
    ) -> UInt {
        let thunk: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = { _, a, b, data in
            let box = CallbackBox<@MainActor (UInt32, UInt32) -> Void>.from(data)
            MainActor.assumeIsolated { box.handler(a, b) }
        }
        return connect(instance, name, handler, unsafeBitCast(thunk, to: GCallback.self))
    }
}
