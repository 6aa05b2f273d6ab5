import Foundation

/// Records the view-model figures: scroll-step cost and cell counts at 10,000 and 1,000,000
/// items, the seeds' per-step scan, pages appended at the bottom and prepended at the top (a
/// refresh) of a long feed, and a burst of 50 size corrections coalesced into one relayout
/// against the same corrections one by one.
@MainActor
enum ViewModelReport {
    /// Runs the view-model benchmarks and records their figures.
    static func run(into report: inout BenchmarkReport) {
        runScroll(into: &report)
        runAppend(into: &report)
        runRefreshAndCorrections(into: &report)
    }

    /// The scroll-step figures (`--only scroll`, for profiling).
    static func runScroll(into report: inout BenchmarkReport) {
        let small = ViewModelBenchmarks.scrollThrough(itemCount: 10_000)
        let large = ViewModelBenchmarks.scrollThrough(itemCount: 1_000_000)
        report.add("scroll_step_1m_mean_us", large.diffMicrosecondsPerStep)
        report.add("scroll_step_1m_median_us", large.medianMicrosecondsPerStep)
        report.add("scroll_step_1m_p99_us", large.p99MicrosecondsPerStep)
        report.add("scroll_step_1m_seed_us", ViewModelBenchmarks.seedScanMicrosecondsPerStep(itemCount: 1_000_000))
        report.add("visible_cells_avg_1m", large.averageVisibleCells)
        report.add("max_live_cells_10k", Double(small.maxLiveCells))
        report.add("max_live_cells_1m", Double(large.maxLiveCells))
        report.add("cells_created_10k", Double(small.cellsCreated))
        report.add("cells_created_1m", Double(large.cellsCreated))
    }

    /// Pages appended at the bottom of 1,000,000 items (`--only append`, for profiling).
    static func runAppend(into report: inout BenchmarkReport) {
        let append = ViewModelBenchmarks.insertPages(itemCount: 1_000_000, at: .bottom, pages: 400)
        report.add("append_page_at_bottom_1m_us", append.insertMicroseconds)
        report.add("append_page_at_bottom_1m_median_us", append.insertMedianMicroseconds)
        report.add("append_visible_cells_moved", Double(append.visibleCellsMoved))
        let perItem = ViewModelBenchmarks.insertPages(itemCount: 1_000_000, at: .bottom, pages: 400, perItemSizes: true)
        report.add("append_page_at_bottom_1m_per_item_sizes_us", perItem.insertMicroseconds)
        report.add("append_page_at_bottom_1m_per_item_sizes_median_us", perItem.insertMedianMicroseconds)
    }

    /// A refresh at the top of 1,000,000 items and a burst of size corrections.
    static func runRefreshAndCorrections(into report: inout BenchmarkReport) {
        let refresh = ViewModelBenchmarks.insertPages(itemCount: 1_000_000, at: .top)
        report.add("refresh_50_at_top_1m_us", refresh.insertMicroseconds)
        report.add("refresh_50_at_top_1m_median_us", refresh.insertMedianMicroseconds)
        report.add("refresh_50_at_top_1m_best_us", refresh.insertBestMicroseconds)
        report.add("refresh_visible_cells_moved", Double(refresh.visibleCellsMoved))
        let burst = SizeCorrectionBenchmark.burst(itemCount: 100_000)
        report.add("size_burst_50_100k_relayouts", Double(burst.coalescedRelayouts))
        report.add("size_burst_50_100k_us", burst.coalescedMicroseconds)
        report.add("size_burst_50_100k_one_by_one_relayouts", Double(burst.oneByOneRelayouts))
        report.add("size_burst_50_100k_one_by_one_us", burst.oneByOneMicroseconds)
    }
}
