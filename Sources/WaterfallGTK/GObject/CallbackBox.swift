import CWaterfallGtk4

/// The retained home of one Swift closure handed to C as `user_data` (signal handlers, tick
/// callbacks, shortcut actions, the canvas' allocate hook). The C side owns the retain and
/// gives it back through ``release`` (a `GDestroyNotify`).
final class CallbackBox<Handler> {
    let handler: Handler

    private init(_ handler: Handler) {
        self.handler = handler
    }

    /// Boxes `handler` and returns the retained box as `user_data`.
    static func retain(_ handler: Handler) -> gpointer {
        Unmanaged.passRetained(CallbackBox(handler)).toOpaque()
    }

    /// The box behind a callback's `user_data` (not retained: the C side owns it).
    static func from(_ data: gpointer?) -> CallbackBox<Handler> {
        Unmanaged<CallbackBox<Handler>>.fromOpaque(data!).takeUnretainedValue()
    }
}

/// Releases a box made by ``CallbackBox/retain(_:)``; pass it as the `GDestroyNotify`.
let releaseCallbackBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
