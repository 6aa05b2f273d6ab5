import CWaterfallGtk
import CWaterfallGtk4
import CWaterfallHarness
import CWaterfallTestShims
import Foundation
import Testing
import WaterfallCore
@testable import WaterfallGTK

extension WallTests {
    /// A list-model wall in a window of `width` × `height`, laid out and painted.
    func show(_ wall: StringWall, layout: any CollectionLayout = WaterfallCollectionLayout(),
              width: Int = 800, height: Int = 600) async throws
        -> (view: WaterfallView<WaterfallItemCell>, window: UnsafeMutablePointer<GtkWidget>) {
        try GTKHost.start()
        let view = wall.makeView(layout: layout)
        let window = try await GTKHost.window(showing: view.widget, width: width, height: height)
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }), "no cells became live")
        await GTKHost.pump(frames: 1, of: view.widget)
        return (view, window)
    }

    /// A wall of 60 `GtkAdjustment`s in 3 columns whose `value` (0.5 to 2.1) stands for a
    /// photo's width / height, with empty box cells; the view holds the model and the factory.
    func adjustmentWall() -> (view: WaterfallView<WaterfallItemCell>, ratios: [Double]) {
        let store = g_list_store_new(gtk_adjustment_get_type())!
        let ratios = (0..<60).map { 0.5 + Double($0 % 5) * 0.4 }
        for ratio in ratios {
            let adjustment = gtk_adjustment_new(ratio, 0, 10, 1, 1, 0)!
            g_list_store_append(store, adjustment)
            g_object_unref(adjustment)
        }
        let factory = waterfall_signal_item_factory_new()!
        Signal.connect(factory, "setup") { (item: OpaquePointer) in waterfall_item_set_child(item, gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)) }
        let selection = gtk_no_selection_new(gcast(store))!
        let view = WaterfallView(model: gcast(selection), factory: factory)
        g_object_unref(selection.gpointer)
        g_object_unref(factory)
        waterfall_masonry_view_set_columns(view.masonryView, 3)
        return (view, ratios)
    }

    /// Every live cell shows its own item: the label's text is the store's string at its
    /// index, and the `WaterfallItem` says that position.
    func expectCellsShowTheirItems(_ view: WaterfallView<WaterfallItemCell>, _ wall: StringWall,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        for index in view.model.liveIndices {
            guard let cell = view.model.cell(at: index) else { continue }
            let object = g_list_model_get_item(gcast(wall.store), guint(index))
            defer { g_object_unref(object) }
            let label: OpaquePointer = gcast(waterfall_item_get_child(cell.item)!)
            #expect(String(cString: gtk_label_get_text(label)) == StringWall.string(of: object?.assumingMemoryBound(to: GObject.self)),
                    "cell at \(index)", sourceLocation: sourceLocation)
            #expect(cell.position == index, sourceLocation: sourceLocation)
            #expect(waterfall_item_get_item(cell.item) == object?.assumingMemoryBound(to: GObject.self), sourceLocation: sourceLocation)
        }
    }

    @Test("list model: the factory sets up each cell once, binds and unbinds it as it is reused, tears it down with the view")
    func listModelFactorySteps() async throws {
        let wall = StringWall(count: 2_000)
        do {
            let (view, window) = try await show(wall)
            defer { GTKHost.close(window) }
            let live = view.model.liveCellCount
            #expect(wall.setups == live, "one setup per cell made")
            #expect(wall.binds == live && wall.unbinds == 0)
            expectCellsShowTheirItems(view, wall)

            for step in 1...6 {
                view.scroll(to: view.maximumContentOffset * Double(step) / 6)
                await GTKHost.pump(frames: 2, of: view.widget)
                #expect(wall.binds - wall.unbinds == view.model.liveCellCount, "bound cells are the live ones")
                expectCellsShowTheirItems(view, wall)
            }
            #expect(wall.binds > 3 * live, "scrolling through 2,000 items binds recycled cells again")
            #expect(wall.setups <= view.model.liveCellCount + view.model.pooledCellCount + live,
                    "cells are recycled, not set up again (\(wall.setups) setups)")
            #expect(wall.teardowns == wall.setups - view.model.liveCellCount - view.model.pooledCellCount,
                    "only cells the pool had no room for were torn down")
        }
        #expect(await GTKHost.pump(until: { wall.teardowns == wall.setups }, timeout: .seconds(60)),
                "every cell is torn down once the view is gone: \(wall.teardowns) of \(wall.setups)")
        #expect(wall.unbinds == wall.binds)
    }

    @Test("list model: a cell that leaves and is bound again in one scroll step notifies item and position once; cells left unbound let go of their objects when the loop is idle")
    func listModelRebindNotifiesOnce() async throws {
        let wall = StringWall(count: 2_000)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        let cells = view.model.liveIndices.compactMap { view.model.cell(at: $0) }
        var notified: [ObjectIdentifier: (item: Int, position: Int)] = [:]
        for cell in cells {
            let id = ObjectIdentifier(cell)
            notified[id] = (0, 0)
            Signal.connect(cell.item, "notify::item") { notified[id]?.item += 1 }
            Signal.connect(cell.item, "notify::position") { notified[id]?.position += 1 }
        }

        // Far down: every live cell leaves, and the pool gives them to the new items in the same step.
        view.scroll(to: view.maximumContentOffset / 2)
        let rebound = cells.filter { $0.position != nil }
        try #require(!rebound.isEmpty, "no cell was reused")
        for cell in rebound {
            let counts = try #require(notified[ObjectIdentifier(cell)])
            #expect(counts.item == 1 && counts.position == 1, "cell at \(cell.position ?? -1) notified item \(counts.item)×, position \(counts.position)×")
        }
        expectCellsShowTheirItems(view, wall)

        // A smaller window needs fewer cells: those that leave for the pool let go once idle.
        let before = view.model.liveIndices.compactMap { view.model.cell(at: $0) }
        gtk_window_set_default_size(gcast(window), 800, 150)
        try #require(await GTKHost.pump(until: { view.model.liveCellCount < before.count }),
                     "the window did not shrink: \(view.model.liveCellCount) live cells")
        let live = Set(view.model.liveIndices.compactMap { view.model.cell(at: $0) }.map(ObjectIdentifier.init))
        let pooled = before.filter { !live.contains(ObjectIdentifier($0)) }
        try #require(!pooled.isEmpty)
        try #require(await GTKHost.pump(until: { pooled.allSatisfy { waterfall_item_get_item($0.item) == nil } }),
                     "cells in the pool still hold objects: \(pooled.filter { waterfall_item_get_item($0.item) != nil }.count)")
        #expect(pooled.allSatisfy { $0.position == nil })
        expectCellsShowTheirItems(view, wall)
    }

    @Test("list model: items-changed moves the live cells' positions; a 1,000,000-item splice is one relayout")
    func listModelItemsChanged() async throws {
        let wall = StringWall(count: 400)
        let layout = ReplaceCountingLayout(base: WaterfallCollectionLayout())
        let (view, window) = try await show(wall, layout: layout)
        defer { GTKHost.close(window) }

        // Three new items at the top: every live cell keeps its object and shows its new position.
        let first = try #require(view.model.cell(at: 0))
        let additions = (0..<3).map { gtk_string_object_new("new \($0)")!.gpointer }
        var pointers: [gpointer?] = additions
        g_list_store_splice(gcast(wall.store), 0, 0, &pointers, 3)
        additions.forEach { g_object_unref($0) }
        await GTKHost.pump(frames: 1, of: view.widget)
        #expect(view.model.numberOfItems == 403)
        #expect(view.model.cell(at: 3) === first, "the cell of the old first item follows it to 3")
        expectCellsShowTheirItems(view, wall)

        // Remove 10 and add 1,000,000 in one splice: one items-changed, one batch update: the
        // layout removes once and inserts in chunks of 4,096 (not once per item), and each new
        // size is asked once.
        let one = gtk_string_object_new("1")!
        var many = [gpointer?](repeating: one.gpointer, count: 1_000_000)
        layout.counter.replaceCalls = 0
        wall.sizesAsked = 0
        let started = ContinuousClock.now
        g_list_store_splice(gcast(wall.store), 100, 10, &many, 1_000_000)
        let elapsed = ContinuousClock.now - started
        g_object_unref(one.gpointer)
        await GTKHost.pump(frames: 1, of: view.widget)
        print("items-changed of 1,000,000 (remove 10, add 1M) in \(elapsed)")
        #expect(view.model.numberOfItems == 1_000_393)
        #expect(layout.counter.replaceCalls == 1 + (1_000_000 + 4_095) / 4_096,
                "\(layout.counter.replaceCalls) layout edits for one splice")
        #expect(wall.sizesAsked == 1_000_000, "\(wall.sizesAsked) sizes asked")
        expectCellsShowTheirItems(view, wall)

        // The far end is reachable and shows the right items.
        view.scroll(to: view.maximumContentOffset)
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(view.model.visibleIndices.contains(1_000_392))
        expectCellsShowTheirItems(view, wall)
    }

    @Test("list model, real input: click, Ctrl-click, Shift-click and Ctrl+A select through a GtkMultiSelection; :selected and AT-SPI follow")
    func listModelMultiSelection() async throws {
        let wall = StringWall(count: 300)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        let visible = view.model.visibleIndices.sorted()
        try #require(visible.count >= 8)
        func centre(_ index: Int) throws -> Point {
            let frame = try #require(view.model.placedAttributes(at: index)).frame
            return Point(x: frame.midX, y: frame.midY)
        }
        func click(_ index: Int, control: Bool = false, shift: Bool = false, expecting selected: [Int]) async throws {
            let point = try centre(index)
            try input.click(view.widget, x: point.x, y: point.y, control: control, shift: shift)
            try #require(await GTKHost.pump(until: { wall.selected == selected }),
                         "after a click on \(index) (ctrl \(control), shift \(shift)): \(wall.selected), not \(selected)")
        }
        let (a, b, c) = (visible[1], visible[5], visible[3])
        try await click(a, expecting: [a])
        try await click(b, control: true, expecting: [a, b].sorted())
        try await click(a, control: true, expecting: [b])
        try await click(c, shift: true, expecting: Array(min(a, c)...max(a, c)))
        await GTKHost.pump(frames: 1, of: view.widget)
        for index in view.model.liveIndices {
            let cell = try #require(view.model.cell(at: index))
            let selected = (min(a, c)...max(a, c)).contains(index)
            #expect(cell.isSelected == selected, "cell \(index)")
            #expect((gtk_widget_get_state_flags(cell.widget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0) == selected,
                    ":selected on cell \(index)")
            #expect((waterfall_item_get_selected(cell.item) != 0) == selected)
            #expect(wf_accessible_selected_is(cell.widget, selected ? 1 : 0) != 0, "AT-SPI selected of cell \(index)")
        }

        let point = try centre(a)
        try input.move(to: view.widget, x: point.x, y: point.y)
        input.press(GDK_KEY_a, control: true)
        try #require(await GTKHost.pump(until: { wall.selected.count == 300 }), "Ctrl+A selected \(wall.selected.count)")
        await GTKHost.pump(frames: 1, of: view.widget)
        #expect(view.model.liveIndices.allSatisfy { view.model.cell(at: $0)?.isSelected == true })
        // Cells that become live later show the selection too.
        view.scroll(to: view.maximumContentOffset)
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(view.model.liveIndices.allSatisfy { view.model.cell(at: $0)?.isSelected == true })
        input.press(GDK_KEY_a, control: true, shift: true)
        try #require(await GTKHost.pump(until: { wall.selected.isEmpty }), "Ctrl+Shift+A left \(wall.selected.count)")
    }

    @Test("list model, real input: two walls over GtkMultiSelections in one window: F5 and Ctrl+R refresh only the focused wall, a click and Ctrl+A select only in its own model")
    func listModelTwoWalls() async throws {
        try GTKHost.start()
        let left = StringWall(count: 80), right = StringWall(count: 80)
        let leftView = left.makeView(), rightView = right.makeView()
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        for view in [leftView, rightView] {
            gtk_widget_set_size_request(view.scrolledWindow, 400, -1)
            gtk_box_append(gcast(box), view.scrolledWindow)
        }
        var refreshes = (left: 0, right: 0)
        Signal.connect(leftView.widget, "refresh") { refreshes.left += 1 }
        Signal.connect(rightView.widget, "refresh") { refreshes.right += 1 }
        let window = try await GTKHost.window(showing: box, width: 800, height: 500)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { leftView.model.liveCellCount > 0 && rightView.model.liveCellCount > 0 }))
        let input = try #require(XTestInput(), "the X server has no XTEST extension")

        // A click on the left wall selects in the left model only.
        let index = try #require(leftView.model.visibleIndices.sorted().dropFirst().first)
        let frame = try #require(leftView.model.placedAttributes(at: index)).frame
        try input.click(leftView.widget, x: frame.midX, y: frame.midY)
        try #require(await GTKHost.pump(until: { left.selected == [index] }), "the click selected \(left.selected)")
        #expect(right.selected.isEmpty, "the other wall's model is untouched")

        try await expectRefreshApart(leftView.widget, rightView.widget, in: window, input: input) { refreshes }
        try input.move(to: rightView.widget, x: 100, y: 100)
        input.press(GDK_KEY_a, control: true)
        try #require(await GTKHost.pump(until: { right.selected.count == 80 }), "Ctrl+A selected \(right.selected.count)")
        #expect(left.selected == [index], "Ctrl+A in the right wall left the left model's selection alone")
    }

    @Test("list model, real input: a double-click and Enter activate, a click only selects; single-click-activate activates on a click",
          arguments: ["GtkSingleSelection", "GtkMultiSelection"])
    func listModelActivate(selection: String) async throws {
        let wall = StringWall(count: 100) { selection == "GtkSingleSelection" ? gtk_single_selection_new($0) : gtk_multi_selection_new($0) }
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        var activated: [Int] = []
        view.listModelSource.onActivate = { activated.append($0) }
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        let visible = view.model.visibleIndices.sorted()
        let frame = try #require(view.model.placedAttributes(at: visible[2])).frame
        let other = try #require(view.model.placedAttributes(at: visible[4])).frame

        try input.click(view.widget, x: frame.midX, y: frame.midY)
        try #require(await GTKHost.pump(until: { wall.selected == [visible[2]] }), "the click did not select")
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(activated.isEmpty, "a click does not activate")

        try input.click(view.widget, x: other.midX, y: other.midY, count: 2)
        try #require(await GTKHost.pump(until: { !activated.isEmpty }), "the double-click did not activate")
        #expect(activated == [visible[4]])
        #expect(wall.selected == [visible[4]], "its first click selected it")

        input.press(GDK_KEY_Return)
        try #require(await GTKHost.pump(until: { activated.count == 2 }), "Enter did not activate")
        #expect(activated.last == view.focusedIndex)

        view.listModelSource.singleClickActivate = true
        try input.click(view.widget, x: frame.midX, y: frame.midY)
        try #require(await GTKHost.pump(until: { activated.count == 3 }), "the single click did not activate")
        #expect(activated.last == visible[2])
        #expect(wall.selected == [visible[4]], "activating on a single click does not select")
    }

    @Test("list model, real input: a rubberband drag selects the items under the band in a GtkMultiSelection")
    func listModelRubberband() async throws {
        let wall = StringWall(count: 300)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        view.listModelSource.enableRubberband = true
        let input = try #require(XTestInput(), "the X server has no XTEST extension")
        let start = Point(x: 30, y: 40), end = Point(x: 420, y: 330)
        let band = Rect(x: start.x, y: start.y, width: end.x - start.x, height: end.y - start.y)
        let expected = view.model.liveIndices.filter {
            view.model.placedAttributes(at: $0).map { $0.frame.overlaps(band) } ?? false
        }.sorted()
        try #require(expected.count >= 4)
        try input.drag(view.widget, x: start.x, y: start.y, toX: end.x, toY: end.y, steps: 12)
        try #require(await GTKHost.pump(until: { wall.selected == expected }),
                     "the band selected \(wall.selected), not \(expected)")
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(wall.selected == expected, "the release after the band does not select one item")
        for index in expected { #expect(view.model.cell(at: index)?.isSelected == true) }

        // Without rubberband the same drag selects nothing new.
        gtk_selection_model_unselect_all(wall.selection)
        view.listModelSource.enableRubberband = false
        try input.drag(view.widget, x: start.x, y: start.y, toX: end.x, toY: end.y, steps: 12)
        await GTKHost.pump(frames: 4, of: view.widget)
        #expect(wall.selected.isEmpty)
    }

    @Test("list model: sizes from an aspect-ratio expression; a model whose items lack the property is warned about and measured, not crashed")
    func listModelExpressionSizes() async throws {
        try GTKHost.start()
        let (view, ratios) = adjustmentWall()
        let expression = gtk_property_expression_new(gtk_adjustment_get_type(), nil, "value")!
        view.listModelSource.aspectRatioExpression = expression
        gtk_expression_unref(expression)
        let window = try await GTKHost.window(showing: view.widget, width: 600, height: 500)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }))
        for index in view.model.liveIndices {
            let frame = try #require(view.model.placedAttributes(at: index)).frame
            #expect(abs(frame.width / frame.height - ratios[index]) < 0.02, "item \(index): \(frame.size)")
        }

        // An expression on a property the items lack: a warning, then the measured fallback.
        let strings = StringWall(count: 40)
        let wrong = gtk_property_expression_new(gtk_adjustment_get_type(), nil, "value")!
        let other = WaterfallView(model: strings.selection, factory: strings.factory)
        other.listModelSource.estimatedHeight = 123
        other.listModelSource.aspectRatioExpression = wrong
        gtk_expression_unref(wrong)
        let otherWindow = try await GTKHost.window(showing: other.widget, width: 600, height: 500)
        defer { GTKHost.close(otherWindow) }
        try #require(await GTKHost.pump(until: { other.model.liveCellCount > 0 }))
        await GTKHost.pump(frames: 3, of: other.widget)
        #expect(other.listModelSource.warnedExpressions.count == 1, "one warning for the expression")
        for index in other.model.visibleIndices {
            let frame = try #require(other.model.placedAttributes(at: index)).frame
            let label: OpaquePointer = gcast(waterfall_item_get_child(try #require(other.model.cell(at: index)).item)!)
            let natural = WaterfallCell.naturalHeight(of: UnsafeMutablePointer<GtkWidget>(label), forWidth: frame.width)
            #expect(frame.height != 123 && frame.height >= natural, "item \(index) was measured: \(frame.height)")
        }
    }

    @Test("list model: a position size function sizes every item without fetching it; a size function fetches each")
    func listModelPositionSizes() async throws {
        try GTKHost.start()
        let count = 20_000
        let heights = (0..<count).map { Double(60 + 20 * ($0 % 7)) }
        /// A wall over a lazy model of `count` positions (each `get_item` makes an object),
        /// sized by `size`, and the objects the model made while it loaded and showed it.
        func load(_ size: (WaterfallListModelSource) -> Void) async throws -> (view: WaterfallView<WaterfallItemCell>, made: Int) {
            let factory = waterfall_signal_item_factory_new()!
            let selection = gtk_no_selection_new(wf_list_model_new(guint(count)))!
            let view = WaterfallView(model: gcast(selection), factory: factory)
            g_object_unref(selection.gpointer)
            g_object_unref(factory.gpointer)
            waterfall_masonry_view_set_columns(view.masonryView, 4)
            size(view.listModelSource)
            let before = wf_list_index_made()
            let window = try await GTKHost.window(showing: view.widget, width: 600, height: 500)
            defer { GTKHost.close(window) }
            try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }))
            for index in view.model.liveIndices {
                #expect(try #require(view.model.placedAttributes(at: index)).frame.height == heights[index], "item \(index)")
            }
            return (view, Int(wf_list_index_made() - before))
        }

        let byPosition = try await load { $0.positionSizeFunction = { .height(heights[$0]) } }
        #expect(byPosition.made <= byPosition.view.model.liveCellCount,
                "only the bound cells fetch their items: \(byPosition.made) made for \(byPosition.view.model.liveCellCount) live cells")
        let byObject = try await load { $0.sizeFunction = { _, index in .height(heights[index]) } }
        #expect(byObject.made >= count, "a size function is handed each item: \(byObject.made) made")
    }

    @Test("list model: sizes from the widget's aspect-ratio-property; the expression wins over it; a missing property is warned about once and measured")
    func listModelPropertySizes() async throws {
        try GTKHost.start()
        let (view, ratios) = adjustmentWall()   // "upper" (10) stands for another ratio
        waterfall_masonry_view_set_aspect_ratio_property(view.masonryView, "value")
        #expect(view.listModelSource.aspectRatioProperty == "value")
        let window = try await GTKHost.window(showing: view.widget, width: 600, height: 500)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }))
        func expectRatios(_ ratio: (Int) -> Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
            for index in view.model.liveIndices {
                let frame = try #require(view.model.placedAttributes(at: index)).frame
                #expect(abs(frame.width / frame.height - ratio(index)) < 0.02, "item \(index): \(frame.size)",
                        sourceLocation: sourceLocation)
            }
        }
        try expectRatios { ratios[$0] }

        let upper = gtk_property_expression_new(gtk_adjustment_get_type(), nil, "upper")!
        waterfall_masonry_view_set_aspect_ratio_expression(view.masonryView, upper)
        gtk_expression_unref(upper)
        await GTKHost.pump(frames: 2, of: view.widget)
        try expectRatios { _ in 10 }

        waterfall_masonry_view_set_aspect_ratio_expression(view.masonryView, nil)
        waterfall_masonry_view_set_aspect_ratio_property(view.masonryView, "no-such-property")
        await GTKHost.pump(frames: 3, of: view.widget)
        #expect(view.listModelSource.warnedProperties == ["no-such-property"], "one warning for the property")
        #expect(view.model.liveCellCount > 0)
    }

    @Test("builder factory: a .ui template of class WaterfallItem builds each cell and its bindings follow rebinding")
    func builderItemFactory() async throws {
        try GTKHost.start()
        let template = """
        <interface>
          <template class="WaterfallItem">
            <property name="child">
              <object class="GtkLabel">
                <binding name="label">
                  <lookup name="string" type="GtkStringObject">
                    <lookup name="item">WaterfallItem</lookup>
                  </lookup>
                </binding>
              </object>
            </property>
          </template>
        </interface>
        """
        let bytes = template.withCString { g_bytes_new($0, gsize(strlen($0))) }!
        let factory = waterfall_builder_item_factory_new_from_bytes(nil, bytes)!
        g_bytes_unref(bytes)
        let wall = StringWall(count: 500)
        let view = WaterfallView(model: wall.selection, factory: factory)
        g_object_unref(factory)
        waterfall_masonry_view_set_columns(view.masonryView, 4)
        let window = try await GTKHost.window(showing: view.widget, width: 800, height: 600)
        defer { GTKHost.close(window) }
        try #require(await GTKHost.pump(until: { view.model.liveCellCount > 0 }))
        for step in 0...3 {
            view.scroll(to: view.maximumContentOffset * Double(step) / 3)
            await GTKHost.pump(frames: 2, of: view.widget)
            expectCellsShowTheirItems(view, wall)
        }
    }
}

/// A waterfall that counts its item edits (`replaceItems`), so a test can show how many
/// relayouts a change took.
struct ReplaceCountingLayout: CollectionLayout {
    /// The count, shared by copies of the layout.
    final class Counter {
        var replaceCalls = 0
    }

    var base: WaterfallCollectionLayout
    let counter = Counter()

    var scrollAxis: ScrollAxis { base.scrollAxis }
    var itemCount: Int { base.itemCount }
    var contentSize: Size { base.contentSize }
    var cellWidth: Double { base.cellWidth }
    mutating func prepare(for containerSize: Size, with metrics: LayoutMetrics) {
        base.prepare(for: containerSize, with: metrics)
    }
    mutating func replaceItems<C: Collection>(in range: Range<Int>, with sizes: C) where C.Element == ItemSize {
        counter.replaceCalls += 1
        base.replaceItems(in: range, with: sizes)
    }
    func frame(at index: Int) -> Rect { base.frame(at: index) }
    func layoutAttributes(at index: Int) -> LayoutAttributes { base.layoutAttributes(at: index) }
    func forEachIndex(in rect: Rect, _ body: (Int) -> Void) { base.forEachIndex(in: rect, body) }
    func index(at point: Point) -> Int? { base.index(at: point) }
}

extension WallTests {
    @Test("list model: another model shows its items from the top; another factory tears down every cell of the old one and sets up its own")
    func listModelReplaced() async throws {
        let wall = StringWall(count: 300), other = StringWall(count: 50)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        view.scroll(to: view.maximumContentOffset / 2)
        await GTKHost.pump(frames: 2, of: view.widget)

        view.listModelSource.setModel(other.selection)
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(view.model.numberOfItems == 50)
        #expect(view.model.visibleIndices.contains(0))
        expectCellsShowTheirItems(view, other)
        let object = g_list_model_get_item(gcast(wall.store), 0)!
        g_list_store_remove(gcast(wall.store), 0)
        g_object_unref(object)
        await GTKHost.pump(frames: 1, of: view.widget)
        #expect(view.model.numberOfItems == 50, "the old model is no longer followed")

        let setups = wall.setups
        view.listModelSource.setFactory(other.factory)
        await GTKHost.pump(frames: 2, of: view.widget)
        #expect(wall.teardowns == setups, "every cell of the old factory is torn down")
        #expect(other.setups == view.model.liveCellCount && other.binds == view.model.liveCellCount)
        expectCellsShowTheirItems(view, other)

        view.listModelSource.setModel(nil)
        await GTKHost.pump(frames: 1, of: view.widget)
        #expect(view.model.numberOfItems == 0 && view.model.liveCellCount == 0)
    }

    @Test("list model: a model set from Swift is the widget's model: list.select-all selects in it and the model property reads it")
    func listModelSetFromSwiftIsTheWidgets() async throws {
        let wall = StringWall(count: 30), other = StringWall(count: 20)
        let (view, window) = try await show(wall)
        defer { GTKHost.close(window) }
        view.listModelSource.setModel(other.selection)
        await GTKHost.pump(frames: 1, of: view.widget)
        #expect(gtk_widget_activate_action_variant(view.widget, "list.select-all", nil) != 0)
        #expect(other.selected == Array(0..<20), "list.select-all selects the items of the model set from Swift")
        #expect(wall.selected.isEmpty, "and nothing in the old model")
        try #require(await GTKHost.pump(until: { view.model.cell(at: 0)?.isSelected == true }), "the cells follow the new model")

        var value = GValue()
        g_value_init(&value, gtk_selection_model_get_type())
        defer { g_value_unset(&value) }
        g_object_get_property(view.widget.gpointer.assumingMemoryBound(to: GObject.self), "model", &value)
        #expect(OpaquePointer(g_value_get_object(&value)) == other.selection, "the model property is the model set from Swift")
        #expect(view.listModelSource.selectionModel == other.selection)
    }
}
