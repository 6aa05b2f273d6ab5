import CWaterfallGtk4

/// A C pointer to a GObject instance as Swift imports it.
///
/// GTK types with a public instance struct (`GtkWidget`, `GtkWindow`, `GtkAdjustment`) import as
/// `UnsafeMutablePointer<T>`; final types (`GtkPicture`, `GtkLabel`, `GdkTexture`) import as
/// `OpaquePointer`. Both conform, so ``gcast(_:)`` converts between any two of them.
public protocol GPointer {
    /// Wraps an untyped pointer to the same instance.
    init(gpointer: UnsafeMutableRawPointer)
    /// The untyped address of the instance.
    var gpointer: UnsafeMutableRawPointer { get }
}

extension UnsafeMutablePointer: GPointer {
    /// Wraps an untyped pointer to the same instance.
    public init(gpointer: UnsafeMutableRawPointer) {
        self = gpointer.assumingMemoryBound(to: Pointee.self)
    }

    /// The untyped address of the instance.
    public var gpointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: GPointer {
    /// Wraps an untyped pointer to the same instance.
    public init(gpointer: UnsafeMutableRawPointer) {
        self.init(gpointer)
    }

    /// The untyped address of the instance.
    public var gpointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

/// Reinterprets a GObject instance pointer as another of its C types (an up- or down-cast in the
/// GObject hierarchy, e.g. `GtkPicture` (opaque) → `GtkWidget` (typed)). No runtime check.
@inline(__always)
public func gcast<T: GPointer>(_ pointer: some GPointer) -> T {
    T(gpointer: pointer.gpointer)
}
