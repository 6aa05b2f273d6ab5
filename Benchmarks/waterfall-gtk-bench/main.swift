// waterfall-gtk-bench: the seeds' data-source path against the list-model path (a
// GtkSelectionModel and an item factory) on the same wall, in one process, alternating.
//
// Both walls show the same N items (default 1,000,000) of the same seeded heights, 5 columns in
// a 1000×760 GtkScrolledWindow, each cell a GtkLabel with the item's number; each run jumps
// top → bottom in F frames (default 300, every frame replacing every cell, the worst case) and
// reports the view's own main-thread CPU time per frame (scroll step, binding, placing) and the
// binds per frame, and the view's work to load the wall (`load_ms`: every item's size, asked
// of the data source, or of the list model's position size function). Run it in release under Xvfb:
//   GSK_RENDERER=cairo xvfb-run -a swift run -c release waterfall-gtk-bench [--items N] [--frames F] [--rounds R]
// `--only data-source` or `--only list-model` runs one path (for a profiler). `--model lazy` (the
// default) gives the list-model wall a model that makes each item when asked (WfListModel, a new
// GObject per `get_item`), `--model store` a GListStore of ready items (the usual app's model:
// `get_item` only takes a reference; built once, before the first run), `--model both` runs both
// in each round.
import CWaterfallGtk
import CWaterfallHarness
import Foundation
import SeededRandom
import WaterfallCore
import WaterfallGTK

/// The cell of the data-source run: a label, like the factory's.
@MainActor
final class LabelCell: WaterfallCell {
    let label = gtk_label_new(nil)!

    init() {
        super.init(reuseIdentifier: "label")
        setContent(label)
    }
}

/// The data source and delegate of the data-source run.
@MainActor
final class LabelWall: WaterfallDataSource, WaterfallDelegate {
    typealias Cell = LabelCell
    let heights: [Double]
    var binds = 0

    init(heights: [Double]) {
        self.heights = heights
    }

    func numberOfCells(in waterfallView: WaterfallViewModel<LabelCell>) -> Int { heights.count }
    func numberOfColumns(in waterfallView: WaterfallViewModel<LabelCell>) -> Int { 5 }

    func waterfallView(_ waterfallView: WaterfallViewModel<LabelCell>, cellAt index: Int) -> LabelCell {
        let cell = waterfallView.dequeueReusableCell(withIdentifier: "label") ?? LabelCell()
        gtk_label_set_text(gcast(cell.label), "\(index)")
        binds += 1
        return cell
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<LabelCell>, sizeAt index: Int) -> ItemSize {
        .height(heights[index])
    }
}

/// One run's figures.
struct RunFigures {
    /// The view's work from its creation to its first frame (loading the sizes of every item).
    var loadMillis = 0.0
    var workMicros: [Double] = []
    var binds: [Double] = []
}

/// Scrolls `view` top → bottom in `frames` jumps, one per frame, sampling the work and the binds.
@MainActor
func scroll<Cell: WaterfallCell>(_ view: WaterfallView<Cell>, frames: Int, binds: @escaping @MainActor () -> Int,
                                 done: @escaping @MainActor (RunFigures) -> Void) {
    var figures = RunFigures()
    var frame = 0
    var lastBinds = binds()
    figures.loadMillis = millis(view.takeWorkTime())
    TickCallback.add(to: view.widget) { _ in
        if frame > 0 {
            figures.workMicros.append(millis(view.takeWorkTime()) * 1000)
            figures.binds.append(Double(binds() - lastBinds))
            lastBinds = binds()
        }
        guard frame < frames else {
            done(figures)
            return false
        }
        frame += 1
        view.scroll(to: view.maximumContentOffset * Double(frame) / Double(frames))
        return true
    }
}

/// The CPU time of `work` in milliseconds.
func millis(_ work: WorkTime) -> Double {
    Double(work.cpu.components.attoseconds) / 1e15 + Double(work.cpu.components.seconds) * 1e3
}

/// Prints one JSON line of a run.
func report(_ path: String, items: Int, _ figures: RunFigures) {
    let work = Percentiles(figures.workMicros), binds = Percentiles(figures.binds)
    let mean = figures.binds.reduce(0, +) / Double(max(1, figures.binds.count))
    print("{\"path\":\"\(path)\",\"items\":\(items),\"frames\":\(figures.workMicros.count),"
        + "\"work_us_p50\":\(work.value(50).rounded()),\"work_us_p99\":\(work.value(99).rounded()),"
        + "\"binds_per_frame_mean\":\((mean * 10).rounded() / 10),\"binds_per_frame_p99\":\(binds.value(99)),"
        + "\"load_ms\":\(figures.loadMillis.rounded())}")
}

let arguments = CommandLine.arguments
func option(_ name: String, _ fallback: Int) -> Int {
    guard let at = arguments.firstIndex(of: name), at + 1 < arguments.count, let value = Int(arguments[at + 1]) else { return fallback }
    return value
}
let items = option("--items", 1_000_000), frames = option("--frames", 300), rounds = option("--rounds", 2)
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let only = option("--only")
let modelKinds = switch option("--model") ?? "lazy" {
case "store": ["store"]
case "both": ["lazy", "store"]
default: ["lazy"]
}

MainActor.assumeIsolated {
    gtk_init()
    MainQueueBridge.install()
    var random = SplitMix64(seed: 23)
    let heights = (0..<items).map { _ in Double(120 + Int(random.next() % 240)) }
    let window = gtk_window_new()!
    gtk_window_set_default_size(gcast(window), 1000, 760)
    let scrolled = gtk_scrolled_window_new()!
    gtk_window_set_child(gcast(window), scrolled)
    gtk_window_present(gcast(window))

    let store = modelKinds.contains("store") && only != "data-source" ? wf_list_index_store_new(guint(items)) : nil
    var runs: [@MainActor (@escaping @MainActor () -> Void) -> Void] = []
    for _ in 0..<rounds {
        if only != "list-model" { runs.append { next in
            let wall = LabelWall(heights: heights)
            let view = WaterfallView(dataSource: wall, delegate: wall)
            gtk_scrolled_window_set_child(gcast(scrolled), view.widget)
            AfterPaint.next(of: view.widget) {
                scroll(view, frames: frames, binds: { wall.binds }) { figures in
                    report("data-source", items: items, figures)
                    withExtendedLifetime(wall) {}
                    gtk_scrolled_window_set_child(gcast(scrolled), nil)
                    next()
                }
            }
        } }
        for kind in modelKinds where only != "data-source" { runs.append { next in
            var binds = 0
            let factory = waterfall_signal_item_factory_new()!
            Signal.connect(factory, "setup") { (item: OpaquePointer) in waterfall_item_set_child(item, gtk_label_new(nil)) }
            Signal.connect(factory, "bind") { (item: OpaquePointer) in
                gtk_label_set_text(gcast(waterfall_item_get_child(item)!), "\(waterfall_item_get_position(item))")
                binds += 1
            }
            let selection = gtk_no_selection_new(kind == "store" ? OpaquePointer(g_object_ref(store!.gpointer))
                                                                 : wf_list_model_new(guint(items)))!
            let view = WaterfallView(model: gcast(selection), factory: factory)
            g_object_unref(selection.gpointer)
            g_object_unref(factory.gpointer)
            waterfall_masonry_view_set_columns(OpaquePointer(view.widget), 5)
            view.listModelSource.positionSizeFunction = { .height(heights[$0]) }
            gtk_scrolled_window_set_child(gcast(scrolled), view.widget)
            AfterPaint.next(of: view.widget) {
                scroll(view, frames: frames, binds: { binds }) { figures in
                    report(kind == "store" ? "list-model-store" : "list-model", items: items, figures)
                    gtk_scrolled_window_set_child(gcast(scrolled), nil)
                    next()
                }
            }
        } }
    }
    @MainActor func run(_ index: Int) {
        guard index < runs.count else { exit(0) }
        let step = runs[index]
        step { run(index + 1) }
    }
    run(0)
    while true { g_main_context_iteration(nil, 1) }
}
