import Foundation

/// What the data source was told to prefetch: the window announced last, which way the reader
/// scrolled last, and how far ahead of the realized window to announce.
struct Prefetch {
    /// How far beyond the realized window, ahead in the scroll direction, items are announced
    /// (see ``WaterfallViewModel/prefetchDistance``).
    var distance: CGFloat = 800
    /// The window last announced; `nil` when frames changed since, so that nothing is known
    /// to have been announced.
    var window: CGRect?
    /// +1 when the last scroll moved toward the end, −1 toward the start.
    var direction: CGFloat = 1

    /// The sanitized ``distance``: negative or non-finite counts as 0.
    var reach: CGFloat { distance.isFinite ? max(0, distance) : 0 }

    /// The prefetch window for a realized window: it extended by ``reach`` ahead in the scroll
    /// direction along `axis`.
    func window(around window: CGRect, along axis: ScrollAxis) -> CGRect {
        let ahead = reach
        switch axis {
        case .vertical:
            return CGRect(x: window.minX, y: direction > 0 ? window.minY : window.minY - ahead,
                          width: window.width, height: window.height + ahead)
        case .horizontal:
            return CGRect(x: direction > 0 ? window.minX : window.minX - ahead, y: window.minY,
                          width: window.width + ahead, height: window.height)
        case .none:
            return window
        }
    }
}

extension WaterfallViewModel {
    /// How far beyond the realized window, ahead in the scroll direction, items are announced
    /// to the data source's prefetch method (default 800; negative or non-finite counts as 0).
    public var prefetchDistance: CGFloat {
        get { prefetch.distance }
        set { prefetch.distance = newValue }
    }

    /// Announces items entering and leaving the prefetch window around the realized `window`
    /// to the data source.
    /// - Complexity: O(c log n + changes).
    func updatePrefetchWindow(around window: CGRect) {
        let newWindow = prefetch.window(around: window, along: scrollAxis)
        guard let dataSource else {
            prefetch.window = nil
            return
        }
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
