import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import WaterfallFeed

extension PixbufDecoder {
    /// The first frame of the animation a loader holds, carrying all its frames (decoded at
    /// `size` when they fit `maximumAnimationBytes`, else rendered on demand); `nil` when the
    /// loader's image is still.
    ///
    /// - Parameter frameCount: the frames counted in the data (`ImageHeader.frameCount(in:)`).
    /// - Complexity: O(frames × (source + output pixels)) when decoded, O(output pixels) on demand.
    func animatedTexture(from loader: UnsafeMutablePointer<GdkPixbufLoader>, frameCount: Int,
                         size: ImagePixelSize) -> DecodedImage<Texture>? {
        guard frameCount > 1, let animation = gdk_pixbuf_loader_get_animation(loader),
              gdk_pixbuf_animation_is_static_image(animation) == 0 else { return nil }
        let iterator = wf_animation_iter_new(animation)!
        defer { g_object_unref(UnsafeMutableRawPointer(iterator)) }
        let frameBytes = size.width * size.height * 4
        let (total, overflow) = frameBytes.multipliedReportingOverflow(by: frameCount)
        let decodesAll = !overflow && total <= maximumAnimationBytes
        var delays: [Int] = []
        var frames: [Texture] = []
        var elapsed = 0
        for index in 0..<frameCount {
            // Each frame is sampled 1 ms after it starts (webp-pixbuf-loader switches frames
            // only after the boundary). Loaders report either the frame's delay (WebP) or the
            // time left in it (GIF): a second look 1 ms later tells which.
            wf_animation_iter_advance(iterator, elapsed + 1)
            let first = Int(gdk_pixbuf_animation_iter_get_delay_time(iterator))
            let delay = first < 0 ? first : Self.frameDelay(iterator, sampledAt: elapsed + 1, reported: first)
            if index == 0 || decodesAll {
                guard let frame = Self.scaledTexture(gdk_pixbuf_animation_iter_get_pixbuf(iterator), to: size) else { return nil }
                frames.append(frame)
            }
            // -1: the frame shows forever (a finite animation's last frame).
            guard delay >= 0 else { break }
            delays.append(delay)
            elapsed += delay
        }
        guard delays.count > 1 else { return nil }
        let timeline = AnimationTimeline(delays: delays)
        let held: TextureAnimation.Frames
        let byteCount: Int
        if decodesAll {
            held = .decoded(Array(frames.prefix(delays.count)))
            byteCount = frameBytes * min(frames.count, delays.count)
        } else {
            g_object_ref(UnsafeMutableRawPointer(animation))
            held = .onDemand(GObjectRef(adopting: animation), size: size)
            let source = Int(gdk_pixbuf_animation_get_width(animation)) * Int(gdk_pixbuf_animation_get_height(animation)) * 4
            // The animation's own composited frame, this first frame and the one shown.
            byteCount = source + 2 * frameBytes
        }
        // The first frame's GdkTexture, shared by the returned texture.
        let first = frames[0].reference.pointer
        g_object_ref(UnsafeMutableRawPointer(first))
        let texture = Texture(adopting: first, animation: TextureAnimation(timeline: timeline, frames: held))
        return DecodedImage(image: texture, pixelWidth: size.width, pixelHeight: size.height, byteCount: byteCount)
    }

    /// The delay of the frame an iterator shows at `time`, given the delay it reported there.
    private static func frameDelay(_ iterator: OpaquePointer, sampledAt time: Int, reported: Int) -> Int {
        guard reported > 1 else { return reported }
        wf_animation_iter_advance(iterator, time + 1)
        let later = Int(gdk_pixbuf_animation_iter_get_delay_time(iterator))
        return later == reported - 1 ? reported + 1 : reported
    }

    /// A texture of `pixbuf` scaled to `size` (the pixbuf is not consumed).
    static func scaledTexture(_ pixbuf: OpaquePointer?, to size: ImagePixelSize) -> Texture? {
        guard let pixbuf else { return nil }
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        if width == size.width && height == size.height {
            return Texture(adopting: gdk_texture_new_for_pixbuf(pixbuf))
        }
        guard let scaled = gdk_pixbuf_scale_simple(pixbuf, gint(size.width), gint(size.height), GDK_INTERP_BILINEAR) else {
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        return Texture(adopting: gdk_texture_new_for_pixbuf(scaled))
    }
}
