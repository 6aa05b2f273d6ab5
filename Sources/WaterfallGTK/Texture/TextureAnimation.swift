import CWaterfallGtk4
import CWaterfallGtk
import WaterfallFeed

/// The frames of an animated GIF or WebP, decoded for a cell: all of them as textures when they
/// fit the decoder's budget, else the gdk-pixbuf animation itself, whose frames an
/// animation player renders one at a time as they come due (a long animation never holds all
/// its frames).
public final class TextureAnimation: Sendable {
    /// How the frames are held.
    enum Frames: Sendable {
        /// Every frame, decoded at the output size.
        case decoded([Texture])
        /// The loader's animation, rendered frame by frame at `size` (main actor only).
        case onDemand(GObjectRef<OpaquePointer>, size: ImagePixelSize)
    }

    /// When each frame shows.
    public let timeline: AnimationTimeline
    let frames: Frames

    init(timeline: AnimationTimeline, frames: Frames) {
        self.timeline = timeline
        self.frames = frames
    }

    /// The number of frames.
    public var frameCount: Int { timeline.delays.count }

    /// Whether the frames are rendered as they come due instead of held decoded.
    public var decodesOnDemand: Bool {
        if case .onDemand = frames { return true }
        return false
    }
}
