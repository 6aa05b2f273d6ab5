import CWaterfallGtk
import CWaterfallGtk4
import WaterfallCore

extension WaterfallView {
    /// The `WaterfallMasonryView` the view is the face of.
    var masonryView: OpaquePointer { OpaquePointer(widget) }

    /// Applies the GObject property `property` of the widget, which holds every setting (see
    /// `waterfall-masonry-view.h`); the view reads the values from it when it needs them:
    /// columns and spacing relayout (``layoutOverrides``), `model`, `factory` and the
    /// aspect-ratio properties go to a list model's ``WaterfallListModelSource``,
    /// `enable-item-drag` installs the drag source, and `empty-title`, `empty-description` and
    /// `empty-icon-name` show the ``emptyState``.
    func propertyChanged(_ property: WaterfallMasonryViewProp) {
        switch property {
        case WATERFALL_MASONRY_VIEW_PROP_COLUMNS, WATERFALL_MASONRY_VIEW_PROP_MIN_COLUMN_WIDTH,
             WATERFALL_MASONRY_VIEW_PROP_COLUMN_SPACING, WATERFALL_MASONRY_VIEW_PROP_ROW_SPACING:
            model.invalidateLayout()
        case WATERFALL_MASONRY_VIEW_PROP_MODEL, WATERFALL_MASONRY_VIEW_PROP_FACTORY,
             WATERFALL_MASONRY_VIEW_PROP_ASPECT_RATIO_EXPRESSION, WATERFALL_MASONRY_VIEW_PROP_ASPECT_RATIO_PROPERTY,
             WATERFALL_MASONRY_VIEW_PROP_HEADER_FACTORY, WATERFALL_MASONRY_VIEW_PROP_PINNED_HEADERS:
            (self as? WaterfallView<WaterfallItemCell>)?.listModelPropertyChanged(property)
        case WATERFALL_MASONRY_VIEW_PROP_ENABLE_ITEM_DRAG:
            installDragSourceIfNeeded()
        case WATERFALL_MASONRY_VIEW_PROP_EMPTY_TITLE, WATERFALL_MASONRY_VIEW_PROP_EMPTY_DESCRIPTION,
             WATERFALL_MASONRY_VIEW_PROP_EMPTY_ICON_NAME:
            updateStatus()
        default:
            break   // read when used: single-click-activate, enable-rubberband, enable-pull-to-refresh, reorderable
        }
    }

    /// The widget's `columns`, `min-column-width`, `column-spacing`, `row-spacing` and
    /// `reorderable` properties, as the model reads them: a property at its default leaves the
    /// answer to the data source and delegate (whose own defaults are the same: columns at
    /// least 160 px wide, 8 px apart), so a Swift data source decides until one is set.
    public var layoutOverrides: LayoutOverrides {
        func isDefault(_ property: WaterfallMasonryViewProp) -> Bool {
            waterfall_masonry_view_property_is_default(masonryView, property) != 0
        }
        var overrides = LayoutOverrides()
        if !isDefault(WATERFALL_MASONRY_VIEW_PROP_COLUMNS) || !isDefault(WATERFALL_MASONRY_VIEW_PROP_MIN_COLUMN_WIDTH) {
            overrides.columns = columnCount
        }
        if !isDefault(WATERFALL_MASONRY_VIEW_PROP_COLUMN_SPACING) {
            overrides.columnSpacing = Double(waterfall_masonry_view_get_column_spacing(masonryView))
        }
        if !isDefault(WATERFALL_MASONRY_VIEW_PROP_ROW_SPACING) {
            overrides.rowSpacing = Double(waterfall_masonry_view_get_row_spacing(masonryView))
        }
        overrides.allowsReordering = waterfall_masonry_view_get_reorderable(masonryView) != 0
        return overrides
    }

    /// The widget's `columns` and `min-column-width` as a column rule: as many columns as fit
    /// `min-column-width` apart when `columns` is 0.
    var columnCount: ColumnCount {
        let columns = waterfall_masonry_view_get_columns(masonryView)
        return columns > 0 ? .fixed(Int(columns))
            : .adaptive(minimumWidth: Double(waterfall_masonry_view_get_min_column_width(masonryView)))
    }

    /// `GtkOrientable:orientation`, which the layout holds: horizontal for a layout that
    /// scrolls sideways (rows, the carousel), vertical otherwise.
    var orientation: GtkOrientation {
        model.layout.scrollAxis == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
    }

    /// Sets `orientation` from the property: the masonry switches between columns and rows
    /// (another layout becomes the masonry in that orientation).
    func setOrientation(_ orientation: GtkOrientation) {
        guard orientation != self.orientation else { return }
        var layout = model.layout as? WaterfallCollectionLayout ?? WaterfallCollectionLayout()
        layout.engine.axis = orientation == GTK_ORIENTATION_HORIZONTAL ? .horizontal : .vertical
        setLayout(layout)
    }

    /// Whether a plain click activates the item it hits instead of selecting it (the
    /// `single-click-activate` property).
    public var activatesOnSingleClick: Bool { waterfall_masonry_view_get_single_click_activate(masonryView) != 0 }

    /// Emits `activate` for the item at `index` (a double-click, Enter, a click with
    /// `single-click-activate`, the `list.activate-item` action), with its model position (a
    /// section header is not activated).
    public func didActivateItem(at index: Int) {
        guard index >= 0, let position = position(ofIndex: index), position < actionItemCount else { return }
        waterfall_masonry_view_emit_activate(masonryView, guint(position))
    }
}
