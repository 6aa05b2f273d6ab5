import FoundationEssentials
import WaterfallCore
import WaterfallFeed

/// The demo's command line, which `waterfall-demo` and `waterfall-harness` share: the demo runs
/// the app's modes and hands the measuring ones (``Mode/measures``) to the harness.
package struct Options {
    /// What the run does once the window is up.
    package enum Mode: Equatable {
        /// An interactive shop wall.
        case interactive
        /// Render once layout and visible images are ready, write this PNG, exit.
        case snapshot(path: String)
        // The measuring modes, which waterfall-harness runs:
        /// Scroll top→bottom→top one step per frame, print one JSON line, exit.
        case scrollTest
        /// The same items in a GtkFlowBox, scrolled the same way, print one JSON line, exit.
        case flowBox
        /// Run `--scroll-test` and `--flowbox` as child processes and print both with ratios.
        case compare
        /// The same items and cells in a GtkGridView, scrolled as `--scroll-test` scrolls the
        /// wall, print one JSON line, exit.
        case gridView
        /// Run `--scroll-test` and `--grid-view` as child processes and print both lines.
        case compareGrid
        /// Decode every file of a directory to a cell of `--width`×`--height` pixels, print
        /// timings (no window).
        case decodeBench(directory: String)
        /// Scroll, load more, refresh and churn images together for this long; print memory.
        case soak(seconds: Int)

        /// Whether the mode measures (a benchmark, run by `waterfall-harness`) rather than
        /// shows the app (`waterfall-demo`'s interactive window and `--snapshot`).
        package var measures: Bool {
            switch self {
            case .interactive, .snapshot: false
            case .scrollTest, .flowBox, .compare, .gridView, .compareGrid, .decodeBench, .soak: true
            }
        }
    }

    /// How the column count is chosen.
    package enum Columns: Equatable {
        /// Seed 004: 3 in a narrow (portrait) window, 5 in a wide (landscape) one.
        case byOrientation
        /// Always this many.
        case fixed(Int)
        /// As many as fit with at least this width each.
        case adaptive(minimumWidth: Double)
    }

    package var items = 10_000
    package var columns = Columns.byOrientation
    package var width = 1000
    package var height = 760
    package var mode = Mode.interactive
    /// Frames per direction for `--scroll-test` / `--flowbox`.
    package var frames: Int?
    /// How `--scroll-test` / `--flowbox` scroll (`--scroll-mode`).
    package var scrollMode = ScrollMode.teleport
    /// Items per load-more page.
    package var pageSize = 50
    /// An item to show selected in a `--snapshot`.
    package var selectedIndex: Int?
    /// With `--snapshot`: the scroll offset to show, in points from the top.
    package var scrollOffset: Double?
    /// With `--snapshot`: refresh (as F5 does) before writing, and report what moved.
    package var refreshesBeforeSnapshot = false
    /// The wall's layout (`--layout`; the header bar switches it too).
    package var layout = LayoutChoice.waterfall
    /// Where the items come from (`--feed`, `--folder`; default the generated shop).
    package var source = Source.generated
    /// The bound on decoded images in memory for `--feed` / `--folder`, MB.
    package var imageCacheMegabytes = 128
    /// The bound on the HTTP disk cache of downloaded images, MB.
    package var diskCacheMegabytes = 512
    /// How long the disk cache keeps an entry after storing or revalidating it, days.
    package var diskCacheDays = 30
    /// Whether GTK's animations are on: `--no-animations` (or its alias `--reduced-motion`) turns
    /// gtk-enable-animations off, as the desktop's reduced-motion setting does: animated images
    /// show their first frame, layout switches and deletions jump to their end.
    package var animations = true
    /// Whether `--feed` / `--folder` cells show their titles wrapped under the images (`--captions`).
    package var captions = false
    /// Where a `--feed`'s fields are in its pages (`--map`; default the project's own format).
    package var schema = FeedSchema.standard
    /// Whether the generated shop is grouped by category under sticky section headers (`--sections`).
    package var sections = false
    /// Whether the shop's items can be dragged to reorder (`--reorder`).
    package var reorder = false
    /// With `--snapshot`: a drag to hold while the PNG is written (`--reorder-preview FROM:TO`).
    package var reorderPreview: ReorderPreview?
    /// Every this many generated shop items, one spans two columns (`--spans N`; none when nil).
    package var spanEvery: Int?

    package static let usage = """
    usage: waterfall-demo [--items N] [--columns N | --min-column-width W] [--width W] [--height H]
                          [--snapshot FILE.png | --scroll-test [--compare-grid] | --grid-view | --flowbox
                           | --compare | --soak S]
                          [--frames N] [--scroll-mode teleport|fling] [--select I] [--scroll-to Y] [--refresh] [--feed URL | --folder DIR]
                          [--image-cache-mb N] [--disk-cache-mb N] [--disk-cache-days N] [--no-animations]
                          [--decode-bench DIR]
                          [--map PRESET|FIELD=PATH,...] [--captions] [--spans N] [--layout waterfall|rows|carousel|circle]
                          [--reduced-motion] [--sections | --reorder] [--reorder-preview FROM:TO]

      --items N               items in the shop (default 10000); pages of 50 arrive as you scroll
      --columns N             fixed column count, at most \(WaterfallLayout.maximumColumnCount) and at most what the width holds
                              at 1 px per column (default: 3 in a narrow window, 5 in a wide one)
      --min-column-width W    adaptive columns at least W px wide
      --width W --height H    window size in logical pixels (default 1000 × 760)
      --snapshot FILE.png     render once the visible images are ready, write the PNG, exit
      --scroll-test           scroll top→bottom→top, one step per frame; print one JSON line, exit
      --compare-grid          with --scroll-test: then the same items and cells in a GtkGridView (each
                              in its own process), scrolled the same way; print the wall's line, the grid's
      --grid-view             the same items and cells in a GtkGridView, scrolled as --scroll-test does;
                              print JSON, exit
      --flowbox               the same items in a GtkFlowBox, scrolled the same way; print JSON, exit
      --compare               run --scroll-test and --flowbox (10,000 items) and print the ratios
      --soak S                scroll, load more, refresh (every 10 s) and churn images for S
                              seconds; print resident memory per minute and its slope as JSON
      --frames N              frames per direction for --scroll-test / --flowbox
      --scroll-mode M         teleport (default): --frames jumps per direction, new cells every frame;
                              fling: \(Int(ScrollMode.flingStep)) px per frame (≈2,400 px/s), at most --frames
                              per direction, fewer when the content ends first
      --select I              with --snapshot: show item I selected
      --scroll-to Y           with --snapshot: scroll Y points down first
      --refresh               with --snapshot: refresh as F5 does, print how far visible items moved
      --layout L              waterfall (the shop), rows (the shop in rows, scrolling sideways),
                              or seed 003's carousel or circle of 20 photos
      --feed URL              items from JSON/plist pages; {page} in URL is the 1-based page number
      --map MAP               where --feed's fields are: a preset (unsplash, pexels, reddit, shopify,
                              pinterest) and/or items=PATH,img=PATH,w=PATH,h=PATH,id=PATH,
                              title=PATH,price=PATH,next=PATH,cursor=NAME,color=PATH,blur_hash=PATH,
                              link=PATH
                              (PATH: a.b[0]["key"], alternatives a|b; cursor=NAME puts the next
                              value into the query parameter NAME)
      --folder DIR            items from the images in DIR (sizes read from the file headers)
      --image-cache-mb N      decoded images kept in memory for --feed/--folder (default 128)
      --disk-cache-mb N       downloaded images kept in $XDG_CACHE_HOME/waterfall (default 512)
      --disk-cache-days N     days an entry is kept after it was stored or revalidated (default 30);
                              within that, HTTP Cache-Control/Expires decide when to revalidate
      --no-animations         GTK's gtk-enable-animations off, as the desktop's reduced-motion setting
                              gives: animated GIF/WebP show their first frame, layout switches and
                              deletions jump to their end (alias: --reduced-motion)
      --decode-bench DIR      decode each file of DIR to fit --width × --height pixels (7 runs), print
                              one JSON line per file (no window)
      --captions              --feed/--folder cells show their titles wrapped under the images
                              (self-sizing cells: image height + measured caption height)
      --spans N               every Nth generated shop item spans two columns (two rows in rows)
      --sections              the generated shop grouped by category, a full-width header per
                              section ("Desk Lamps · 625 items") that sticks to the top while its
                              section scrolls by; a refresh adds a "New arrivals" section
      --reorder               the shop's items can be dragged to another place (a long press then a
                              drag on touch; Escape cancels) and moved with Ctrl+Shift+arrow keys
      --reorder-preview F:T   with --snapshot (implies --reorder): hold item F lifted over item T's
                              place, the others moved out of the way, while the PNG is written
    """

    /// Parses `arguments` (without the program name).
    package init(arguments: [String]) throws(OptionsError) {
        var rest = arguments[...]
        var comparesGrid = false
        func value(_ flag: String) throws(OptionsError) -> String {
            guard let next = rest.popFirst() else { throw .missingValue(flag) }
            return next
        }
        func number(_ flag: String, minimum: Int, maximum: Int = .max) throws(OptionsError) -> Int {
            let text = try value(flag)
            guard let n = Int(text), n >= minimum else { throw .badNumber(flag, text) }
            guard n <= maximum else { throw .invalidValue(flag, "\(n) is more than the largest allowed, \(maximum)") }
            return n
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--items": items = try number(flag, minimum: 0)
            case "--columns": columns = .fixed(try number(flag, minimum: 1, maximum: WaterfallLayout.maximumColumnCount))
            case "--min-column-width": columns = .adaptive(minimumWidth: Double(try number(flag, minimum: 1)))
            case "--width": width = try number(flag, minimum: 200)
            case "--height": height = try number(flag, minimum: 200)
            case "--snapshot": mode = .snapshot(path: try value(flag))
            case "--scroll-test": mode = .scrollTest
            case "--compare-grid": comparesGrid = true
            case "--grid-view": mode = .gridView
            case "--flowbox": mode = .flowBox
            case "--compare": mode = .compare
            case "--soak": mode = .soak(seconds: try number(flag, minimum: 1))
            case "--frames": frames = try number(flag, minimum: 1)
            case "--scroll-mode":
                let name = try value(flag)
                guard let mode = ScrollMode(rawValue: name) else {
                    throw .invalidValue(flag, "'\(name)' is not teleport or fling")
                }
                scrollMode = mode
            case "--select": selectedIndex = try number(flag, minimum: 0)
            case "--scroll-to": scrollOffset = Double(try number(flag, minimum: 0))
            case "--refresh": refreshesBeforeSnapshot = true
            case "--layout":
                let name = try value(flag)
                guard let choice = LayoutChoice(rawValue: name) else {
                    throw .invalidValue(flag, "'\(name)' is not waterfall, carousel or circle")
                }
                layout = choice
            case "--feed": source = try .feed(template: try value(flag))
            case "--map":
                let mapping = try value(flag)
                do {
                    schema = try FeedSchema(mapping: mapping)
                } catch {
                    throw .invalidValue(flag, error.description)
                }
            case "--folder": source = .folder(path: try value(flag))
            case "--image-cache-mb": imageCacheMegabytes = try number(flag, minimum: 1)
            case "--disk-cache-mb": diskCacheMegabytes = try number(flag, minimum: 1)
            case "--disk-cache-days": diskCacheDays = try number(flag, minimum: 0)
            case "--no-animations", "--reduced-motion": animations = false
            case "--decode-bench": mode = .decodeBench(directory: try value(flag))
            case "--captions": captions = true
            case "--sections": sections = true
            case "--reorder": reorder = true
            case "--reorder-preview":
                reorderPreview = try ReorderPreview(parsing: try value(flag))
                reorder = true
            case "--spans": spanEvery = try number(flag, minimum: 1)
            case "--help", "-h": throw .helpRequested
            default: throw .unknown(flag)
            }
        }
        if reorder, source != .generated || layout != .waterfall {
            throw .invalidValue("--reorder", "reorders the generated shop's waterfall (no --feed, --folder or --layout)")
        }
        if reorderPreview != nil, case .snapshot = mode {} else if reorderPreview != nil {
            throw .invalidValue("--reorder-preview", "goes with --snapshot")
        }
        if comparesGrid {
            guard mode == .scrollTest else { throw .invalidValue("--compare-grid", "goes with --scroll-test") }
            mode = .compareGrid
        }
        if mode == .gridView || mode == .compareGrid, items > Int(UInt32.max) {
            throw .invalidValue("--items", "a GtkGridView holds at most \(UInt32.max) items (a guint position)")
        }
        if sections, source != .generated {
            throw .invalidValue("--sections", "groups the generated shop by category; it cannot be used with --feed or --folder")
        }
        if sections, reorder {
            throw .invalidValue("--reorder", "moves single items; it cannot be used with --sections, whose headers keep their sections in category order")
        }
    }
}

/// A command-line mistake, with the message to print above the usage.
package enum OptionsError: Error, CustomStringConvertible {
    case missingValue(String)
    case badNumber(String, String)
    case unknown(String)
    case invalidValue(String, String)
    case helpRequested

    package var description: String {
        switch self {
        case .missingValue(let flag): "\(flag) needs a value"
        case .badNumber(let flag, let text): "\(flag): '\(text)' is not a valid number here"
        case .unknown(let flag): "unknown option \(flag)"
        case .invalidValue(let flag, let reason): "\(flag): \(reason)"
        case .helpRequested: ""
        }
    }
}
