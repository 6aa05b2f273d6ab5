import CWaterfallGtk4
import CWaterfallPixbufDecoding
import WaterfallFeed

extension PixbufDecoder {
    /// The first frame of the animation a loader holds, carrying all its frames (decoded at
    /// `size` when they fit `maximumAnimationBytes`, else rendered on demand), sampled by
    /// `wf_pixbuf_animation_sample` as the sandboxed worker samples them; `nil` when the loader's
    /// image is still.
    ///
    /// - Parameter frameCount: the frames counted in the data (`ImageHeader.frameCount(in:)`).
    /// - Complexity: O(frames × (source + output pixels)) when decoded, O(output pixels) on demand.
    func animatedTexture(from loader: UnsafeMutablePointer<GdkPixbufLoader>, frameCount: Int,
                         size: ImagePixelSize) -> DecodedImage<Texture>? {
        guard frameCount > 1, let animation = gdk_pixbuf_loader_get_animation(loader) else { return nil }
        let frameBytes = size.width * size.height * 4
        let (total, overflow) = frameBytes.multipliedReportingOverflow(by: frameCount)
        let decodesAll = !overflow && total <= maximumAnimationBytes
        var delays = [gint](repeating: 0, count: frameCount)
        var pixbufs = [OpaquePointer?](repeating: nil, count: frameCount)
        let shown = Int(wf_pixbuf_animation_sample(animation, gint(frameCount), gint(size.width), gint(size.height),
                                                   decodesAll ? 1 : 0, &delays, &pixbufs))
        guard shown > 1 else { return nil }
        // The sample fills the first `shown` frames.
        let frames = pixbufs.prefix(decodesAll ? shown : 1).compactMap { $0 }.map { pixbuf in
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            return Texture(sharingPixelsOf: pixbuf)
        }
        let timeline = AnimationTimeline(delays: delays.prefix(shown).map(Int.init))
        let held: TextureAnimation.Frames
        let byteCount: Int
        if decodesAll {
            held = .decoded(frames)
            byteCount = frameBytes * frames.count
        } else {
            g_object_ref(UnsafeMutableRawPointer(animation))
            held = .onDemand(GObjectRef(adopting: animation), size: size)
            let source = Int(gdk_pixbuf_animation_get_width(animation)) * Int(gdk_pixbuf_animation_get_height(animation)) * 4
            // The animation's own composited frame, this first frame and the one shown.
            byteCount = source + 2 * frameBytes
        }
        let texture = Texture(firstFrame: frames[0], animation: TextureAnimation(timeline: timeline, frames: held))
        return DecodedImage(image: texture, pixelWidth: size.width, pixelHeight: size.height, byteCount: byteCount)
    }

    /// A texture of `pixbuf` scaled to `size` (the pixbuf is not consumed).
    static func scaledTexture(_ pixbuf: OpaquePointer?, to size: ImagePixelSize) -> Texture? {
        guard let pixbuf else { return nil }
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        if width == size.width && height == size.height {
            return Texture(sharingPixelsOf: pixbuf)
        }
        guard let scaled = gdk_pixbuf_scale_simple(pixbuf, gint(size.width), gint(size.height), GDK_INTERP_BILINEAR) else {
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        return Texture(sharingPixelsOf: scaled)
    }
}
