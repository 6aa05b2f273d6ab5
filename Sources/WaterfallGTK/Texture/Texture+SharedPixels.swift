import CWaterfallGtk4
import Glibc

extension Texture {
    /// Makes a texture over a read-only mapping of premultiplied RGBA pixels (rows of `4 × width`
    /// bytes), without copying them; the mapping is unmapped when GDK drops the texture's bytes.
    /// - Complexity: O(1).
    convenience init(adoptingMappedRGBA mapping: UnsafeMutableRawPointer, width: Int, height: Int) {
        let byteCount = width * height * 4
        let region = UnsafeMutablePointer<MappedRegion>.allocate(capacity: 1)
        region.initialize(to: MappedRegion(base: mapping, length: byteCount))
        let bytes = g_bytes_new_with_free_func(mapping, gsize(byteCount), { context in
            guard let region = context?.assumingMemoryBound(to: MappedRegion.self) else { return }
            munmap(region.pointee.base, region.pointee.length)
            region.deinitialize(count: 1)
            region.deallocate()
        }, region)
        let texture = gdk_memory_texture_new(gint(width), gint(height), GDK_MEMORY_R8G8B8A8_PREMULTIPLIED, bytes,
                                             gsize(width * 4))!
        g_bytes_unref(bytes)
        self.init(adopting: texture)
    }
}

/// A mapping to unmap when its bytes are freed.
private struct MappedRegion {
    let base: UnsafeMutableRawPointer
    let length: Int
}
