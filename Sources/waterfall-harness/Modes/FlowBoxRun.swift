import WaterfallGTK
import WaterfallShop

/// `--flowbox`: what a GTK developer would reach for — the same items as one `GtkFlowBox` child
/// each in a `GtkScrolledWindow` — scrolled top → bottom → top one step per frame
/// (`--scroll-mode`); prints one JSON line with the time to the first frame, the whole-frame
/// figures of ``ScrollTestRun`` (its `frame_work_ms_*` are 0: nothing of ours runs per frame)
/// and memory.
///
/// Children are the wall's own image cells with their caption and placeholder but no picture:
/// drawing 10,000 pictures up front would only make the FlowBox look worse.
@MainActor
final class FlowBoxRun {
    /// Frames per direction unless `--frames` says otherwise (FlowBox frames are slow).
    static let defaultFrames = 30

    private let options: Options
    private let window: Window
    private let started = ContinuousClock.now
    private var cells: [WaterfallImageCell] = []
    private var firstFrameMilliseconds = 0.0
    private var driver: ScrollDriver?
    private let scrolled: UnsafeMutablePointer<GtkWidget>

    init(application: Application, options: Options) {
        self.options = options
        window = Window(application: application, title: tr("Shop Wall (GtkFlowBox)"),
                        width: options.width, height: options.height)
        scrolled = gtk_scrolled_window_new()
        let flowBox = gtk_flow_box_new()!
        let margin = 8
        let columns = options.columns.resolvedCount(forWidth: Double(options.width))
        let cellWidth = (options.width - margin * (columns + 1)) / columns
        gtk_flow_box_set_selection_mode(gcast(flowBox), GTK_SELECTION_NONE)
        gtk_flow_box_set_homogeneous(gcast(flowBox), 0)
        gtk_flow_box_set_min_children_per_line(gcast(flowBox), guint(columns))
        gtk_flow_box_set_max_children_per_line(gcast(flowBox), guint(columns))
        gtk_flow_box_set_column_spacing(gcast(flowBox), guint(margin))
        gtk_flow_box_set_row_spacing(gcast(flowBox), guint(margin))
        gtk_widget_set_valign(flowBox, GTK_ALIGN_START)
        for id in 0..<options.items {
            let item = ShopItem(id: id)
            let cell = WaterfallImageCell()
            cell.setCaption(item.price)
            cell.setAccessibleLabel(item.accessibleLabel)
            gtk_widget_set_size_request(cell.widget, gint(cellWidth), gint(cellWidth * item.height / item.width))
            gtk_flow_box_append(gcast(flowBox), cell.widget)
            cells.append(cell)
        }
        gtk_scrolled_window_set_child(gcast(scrolled), flowBox)
        window.setChild(scrolled)
    }

    /// Presents the window, scrolls once the first frame is painted, prints and calls `finish`.
    func start(finish: @escaping @MainActor (Int32) -> Void) {
        window.present()
        AfterPaint.next(of: scrolled) { [self] in
            firstFrameMilliseconds = (ContinuousClock.now - started).milliseconds
            let driver = ScrollDriver(
                mode: options.scrollMode, framesPerDirection: options.frames ?? Self.defaultFrames,
                scrolledWindow: scrolled,
                sampleWork: nil)
            self.driver = driver
            driver.start(on: scrolled) { [self] run in
                JSONLine.print([
                    ("mode", .string("flowbox")),
                    ("items", .int(cells.count)),
                    ("live_widgets", .int(cells.count)),
                    ("images", .bool(false)),
                    ("first_frame_ms", .double(firstFrameMilliseconds)),
                ] + run.frameFields + [
                    ("rss_mb", .double(ProcessMemory.residentMegabytes())),
                ])
                finish(0)
            }
        }
    }
}
