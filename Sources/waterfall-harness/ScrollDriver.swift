import WaterfallGTK
import WaterfallShop

/// Scrolls something from its top to its bottom and back, one step per frame of a widget's
/// frame clock (``ScrollMode``), recording the whole frame — the interval between ticks, the
/// main thread's CPU time from tick to tick, all threads' CPU time — and, optionally, the
/// caller's own work per frame.
@MainActor
final class ScrollDriver {
    /// Frames per direction of `--scroll-test` and of `--grid-view`, which scrolls the same way,
    /// unless `--frames` says otherwise.
    static let defaultFrames = 300

    /// What a run measured.
    struct Run {
        /// How the run scrolled.
        var mode = ScrollMode.teleport
        /// Frames scrolled (both directions).
        var frames = 0
        /// The scroll distance per frame, px.
        var step = 0.0
        /// The frame clock's refresh period, ms (16.667 at 60 Hz).
        var framePeriod = 1000.0 / 60
        /// Interval, main-thread CPU time and process CPU time of every frame.
        var timeline = FrameTimeline()
        /// The caller's work per frame as main-thread CPU time, ms (empty when not sampled).
        var frameWorkCPU: [Double] = []
        /// The caller's work per frame as wall-clock time, ms (empty when not sampled).
        var frameWorkWall: [Double] = []

        /// The report fields every scrolling mode prints, in order: the scroll, the caller's
        /// work (0 when not sampled), then the whole frame.
        var frameFields: [(String, JSONLine.Value)] {
            let work = Percentiles(frameWorkCPU)
            let workWall = Percentiles(frameWorkWall)
            let cpu = Percentiles(timeline.threadCPU)
            let intervals = Percentiles(timeline.intervals)
            return [
                ("scroll_mode", .string(mode.rawValue)),
                ("frames", .int(frames)),
                ("step_px", .double(step)),
                ("frame_work_ms_p50", .double(work.value(50))),
                ("frame_work_ms_p99", .double(work.value(99))),
                ("frame_work_ms_max", .double(work.value(100))),
                ("frame_work_wall_ms_p50", .double(workWall.value(50))),
                ("frame_work_wall_ms_p99", .double(workWall.value(99))),
                ("frame_cpu_ms_p50", .double(cpu.value(50))),
                ("frame_cpu_ms_p99", .double(cpu.value(99))),
                ("process_cpu_ms_per_frame", .double(timeline.processCPUPerFrame)),
                ("frame_interval_ms_p50", .double(intervals.value(50))),
                ("frame_interval_ms_p99", .double(intervals.value(99))),
                ("frame_period_ms", .double(framePeriod)),
                ("dropped_frames", .int(timeline.droppedFrames(period: framePeriod))),
            ]
        }
    }

    private let mode: ScrollMode
    private let requestedFrames: Int
    private let maximumOffset: () -> Double
    private let scroll: (Double) -> Void
    private let sampleWork: (() -> WorkTime)?
    private let eachFrame: () -> Void
    private var run = Run()

    /// - Parameters:
    ///   - mode: jump or fling (see ``ScrollMode/plan(frames:bottom:)``).
    ///   - framesPerDirection: frames to go down, and again to come back up (a fling stops
    ///     early at the bottom).
    ///   - maximumOffset: the bottom scroll position, read when the run starts.
    ///   - scroll: moves to an offset.
    ///   - sampleWork: returns the caller's work since its previous call (read once per frame).
    ///   - eachFrame: called once per frame after scrolling, e.g. to sample cell counts.
    init(mode: ScrollMode, framesPerDirection: Int, maximumOffset: @escaping () -> Double,
         scroll: @escaping (Double) -> Void, sampleWork: (() -> WorkTime)?, eachFrame: @escaping () -> Void = {}) {
        self.mode = mode
        requestedFrames = framesPerDirection
        self.maximumOffset = maximumOffset
        self.scroll = scroll
        self.sampleWork = sampleWork
        self.eachFrame = eachFrame
    }

    /// A driver that scrolls a `GtkScrolledWindow` through its vertical adjustment (the
    /// GTK widgets `--flowbox` and `--grid-view` compare against).
    convenience init(mode: ScrollMode, framesPerDirection: Int, scrolledWindow: UnsafeMutablePointer<GtkWidget>,
                     sampleWork: (() -> WorkTime)?, eachFrame: @escaping () -> Void = {}) {
        let adjustment = gtk_scrolled_window_get_vadjustment(gcast(scrolledWindow))!
        self.init(mode: mode, framesPerDirection: framesPerDirection,
                  maximumOffset: { gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment) },
                  scroll: { gtk_adjustment_set_value(adjustment, $0) }, sampleWork: sampleWork, eachFrame: eachFrame)
    }

    /// Starts on `widget`'s frame clock; `completion` gets the measurements after the last frame.
    func start(on widget: some GPointer, completion: @escaping @MainActor (Run) -> Void) {
        let bottom = maximumOffset()
        let (framesPerDirection, step) = mode.plan(frames: requestedFrames, bottom: bottom)
        run.mode = mode
        run.step = step
        var frame = 0
        _ = sampleWork?()
        TickCallback.add(to: widget) { [self] _ in
            run.timeline.tick()
            if frame > 0, let sampleWork {
                let work = sampleWork()
                run.frameWorkCPU.append(work.cpu.milliseconds)
                run.frameWorkWall.append(work.wall.milliseconds)
            }
            guard frame < 2 * framesPerDirection else {
                run.frames = frame
                run.framePeriod = Self.refreshPeriod(of: widget) ?? run.framePeriod
                completion(run)
                return false
            }
            frame += 1
            let distance = Double(frame <= framesPerDirection ? frame : 2 * framesPerDirection - frame)
            scroll(min(bottom, distance * step))
            eachFrame()
            return true
        }
    }

    /// The refresh period `widget`'s frame clock paces itself by, ms (GDK's default of 60 Hz
    /// when the display tells it nothing); `nil` without a frame clock.
    private static func refreshPeriod(of widget: some GPointer) -> Double? {
        guard let clock = gtk_widget_get_frame_clock(gcast(widget)) else { return nil }
        var interval: gint64 = 0, presentation: gint64 = 0
        gdk_frame_clock_get_refresh_info(clock, gdk_frame_clock_get_frame_time(clock), &interval, &presentation)
        return interval > 0 ? Double(interval) / 1000 : nil
    }
}
