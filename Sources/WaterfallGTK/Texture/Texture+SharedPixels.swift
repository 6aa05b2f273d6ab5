import CWaterfallGtk4
import Glibc

extension Texture {
    /// Textures over `count` frames of a read-only mapping of `length` bytes — frame i starts at
    /// i × `stride` × `height`, rows of `stride` bytes in `format` — without copying them; the
    /// mapping is unmapped when GDK drops the last frame's bytes.
    /// - Complexity: O(`count`).
    static func frames(adoptingMapping mapping: UnsafeMutableRawPointer, length: Int, width: Int, height: Int,
                       stride: Int, format: GdkMemoryFormat, count: Int) -> [Texture] {
        let region = UnsafeMutablePointer<MappedRegion>.allocate(capacity: 1)
        region.initialize(to: MappedRegion(base: mapping, length: length))
        let whole = g_bytes_new_with_free_func(mapping, gsize(length), { context in
            guard let region = context?.assumingMemoryBound(to: MappedRegion.self) else { return }
            munmap(region.pointee.base, region.pointee.length)
            region.deinitialize(count: 1)
            region.deallocate()
        }, region)
        defer { g_bytes_unref(whole) }
        let frameBytes = stride * height
        return (0..<count).map { index in
            let bytes = g_bytes_new_from_bytes(whole, gsize(index * frameBytes), gsize(frameBytes))
            let texture = gdk_memory_texture_new(gint(width), gint(height), format, bytes, gsize(stride))!
            g_bytes_unref(bytes)
            return Texture(adopting: texture)
        }
    }

    /// A texture sharing `firstFrame`'s GdkTexture, carrying `animation`: what an animated image
    /// decodes to.
    convenience init(firstFrame: Texture, animation: TextureAnimation) {
        g_object_ref(UnsafeMutableRawPointer(firstFrame.reference.pointer))
        self.init(adopting: firstFrame.reference.pointer, animation: animation)
    }
}

/// A mapping to unmap when its bytes are freed.
private struct MappedRegion {
    let base: UnsafeMutableRawPointer
    let length: Int
}
