/// What the data source was told to prefetch: the window announced last, and which way the
/// reader scrolled last.
struct Prefetch {
    /// The window last announced; `nil` when frames changed since, so that nothing is known
    /// to have been announced.
    var window: Rect?
    /// +1 when the last scroll moved toward the end, −1 toward the start.
    var direction: Double = 1
    /// How far ahead of the realized window items are announced
    /// (``WaterfallViewModel/prefetchDistance``).
    var distance: Double = 800
}

extension WaterfallViewModel {
    /// Announces items entering and leaving the prefetch window around the realized `window`
    /// (it extended by ``prefetchDistance`` in the scroll direction) to the data source.
    /// - Complexity: O(c log n + changes).
    func updatePrefetchWindow(around window: Rect) {
        guard let dataSource else { return prefetch.window = nil }
        let ahead = scrollAxis.position(of: window.origin) + Self.nonNegative(prefetch.distance) * prefetch.direction
        let newWindow = window.union(Rect(origin: scrollAxis.moving(window.origin, to: ahead), size: window.size))
        if let old = prefetch.window {
            layout.forEachChange(
                from: old, to: newWindow,
                left: { dataSource.waterfallView(self, cancelPrefetchingItemAt: $0) },
                entered: { dataSource.waterfallView(self, prefetchItemAt: $0) })
        } else {
            layout.forEachIndex(in: newWindow) { dataSource.waterfallView(self, prefetchItemAt: $0) }
        }
        prefetch.window = newWindow
    }
}
