import CWaterfallGtk4

/// An immutable `GdkTexture`, safe to create on any thread and hand to the main actor.
///
/// GdkTextures never change after creation, and GObject reference counting is atomic, so a
/// texture made by a background task can be shown by a `GtkPicture` on the main thread.
public final class Texture: Sendable {
    /// The owned reference to the `GdkTexture` (an animation's first frame).
    public let reference: GObjectRef<OpaquePointer>
    /// The frames of an animated image, played by `WaterfallImageCell`; `nil` for a still one.
    public let animation: TextureAnimation?

    /// Adopts a texture reference the caller owns ("transfer full"), the first frame of
    /// `animation` if there is one.
    public init(adopting texture: OpaquePointer, animation: TextureAnimation? = nil) {
        reference = GObjectRef(adopting: texture)
        self.animation = animation
    }

    /// Makes a texture from premultiplied 32-bit pixels in native-endian ARGB order — the layout
    /// of a cairo `CAIRO_FORMAT_ARGB32` image surface. The bytes are copied.
    /// - Complexity: O(`stride` × `height`).
    public convenience init(premultipliedARGB32 pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) {
        precondition(pixels.count >= stride * height, "pixel buffer smaller than stride × height")
        let bytes = g_bytes_new(pixels.baseAddress, gsize(stride * height))
        let texture = gdk_memory_texture_new(gint(width), gint(height), Self.cairoFormat, bytes, gsize(stride))!
        g_bytes_unref(bytes)
        self.init(adopting: texture)
    }

    /// cairo's ARGB32 as a GDK memory format (what the `GDK_MEMORY_DEFAULT` macro expands to).
    private static var cairoFormat: GdkMemoryFormat {
        #if _endian(little)
        GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
        #else
        GDK_MEMORY_A8R8G8B8_PREMULTIPLIED
        #endif
    }

    /// The texture's width in pixels.
    public var width: Int { Int(gdk_texture_get_width(reference.pointer)) }

    /// The texture's height in pixels.
    public var height: Int { Int(gdk_texture_get_height(reference.pointer)) }
}
