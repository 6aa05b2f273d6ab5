import Foundation
import WaterfallCore
import WaterfallGTK
import WaterfallShop

/// `--soak SECONDS`: the wall under everything at once for a while — scrolling one step per
/// frame, load-more whenever the end comes near, a refresh every ``refreshInterval``, and the
/// image churn of cells binding and unbinding all along; back to the top after the end of the
/// feed. Prints a JSON line per minute and one at the end: resident memory at the start (after
/// the first painted frame) and the end, and the slope of resident memory per minute, fitted by
/// least squares over the samples after the warm-up (the first minute, or the first quarter of
/// a shorter run, while caches and pools fill). Works over any shop-wall window, whichever cells
/// it shows.
@MainActor
final class SoakRun<Shop: WallWindow> {
    /// Time between two refreshes.
    static var refreshInterval: Duration { .seconds(10) }
    /// Scroll distance per frame, px.
    static var step: Double { 60 }

    private let shop: Shop
    private let figures: WallFigures
    private let duration: Duration
    private var start = ContinuousClock.now
    private var lastSample = ContinuousClock.now
    private var lastRefresh = ContinuousClock.now
    /// (seconds since start, RSS MiB), one per second.
    private var samples: [(seconds: Double, megabytes: Double)] = []
    private var frames = 0
    private var refreshes = 0
    private var passes = 0
    private var frameIntervals: [Double] = []

    /// A soak of `seconds` over `shop` (made without `preloadAll`), whose building started at
    /// `created`, as `options` ask.
    init(shop: Shop, created: ContinuousClock.Instant, options: Options, seconds: Int) {
        self.shop = shop
        figures = WallFigures(of: shop, source: options.source, created: created)
        duration = .seconds(seconds)
    }

    /// Presents the window, runs once the first frame is painted, prints and calls `finish`.
    func start(finish: @escaping @MainActor (Int32) -> Void) {
        shop.present()
        AfterPaint.next(of: shop.view.widget) { [self] in
            start = .now
            lastRefresh = start
            sample(at: start)
            var previous = start
            TickCallback.add(to: shop.view.widget) { [self] _ in
                let now = ContinuousClock.now
                frameIntervals.append((now - previous).milliseconds)
                previous = now
                guard now - start < duration else {
                    sample(at: now)
                    Task { [self] in
                        report(await figures.fields())
                        finish(0)
                    }
                    return false
                }
                step(at: now)
                return true
            }
        }
    }

    /// One frame: scroll on (or back to the top at the end of the feed), refresh when due.
    private func step(at now: ContinuousClock.Instant) {
        let view = shop.view
        frames += 1
        let bottom = view.maximumContentOffset
        let atEnd = view.contentOffset >= bottom - 1
        if atEnd, [.exhausted, .failed].contains(view.model.loadMoreState) {
            view.scroll(to: 0)
            passes += 1
        } else {
            view.scroll(to: min(bottom, view.contentOffset + Self.step))
        }
        if now - lastRefresh >= Self.refreshInterval, view.model.refreshState != .refreshing {
            lastRefresh = now
            refreshes += 1
            view.refresh()
        }
        figures.sampleFrame()
        if now - lastSample >= .seconds(1) { sample(at: now) }
    }

    private func sample(at now: ContinuousClock.Instant) {
        lastSample = now
        let seconds = (now - start).milliseconds / 1000
        let previousMinute = samples.last.map { Int($0.seconds / 60) } ?? 0
        samples.append((seconds, ProcessMemory.residentMegabytes()))
        if Int(seconds / 60) > previousMinute {
            JSONLine.print([("soak_minute", .int(Int(seconds / 60))), ("rss_mb", .double(samples.last!.megabytes)),
                            ("items", .int(shop.view.model.numberOfItems)), ("frames", .int(frames))])
        }
    }

    private func report(_ feedFigures: [(String, JSONLine.Value)]) {
        let total = (samples.last?.seconds ?? 0)
        let warmUp = total >= 120 ? 60 : total / 4
        let settled = samples.filter { $0.seconds >= warmUp }
        let intervals = Percentiles(frameIntervals)
        // Typed: Swift 6.0 cannot infer this literal's type in reasonable time.
        let figures: [(String, JSONLine.Value)] = [
            ("mode", .string("soak")),
            ("seconds", .double(total)),
            ("frames", .int(frames)),
            ("items", .int(shop.view.model.numberOfItems)),
            ("refreshes", .int(refreshes)),
            ("passes_to_end", .int(passes)),
            ("cells_created", .int(shop.cellsCreated)),
            ("frame_interval_ms_p50", .double(intervals.value(50))),
            ("frame_interval_ms_p99", .double(intervals.value(99))),
            ("rss_start_mb", .double(samples.first?.megabytes ?? 0)),
            ("rss_end_mb", .double(samples.last?.megabytes ?? 0)),
            ("rss_peak_mb", .double(samples.map(\.megabytes).max() ?? 0)),
            ("warm_up_s", .double(warmUp)),
            ("rss_slope_mb_per_min", .double(Self.slopePerMinute(settled))),
        ]
        JSONLine.print(figures + feedFigures)
    }

    /// The least-squares slope of MiB over time, per minute (0 with fewer than two samples).
    ///
    /// - Complexity: O(*n*).
    static func slopePerMinute(_ points: [(seconds: Double, megabytes: Double)]) -> Double {
        guard points.count >= 2 else { return 0 }
        let n = Double(points.count)
        let meanX = points.map(\.seconds).reduce(0, +) / n
        let meanY = points.map(\.megabytes).reduce(0, +) / n
        let covariance = points.reduce(0) { $0 + ($1.seconds - meanX) * ($1.megabytes - meanY) }
        let variance = points.reduce(0) { $0 + ($1.seconds - meanX) * ($1.seconds - meanX) }
        return variance > 0 ? covariance / variance * 60 : 0
    }
}
