import CWaterfallHarness
import WaterfallGTK
import WaterfallShop

/// `--grid-view`: the shop's items in GTK's own virtualized `GtkGridView`, scrolled as
/// ``ScrollTestRun`` scrolls the wall (same `--scroll-mode`, `--frames`, window and column
/// count, through the grid's vertical adjustment); prints one JSON line with the wall's keys
/// (`"mode": "grid"`).
///
/// The cells are the wall's: a ``WaterfallImageCell`` per `GtkListItem` with the same price
/// strip, placeholder and product picture drawn by the same code at the same size
/// (`WaterfallImageCell.show(_:pixelWidth:pixelHeight:)`), recycled by a
/// `GtkSignalListItemFactory` (setup makes a cell, bind shows an item, unbind cancels its
/// picture, teardown drops it). The model is `WfListModel` from `CWaterfallHarness`, which makes an
/// item object only when the grid asks for one, so nothing is allocated per item up front.
///
/// What differs is GTK's: a grid row is as tall as its tallest cell (shorter cells keep their
/// height at the row's top), so `content_height_px` is larger than the wall's for the same
/// items; compare per frame. `frame_work_ms_*` is the time in the factory's handlers (our code),
/// `max_live_cells` the most list items with a cell at once, `engine_mb` 0.
@MainActor
final class GridViewRun {
    /// The space between cells and around them, px: the wall's 8.
    static let spacing = 8
    /// The grid's style class.
    private static let styleClass = "shop-grid"

    private let options: Options
    private let window: Window
    private let scrolled: UnsafeMutablePointer<GtkWidget>
    private let columns: Int
    /// Each cell's width in logical px, as the wall's columns are wide.
    private let cellWidth: Int
    private let started = ContinuousClock.now
    private var firstFrameMilliseconds = 0.0
    /// The cell of each list item GTK has set up (keyed by the `GtkListItem`).
    private var cells: [OpaquePointer: WaterfallImageCell] = [:]
    private var cellsCreated = 0
    private var maxLiveCells = 0
    private var work = WorkTime()
    private var driver: ScrollDriver?
    /// Paces the product pictures as the wall does (drawn once a cell stays for a frame).
    private var artPacer: ArtPacer?

    init(application: Application, options: Options) {
        self.options = options
        columns = options.columns.resolvedCount(forWidth: Double(options.width))
        cellWidth = (options.width - Self.spacing * (columns + 1)) / columns
        window = Window(application: application, title: tr("Shop Wall (GtkGridView)"),
                        width: options.width, height: options.height)
        scrolled = gtk_scrolled_window_new()

        let factory = gtk_signal_list_item_factory_new()!
        Signal.connect(factory, "setup") { [unowned self] listItem in setUp(listItem) }
        Signal.connect(factory, "bind") { [unowned self] listItem in bind(listItem) }
        Signal.connect(factory, "unbind") { [unowned self] listItem in unbind(listItem) }
        Signal.connect(factory, "teardown") { [unowned self] listItem in tearDown(listItem) }
        let model = gtk_no_selection_new(wf_list_model_new(guint(options.items)))!
        let grid = gtk_grid_view_new(gcast(model), factory)!
        gtk_grid_view_set_min_columns(gcast(grid), guint(columns))
        gtk_grid_view_set_max_columns(gcast(grid), guint(columns))
        gtk_widget_set_margin_start(grid, gint(Self.spacing / 2))
        gtk_widget_set_margin_end(grid, gint(Self.spacing / 2))
        gtk_widget_add_css_class(grid, Self.styleClass)
        gtk_scrolled_window_set_child(gcast(scrolled), grid)
        artPacer = ArtPacer(widget: grid)
        window.setChild(scrolled)
        WaterfallStyle.install(for: window.pointer)
        // The theme pads grid children; the cells' own margins give the wall's spacing.
        WaterfallStyle.addStylesheet("gridview.\(Self.styleClass) > child { padding: 0; margin: 0; }", for: window.pointer)
    }

    /// Presents the window, scrolls once the first frame is painted, prints and calls `finish`.
    func start(finish: @escaping @MainActor (Int32) -> Void) {
        window.present()
        AfterPaint.next(of: scrolled) { [self] in
            firstFrameMilliseconds = (ContinuousClock.now - started).milliseconds
            let driver = ScrollDriver(
                mode: options.scrollMode, framesPerDirection: options.frames ?? ScrollDriver.defaultFrames,
                scrolledWindow: scrolled,
                sampleWork: { [unowned self] in
                    defer { work = WorkTime() }
                    return work
                },
                eachFrame: { [unowned self] in maxLiveCells = max(maxLiveCells, cells.count) })
            self.driver = driver
            driver.start(on: scrolled) { [self] run in
                report(run, contentHeight: gtk_adjustment_get_upper(gtk_scrolled_window_get_vadjustment(gcast(scrolled))))
                finish(0)
            }
        }
    }

    private func setUp(_ listItem: OpaquePointer) {
        work.measure {
            let cell = WaterfallImageCell()
            let margin = gint(Self.spacing / 2)
            gtk_widget_set_margin_start(cell.widget, margin)
            gtk_widget_set_margin_end(cell.widget, margin)
            gtk_widget_set_margin_top(cell.widget, margin)
            gtk_widget_set_margin_bottom(cell.widget, margin)
            gtk_widget_set_valign(cell.widget, GTK_ALIGN_START)
            gtk_list_item_set_child(listItem, cell.widget)
            cells[listItem] = cell
            cellsCreated += 1
        }
    }

    private func bind(_ listItem: OpaquePointer) {
        work.measure {
            guard let cell = cells[listItem], let object = gtk_list_item_get_item(listItem) else { return }
            let item = ShopItem(id: Int(wf_list_index_get_position(object)))
            let height = (Double(cellWidth) * Double(item.height) / Double(item.width)).rounded()
            gtk_widget_set_size_request(cell.widget, -1, gint(height))
            let scale = Int(gtk_widget_get_scale_factor(cell.widget))
            cell.show(item, pixelWidth: cellWidth * scale, pixelHeight: Int(height) * scale, pacer: artPacer)
        }
    }

    private func unbind(_ listItem: OpaquePointer) {
        work.measure { cells[listItem]?.prepareForReuse() }
    }

    private func tearDown(_ listItem: OpaquePointer) {
        cells[listItem]?.prepareForReuse()
        gtk_list_item_set_child(listItem, nil)
        cells[listItem] = nil
    }

    private func report(_ run: ScrollDriver.Run, contentHeight: Double) {
        JSONLine.print([
            ("mode", .string("grid")),
            ("items", .int(options.items)),
            ("columns", .int(columns)),
            ("content_height_px", .double(contentHeight)),
            ("max_live_cells", .int(maxLiveCells)),
            ("cells_created", .int(cellsCreated)),
            ("first_frame_ms", .double(firstFrameMilliseconds)),
        ] + run.frameFields + [
            ("rss_mb", .double(ProcessMemory.residentMegabytes())),
            ("peak_rss_mb", .double(ProcessMemory.peakResidentMegabytes())),
            ("engine_mb", .double(0)),
        ] + WallFigures.generated)
    }
}
