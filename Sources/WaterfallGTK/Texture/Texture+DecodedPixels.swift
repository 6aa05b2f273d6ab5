import CWaterfallGtk4
import CWaterfallImageDecoding
import Foundation

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
