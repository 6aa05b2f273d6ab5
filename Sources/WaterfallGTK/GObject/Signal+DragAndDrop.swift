import CWaterfallGtk4

extension Signal {
    /// Connects a handler for `GtkDragSource::prepare` (x, y; returns a `GdkContentProvider`
    /// with a full reference, or `nil` to refuse the drag).
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ name: String,
        _ handler: @escaping @MainActor (Double, Double) -> UnsafeMutablePointer<GdkContentProvider>?
    ) -> UInt {
        let thunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> UnsafeMutablePointer<GdkContentProvider>? = {
            _, x, y, data in
            let box = CallbackBox<@MainActor (Double, Double) -> UnsafeMutablePointer<GdkContentProvider>?>.from(data)
            // The pointer crosses the isolation boundary as its address (pointers are not Sendable).
            let address = MainActor.assumeIsolated { Int(bitPattern: box.handler(x, y)) }
            return UnsafeMutablePointer(bitPattern: address)
        }
        return connect(instance, name, handler, unsafeBitCast(thunk, to: GCallback.self))
    }

    /// Connects a handler for `GtkDropTarget::drop` (the dropped value, x, y; return `true`
    /// when the drop was taken).
    @discardableResult
    public static func connect(
        _ instance: some GPointer, _ name: String,
        _ handler: @escaping @MainActor (UnsafePointer<GValue>, Double, Double) -> Bool
    ) -> UInt {
        let thunk: @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean = {
            _, value, x, y, data in
            let box = CallbackBox<@MainActor (UnsafePointer<GValue>, Double, Double) -> Bool>.from(data)
            guard let value else { return 0 }
            return MainActor.assumeIsolated { box.handler(value, x, y) } ? 1 : 0
        }
        return connect(instance, name, handler, unsafeBitCast(thunk, to: GCallback.self))
    }
}
