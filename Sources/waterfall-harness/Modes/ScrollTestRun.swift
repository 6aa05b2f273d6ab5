import Foundation
import WaterfallCore
import WaterfallGTK
import WaterfallShop

/// `--scroll-test`: every item loaded up front, then top → bottom → top one step per frame
/// (`--scroll-mode teleport|fling`); prints one JSON line with the frame figures, the most cells
/// alive at once, memory, and the feed and image figures (all 0 for the generated shop, which
/// loads no pages or images).
///
/// Two kinds of frame figures:
/// - Only our code: `frame_work_ms_*` is the main thread's CPU time in the wall's own code per
///   frame (scroll step, binding cells through the data source, placing children);
///   `frame_work_wall_ms_*` is the same span in wall-clock time, which also counts preemption
///   by the picture-drawing thread and the X server.
/// - The whole frame: `frame_cpu_ms_*` is the main thread's CPU time from one frame-clock tick
///   to the next, which adds GTK's measuring, allocating, snapshotting and rendering of our
///   widgets and everything else the main loop ran; `process_cpu_ms_per_frame` is all
///   threads' CPU time over the run divided by the frames; `frame_interval_ms_*` is the time
///   between ticks, and `dropped_frames` counts the intervals longer than 1.5 ×
///   `frame_period_ms`, the frame clock's refresh period.
///
/// Works over any shop-wall window, whichever cells it shows.
@MainActor
final class ScrollTestRun<Shop: WallWindow> {
    private let shop: Shop
    private let figures: WallFigures
    private let options: Options
    private let started: ContinuousClock.Instant
    private var firstFrameMilliseconds = 0.0
    private var maxLiveCells = 0
    private var driver: ScrollDriver?

    /// The test of `shop` (made with `preloadAll`), whose building started at `created` (the
    /// first frame's time counts from there), as `options` ask.
    init(shop: Shop, created: ContinuousClock.Instant, options: Options) {
        self.shop = shop
        figures = WallFigures(of: shop, source: options.source, created: created)
        self.options = options
        started = created
    }

    /// Presents the window, scrolls once the first frame is painted and every item is loaded,
    /// prints and calls `finish`.
    func start(finish: @escaping @MainActor (Int32) -> Void) {
        shop.present()
        AfterPaint.next(of: shop.view.widget) { [self] in
            firstFrameMilliseconds = (ContinuousClock.now - started).milliseconds
            shop.whenAllItemsLoaded { [self] in scroll(finish: finish) }
        }
    }

    private func scroll(finish: @escaping @MainActor (Int32) -> Void) {
        let view = shop.view
        let driver = ScrollDriver(
            mode: options.scrollMode,
            framesPerDirection: options.frames ?? ScrollDriver.defaultFrames,
            maximumOffset: { view.maximumContentOffset },
            scroll: { view.scroll(to: $0) },
            sampleWork: { view.takeWorkTime() },
            eachFrame: { [self] in
                maxLiveCells = max(maxLiveCells, view.model.liveCellCount)
                figures.sampleFrame()
            })
        self.driver = driver
        driver.start(on: view.widget) { [self] run in
            Task { [self] in
                report(run, feedFigures: await figures.fields())
                finish(0)
            }
        }
    }

    private func report(_ run: ScrollDriver.Run, feedFigures: [(String, JSONLine.Value)]) {
        let model = shop.view.model
        let engineBytes = (model.layout as? WaterfallCollectionLayout)?.engine.memoryFootprint ?? 0
        JSONLine.print([
            ("mode", .string("waterfall")),
            ("items", .int(model.numberOfItems)),
            ("columns", .int((model.layout as? WaterfallCollectionLayout)?.engine.columnCount ?? 0)),
            ("content_height_px", .double(Double(model.contentSize.height))),
            ("max_live_cells", .int(maxLiveCells)),
            ("cells_created", .int(shop.cellsCreated)),
            ("first_frame_ms", .double(firstFrameMilliseconds)),
        ] + run.frameFields + [
            ("rss_mb", .double(ProcessMemory.residentMegabytes())),
            ("peak_rss_mb", .double(ProcessMemory.peakResidentMegabytes())),
            ("engine_mb", .double(Double(engineBytes) / 1_048_576)),
        ] + feedFigures)
    }
}
