import CWaterfallGtk
import CWaterfallPixbufDecoding
import CWaterfallGtk4
import WaterfallFeed

/// Plays a `TextureAnimation` on a frame clock: the time played advances only on frames where
/// the cell is active (mapped, animations enabled), so an animation pauses where it was when its
/// window is hidden or animations are turned off, and resumes from there.
@MainActor
final class AnimationPlayer {
    let animation: TextureAnimation
    /// Microseconds played so far.
    private(set) var playedMicros: Int64 = 0
    private var lastFrameTime: Int64?
    /// The frame shown.
    private(set) var frameIndex = 0
    /// The on-demand iterator and the time it was advanced to.
    private var iterator: GObjectRef<OpaquePointer>?

    init(animation: TextureAnimation) {
        self.animation = animation
        if case .onDemand(let source, _) = animation.frames {
            iterator = GObjectRef(adopting: wf_animation_iter_new(source.pointer))
        }
    }

    /// Advances to the frame clock's `frameTime` (microseconds); while `active` is false the
    /// time does not advance. Returns the texture to show when the frame changed.
    ///
    /// - Complexity: O(log frames), plus scaling one frame when decoding on demand.
    func tick(frameTime: Int64, active: Bool) -> Texture? {
        defer { lastFrameTime = frameTime }
        guard active, let last = lastFrameTime else { return nil }
        // A long stall (a hidden window's first frame back) counts as one frame, not a jump.
        playedMicros += min(max(0, frameTime - last), 100_000)
        let index = animation.timeline.frame(at: Int(playedMicros / 1000))
        guard index != frameIndex else { return nil }
        frameIndex = index
        return texture(of: index)
    }

    private func texture(of index: Int) -> Texture? {
        switch animation.frames {
        case .decoded(let frames):
            return frames[index]
        case .onDemand(_, let size):
            guard let iterator else { return nil }
            // The iterator loops by itself; advance it just past the start of the frame within
            // this loop (as the decoder sampled it).
            let loops = Int(playedMicros / 1000) / max(1, animation.timeline.loopDuration)
            let start = loops * animation.timeline.loopDuration
                + animation.timeline.delays.prefix(index).reduce(0, +)
            wf_animation_iter_advance(iterator.pointer, start + 1)
            return PixbufDecoder.scaledTexture(gdk_pixbuf_animation_iter_get_pixbuf(iterator.pointer), to: size)
        }
    }
}
