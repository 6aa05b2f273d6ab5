import CWaterfallGtk4
import CWaterfallImageDecoding

extension Texture {
    /// Makes a texture that takes ownership of a decoded image's premultiplied RGBA pixels
    /// (freed when the texture is), without copying them.
    /// - Complexity: O(1).
    convenience init(adoptingRGBA image: wf_image) {
        let byteCount = gsize(image.width) * gsize(image.height) * 4
        let bytes = g_bytes_new_with_free_func(image.pixels, byteCount, { free($0) }, image.pixels)
        let texture = gdk_memory_texture_new(gint(image.width), gint(image.height), GDK_MEMORY_R8G8B8A8_PREMULTIPLIED,
                                             bytes, gsize(image.width) * 4)!
        g_bytes_unref(bytes)
        self.init(adopting: texture)
    }
}

extension Texture {
    /// Makes a texture over a pixbuf's pixels, sharing them (the pixbuf's bytes stay alive as
    /// long as the texture): a `GdkMemoryTexture` of straight-alpha RGBA, or RGB without alpha,
    /// as `gdk_texture_new_for_pixbuf` made, which GTK 4.20 deprecates.
    /// - Complexity: O(1) (gdk-pixbuf's bytes are shared, not copied, for a pixbuf it decoded).
    convenience init(sharingPixelsOf pixbuf: OpaquePointer) {
        let bytes = gdk_pixbuf_read_pixel_bytes(pixbuf)
        let format = gdk_pixbuf_get_has_alpha(pixbuf) != 0 ? GDK_MEMORY_R8G8B8A8 : GDK_MEMORY_R8G8B8
        let texture = gdk_memory_texture_new(gdk_pixbuf_get_width(pixbuf), gdk_pixbuf_get_height(pixbuf), format, bytes,
                                             gsize(gdk_pixbuf_get_rowstride(pixbuf)))!
        g_bytes_unref(bytes)
        self.init(adopting: texture)
    }
}
