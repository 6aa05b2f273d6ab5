import Foundation
import WaterfallShop

/// `--scroll-test --compare-grid`: the wall (`--scroll-test`) and the same items in GTK's
/// `GtkGridView` (`--grid-view`) with the same cells, window, columns, `--scroll-mode` and
/// `--frames`, one after the other in this run; prints the wall's JSON line, then the grid's.
///
/// Each runs in a child process of its own, so each line's `rss_mb` is that widget's whole
/// process — what a user's app would pay — and neither inherits the other's heap, textures or
/// GTK caches (within one process the first one's freed memory would stay resident and be
/// counted against the second).
enum CompareGridRun {
    /// Runs both and prints their lines; returns the exit status (1 when either failed).
    static func run(_ options: Options) -> Int32 {
        let shared = ChildRun.sharedArguments(options)
        for mode in ["--scroll-test", "--grid-view"] {
            guard let child = ChildRun.run(shared + [mode]) else { return 1 }
            JSONLine.print(.raw(child.line))
        }
        return 0
    }
}
