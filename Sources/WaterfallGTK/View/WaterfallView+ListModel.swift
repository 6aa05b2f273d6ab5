import CWaterfallGtk
import CWaterfallGtk4
import WaterfallCore

extension WaterfallView where Cell == WaterfallItemCell {
    /// Creates a wall over a `GtkSelectionModel` (`GtkNoSelection`, `GtkSingleSelection`,
    /// `GtkMultiSelection` over any `GListModel`) whose cells `factory` makes, the way
    /// `gtk_grid_view_new` does; the view takes a reference to both. Selection, activation and
    /// sizes follow ``listModelSource``'s settings. Pull-to-refresh is off until the app turns on
    /// ``isPullToRefreshEnabled`` (`enable-pull-to-refresh`), as in a view made from C; each
    /// refresh ends when the `refresh` handlers return.
    ///
    /// ```swift
    /// let factory = waterfall_signal_item_factory_new()!
    /// Signal.connect(factory, "setup") { (item: OpaquePointer) in
    ///     waterfall_item_set_child(item, gtk_label_new(nil))
    /// }
    /// let view = WaterfallView(model: gtk_multi_selection_new(store), factory: factory)
    /// ```
    public convenience init(model: OpaquePointer, factory: UnsafeMutablePointer<WaterfallItemFactory>,
                            layout: any CollectionLayout = WaterfallCollectionLayout()) {
        let source = WaterfallListModelSource()
        self.init(dataSource: source, delegate: source, layout: layout)
        adopt(source)
        source.setModel(model)
        source.setFactory(factory)
    }

    /// Makes `source` the model's selection and the view's self-sizing, follows its model (and
    /// the `WaterfallFeedModel` it shows, if any), installs the list-model keys and rubberband,
    /// and turns load-more on: the view emits `load-more` near the end of the items (see
    /// ``WaterfallListModelSource/waterfallViewDidRequestMore(_:)``).
    /// From the first scroll on, the cells are bound ahead of the screen
    /// (``WaterfallListModelSource/readerScrolled()``).
    func adopt(_ source: WaterfallListModelSource) {
        model.selection = source
        model.isLoadMoreEnabled = true
        selfSizing = source
        source.view = self
        source.readAllSections()
        source.followFeedModel()
        installSelectAllKeys()
        installRubberband()
    }

    /// Tells the source that the widget's `model`, `factory`, `header-factory`,
    /// `pinned-headers`, `aspect-ratio-expression` or `aspect-ratio-property` changed (it reads
    /// them from the widget).
    func listModelPropertyChanged(_ property: WaterfallMasonryViewProp) {
        let source = listModelSource
        switch property {
        case WATERFALL_MASONRY_VIEW_PROP_MODEL: source.modelDidChange()
        case WATERFALL_MASONRY_VIEW_PROP_FACTORY, WATERFALL_MASONRY_VIEW_PROP_HEADER_FACTORY: source.factoryDidChange()
        case WATERFALL_MASONRY_VIEW_PROP_PINNED_HEADERS: source.pinnedHeadersDidChange()
        case WATERFALL_MASONRY_VIEW_PROP_ASPECT_RATIO_EXPRESSION: source.aspectRatioExpressionDidChange()
        default: source.sizesChanged()
        }
    }

    /// The source of the list-model path: its selection model, factory, sizes and selection
    /// settings.
    public var listModelSource: WaterfallListModelSource {
        model.selection as! WaterfallListModelSource
    }
}

extension WaterfallView {
    /// Emits `load-more`. It runs at the end of a change, scroll step or layout slice, so over
    /// a list model it is a call into the app, as a factory's bind is: a handler that appends
    /// to the model at once (as photo-wall.py does) has its `items-changed` applied once the
    /// wall's pass is over (``WaterfallListModelSource/itemsChanged(at:removed:added:)``).
    func emitLoadMore() {
        let source = model.selection as? WaterfallListModelSource
        source?.callOutDepth += 1
        defer { source?.callOutDepth -= 1 }
        waterfall_masonry_view_emit_load_more(masonryView)
    }

    /// The widget's model changed its items: a list-model wall applies the splice (a data
    /// source's wall shows no model).
    func itemsChanged(at position: Int, removed: Int, added: Int) {
        (model.selection as? WaterfallListModelSource)?.itemsChanged(at: position, removed: removed, added: added)
    }

    /// The widget's model changed its selection: the shown cells follow.
    func selectionChanged(at position: Int, count: Int) {
        for cell in shownCells {
            if let index = cell.placement?.index { cell.isSelected = model.isSelected(index) }
        }
    }

    /// Ctrl+A selects every item and Ctrl+Shift+A none, through the model's selection
    /// (before the view's own keys, in the capture phase).
    func installSelectAllKeys() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connect(keys, "key-pressed") { [weak self] (keyval: UInt32, _: UInt32, state: GdkModifierType) -> Bool in
            guard let self, state.rawValue & GDK_CONTROL_MASK.rawValue != 0,
                  gdk_keyval_to_lower(keyval) == UInt32(GDK_KEY_a) else { return false }
            self.model.selection.selectAll(state.rawValue & GDK_SHIFT_MASK.rawValue == 0)
            return true
        }
        gtk_widget_add_controller(widget, keys)
    }
}
