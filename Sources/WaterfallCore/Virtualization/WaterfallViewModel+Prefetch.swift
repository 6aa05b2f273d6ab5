import Foundation

/// What the data source was told to prefetch: the window announced last, and which way the
/// reader scrolled last.
struct Prefetch {
    /// The window last announced; `nil` when frames changed since, so that nothing is known
    /// to have been announced.
    var window: CGRect?
    /// +1 when the last scroll moved toward the end, −1 toward the start.
    var direction: CGFloat = 1

    /// The prefetch window for a realized window: it extended by `ahead` in the scroll
    /// direction along `axis`.
    func window(around window: CGRect, ahead: CGFloat, along axis: ScrollAxis) -> CGRect {
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
    /// Announces items entering and leaving the prefetch window around the realized `window`
    /// to the data source.
    /// - Complexity: O(c log n + changes).
    func updatePrefetchWindow(around window: CGRect) {
        let newWindow = prefetch.window(around: window, ahead: Self.nonNegative(prefetchDistance), along: scrollAxis)
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
