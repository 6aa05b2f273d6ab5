import CWaterfallGtk
import CWaterfallGtk4

/// Plays a `TextureAnimation` for a paintable, which has no frame clock of its own: a GLib
/// timeout advances an ``AnimationPlayer`` on the monotonic clock and reports each new frame,
/// and the next frame is scheduled only once that frame has been drawn. A paintable nobody draws
/// any more (scrolled away, its window hidden) stops at its current frame and resumes where it
/// was when drawn again; while GTK's `gtk-enable-animations` is off the time does not advance.
@MainActor
final class PaintableAnimation {
    private let player: AnimationPlayer
    /// The frame to draw.
    private(set) var frame: Texture
    /// The pending timeout, if any.
    private var timeout: UInt32?
    /// Whether the last frame reported has not been drawn yet.
    private var awaitingDraw = false
    /// Told that ``frame`` changed.
    private let frameChanged: @MainActor () -> Void

    init(_ animation: TextureAnimation, first: Texture, frameChanged: @escaping @MainActor () -> Void) {
        player = AnimationPlayer(animation: animation)
        frame = first
        self.frameChanged = frameChanged
    }

    /// The paintable was drawn: schedules the next frame unless one is scheduled.
    func drawn() {
        awaitingDraw = false
        scheduleTick()
    }

    /// Stops playing (the paintable is cancelled or disposed).
    func stop() {
        if let timeout { MainLoopSource.remove(timeout) }
        timeout = nil
    }

    private func scheduleTick() {
        guard timeout == nil, !awaitingDraw else { return }
        let delays = player.animation.timeline.delays
        let delay = delays.isEmpty ? 100 : delays[min(player.frameIndex, delays.count - 1)]
        // The first tick only starts the clock: it comes a frame interval later.
        timeout = MainLoopSource.timeout(milliseconds: UInt32(clamping: max(16, min(delay, 1000)) / 2)) { [self] in
            timeout = nil
            tick()
        }
    }

    private func tick() {
        if let next = player.tick(frameTime: Int64(g_get_monotonic_time()), active: wf_animations_enabled(nil) != 0) {
            frame = next
            awaitingDraw = true
            frameChanged()
        } else {
            scheduleTick()
        }
    }
}
