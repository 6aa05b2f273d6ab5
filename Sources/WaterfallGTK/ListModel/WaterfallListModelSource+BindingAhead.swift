import WaterfallCore

/// Prefetching a list model's images through its cells: a list model's items can be prefetched
/// only by binding them — a `WaterfallImage` in a `GtkPicture` starts loading when its cell is
/// first drawn, at the size it is drawn — so once the reader scrolls, the wall keeps its cells
/// bound (and drawn, off screen) as far beyond the viewport as a data source's wall prefetches.
extension WaterfallListModelSource {
    /// The reader scrolled the wall: from now on its cells stay bound its overscan plus its
    /// prefetch distance beyond the viewport on both sides (1000 points by default), and its reuse
    /// pool is twice as large, as that margin holds about twice the cells, so a long jump still
    /// recycles them. Not before the first scroll, so that the first screen's images load alone.
    /// A cell leaving the margin is unbound as before, and a paintable its unbind lets go of
    /// cancels its load.
    func readerScrolled() {
        guard !bindsAhead, let model = view?.model else { return }
        bindsAhead = true
        model.overscan += model.prefetchDistance
        model.reusePoolCapacity *= 2
    }
}
