import CWaterfallGtk
import CWaterfallGtk4
import Foundation
import WaterfallCore

extension WaterfallView {
    /// The `WaterfallMasonryView` the view is the face of.
    var masonryView: OpaquePointer { OpaquePointer(widget) }

    /// Applies the GObject property `name` of the widget (see `waterfall-masonry-view.h`):
    /// columns and spacing become the model's ``WaterfallViewModel/layoutOverrides``,
    /// `reorderable` allows or forbids reordering, `orientation` switches the masonry between
    /// columns and rows; `model`, `factory` and the aspect-ratio properties tell a list model's
    /// ``WaterfallListModelSource``, which reads them (and `single-click-activate` and
    /// `enable-rubberband` when it needs them) from the widget; `enable-pull-to-refresh` is the model's ``WaterfallViewModel/isRefreshEnabled``;
    /// `empty-title`, `empty-description` and `empty-icon-name` make the ``emptyState`` (none
    /// without a title).
    func propertyChanged(_ name: String) {
        switch name {
        case "columns", "min-column-width":
            let columns = waterfall_masonry_view_get_columns(masonryView)
            model.layoutOverrides.columns = columns == 0
                ? .adaptive(minimumWidth: CGFloat(waterfall_masonry_view_get_min_column_width(masonryView)))
                : .fixed(Int(columns))
        case "column-spacing":
            model.layoutOverrides.columnSpacing = CGFloat(waterfall_masonry_view_get_column_spacing(masonryView))
        case "row-spacing":
            model.layoutOverrides.rowSpacing = CGFloat(waterfall_masonry_view_get_row_spacing(masonryView))
        case "reorderable":
            model.layoutOverrides.allowsReordering = waterfall_masonry_view_get_reorderable(masonryView) != 0
        case "orientation":
            let axis: LayoutAxis = gtk_orientable_get_orientation(gcast(widget)) == GTK_ORIENTATION_HORIZONTAL
                ? .horizontal : .vertical
            var layout = model.layout as? WaterfallCollectionLayout ?? WaterfallCollectionLayout()
            guard layout.engine.axis != axis || !(model.layout is WaterfallCollectionLayout) else { return }
            layout.engine.axis = axis
            setLayout(layout)
        case "model", "factory", "aspect-ratio-expression", "aspect-ratio-property":
            (self as? WaterfallView<WaterfallItemCell>)?.listModelPropertyChanged(name)
        case "enable-item-drag":
            installDragSourceIfNeeded()
        case "empty-title", "empty-description", "empty-icon-name":
            emptyState = waterfall_masonry_view_get_empty_title(masonryView).map { title in
                WaterfallStatus(title: String(cString: title),
                                description: waterfall_masonry_view_get_empty_description(masonryView).map { String(cString: $0) },
                                iconName: waterfall_masonry_view_get_empty_icon_name(masonryView).map { String(cString: $0) })
            }
        case "enable-pull-to-refresh":
            model.isRefreshEnabled = waterfall_masonry_view_get_enable_pull_to_refresh(masonryView) != 0
        default:
            break
        }
    }

    /// Applies every property, for a view made from C: its items have no data source answers
    /// of their own, so the properties' values (adaptive columns, 8 px spacing) decide.
    func applyAllProperties() {
        for name in ["columns", "column-spacing", "row-spacing", "reorderable", "orientation", "enable-pull-to-refresh"] {
            propertyChanged(name)
        }
    }

    /// Tells the widget's `orientation` property what the layout's scroll axis became (a
    /// layout set from Swift).
    func syncOrientationProperty() {
        let orientation = model.layout.scrollAxis == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
        waterfall_masonry_view_sync_orientation(masonryView, orientation)
    }

    /// Whether a click activates the item it hits (the `single-click-activate` property).
    var activatesOnSingleClick: Bool { waterfall_masonry_view_get_single_click_activate(masonryView) != 0 }

    /// Emits `activate` for the item at `index` (Enter, a click with `single-click-activate`,
    /// the `list.activate-item` action).
    func activate(_ index: Int) {
        guard index >= 0, index < actionItemCount else { return }
        waterfall_masonry_view_emit_activate(masonryView, guint(index))
    }
}
