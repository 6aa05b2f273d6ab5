import CWaterfallGtk4

/// Owns one strong reference to a GObject instance and drops it on deinit.
///
/// Construction sinks a floating reference (widgets are created floating), so the owner's
/// reference is the one that keeps the object alive until this box goes away. GdkTexture and
/// other immutable objects may be shared across threads through it.
public final class GObjectRef<Pointer: GPointer>: @unchecked Sendable {
    /// The referenced instance.
    public let pointer: Pointer

    /// Takes a reference to `pointer`, sinking it if it is floating.
    public init(sinking pointer: Pointer) {
        self.pointer = pointer
        g_object_ref_sink(pointer.gpointer)
    }

    /// Adopts a reference the caller already owns (a "transfer full" return value).
    public init(adopting pointer: Pointer) {
        self.pointer = pointer
    }

    deinit {
        g_object_unref(pointer.gpointer)
    }
}
