import WaterfallGTK

/// Scrolls something from its top to its bottom and back, one step per frame of a widget's
/// frame clock, recording the wall time between frames and (optionally) the work per frame.
@MainActor
final class ScrollDriver {
    /// What a run measured.
    struct Run {
        /// Frames scrolled (both directions).
        var frames = 0
        /// Time between consecutive frames, ms.
        var frameIntervals: [Double] = []
        /// The caller's work per frame as main-thread CPU time, ms (empty when not sampled).
        var frameWorkCPU: [Double] = []
        /// The caller's work per frame as wall-clock time, ms (empty when not sampled).
        var frameWorkWall: [Double] = []
        /// The scroll distance per frame, px.
        var step = 0.0
    }

    private let framesPerDirection: Int
    private let maximumOffset: () -> Double
    private let scroll: (Double) -> Void
    private let sampleWork: (() -> WorkTime)?
    private let eachFrame: () -> Void
    private var run = Run()
    private var lastFrame: ContinuousClock.Instant?

    /// - Parameters:
    ///   - framesPerDirection: frames to go down, and again to come back up.
    ///   - maximumOffset: the bottom scroll position, read when the run starts.
    ///   - scroll: moves to an offset.
    ///   - sampleWork: returns the work done since its previous call (read once per frame).
    ///   - eachFrame: called once per frame after scrolling, e.g. to sample cell counts.
    init(framesPerDirection: Int, maximumOffset: @escaping () -> Double, scroll: @escaping (Double) -> Void,
         sampleWork: (() -> WorkTime)?, eachFrame: @escaping () -> Void = {}) {
        self.framesPerDirection = framesPerDirection
        self.maximumOffset = maximumOffset
        self.scroll = scroll
        self.sampleWork = sampleWork
        self.eachFrame = eachFrame
    }

    /// Starts on `widget`'s frame clock; `completion` gets the measurements after the last frame.
    func start(on widget: some GPointer, completion: @escaping @MainActor (Run) -> Void) {
        let bottom = maximumOffset()
        run.step = bottom / Double(framesPerDirection)
        var frame = 0
        _ = sampleWork?()
        TickCallback.add(to: widget) { [self] _ in
            let now = ContinuousClock.now
            if let last = lastFrame {
                run.frameIntervals.append((now - last).milliseconds)
                if let sampleWork {
                    let work = sampleWork()
                    run.frameWorkCPU.append(work.cpu.milliseconds)
                    run.frameWorkWall.append(work.wall.milliseconds)
                }
            }
            lastFrame = now
            guard frame < 2 * framesPerDirection else {
                run.frames = frame
                completion(run)
                return false
            }
            frame += 1
            let distance = Double(frame <= framesPerDirection ? frame : 2 * framesPerDirection - frame)
            scroll(min(bottom, distance * run.step))
            eachFrame()
            return true
        }
    }
}

extension Duration {
    /// The duration in milliseconds.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
