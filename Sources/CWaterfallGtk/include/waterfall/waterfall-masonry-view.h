#ifndef WATERFALL_MASONRY_VIEW_H
#define WATERFALL_MASONRY_VIEW_H

#include <gtk/gtk.h>
#include "waterfall-item-factory.h"

G_BEGIN_DECLS

#define WATERFALL_TYPE_MASONRY_VIEW (waterfall_masonry_view_get_type ())

/**
 * WaterfallMasonryView:
 *
 * A virtualized waterfall-flow (masonry) wall: fixed-width columns, items of varying height,
 * each placed under the shortest column, and only the items on screen have widgets.
 *
 * The view implements [iface@Gtk.Scrollable]: put it directly into a [class@Gtk.ScrolledWindow]
 * (no [class@Gtk.Viewport] in between), which gives it overlay scrollbars, kinetic and touch
 * scrolling and overshoot. The adjustments hold the scroll offset as a double; the view places
 * its children relative to the viewport, so content taller than GTK's float precision stays
 * exact.
 *
 * Its CSS node is `waterfall`, with the `.view` style class. Its layout follows the
 * [property@Gtk.Orientable:orientation]: vertical (columns, the default) or horizontal (rows).
 * The properties override what a data source of the Swift API answers, once they are set.
 *
 * Actions: `list.activate-item` (u), `list.select-item` ((ubb)), `list.scroll-to-item` (u),
 * `list.select-all` and `list.unselect-all` as in [class@Gtk.ListBase], and `list.refresh`,
 * bound to F5 and Ctrl+R while the view (or one of its items) has the focus.
 *
 * Drag and drop: with [property@Waterfall.MasonryView:enable-item-drag] set, items are dragged
 * out with the content [signal@Waterfall.MasonryView::prepare-drag] gives. To take drops, add
 * a [class@Gtk.DropTarget] to the view and ask waterfall_masonry_view_get_position_at() for
 * the item under the drop.
 *
 * Over a [class@Waterfall.FeedModel] — the selection model's own model, or one found through
 * the `model` property of the list models in between ([class@Gtk.FilterListModel],
 * [class@Gtk.SortListModel], [class@Gtk.SliceListModel], [class@Gtk.MapListModel]…, at most 8
 * deep) — the view shows the feed's state, with no property to set: while the page a
 * [signal@Waterfall.MasonryView::load-more] handler asked for with
 * [method@Waterfall.FeedModel.load_more] loads, the footer shows a spinner; when it fails,
 * the footer shows [property@Waterfall.FeedModel:error-message] and Retry (on an empty view,
 * the centred status page does), and Retry emits `load-more` again, whose handler loads the
 * failed page again; once [property@Waterfall.FeedModel:has-more] is %FALSE the view asks for
 * no more pages, and an empty feed shows the empty state
 * ([property@Waterfall.MasonryView:empty-title]). A refresh a
 * [signal@Waterfall.MasonryView::refresh] handler started with
 * [method@Waterfall.FeedModel.refresh] keeps the pull header until it ends; a failed one keeps
 * the items and is announced to assistive technologies.
 *
 * A view created with g_object_new() works on its own (it shows no items until it is given
 * some); its logic is written in Swift inside the library.
 */
G_DECLARE_FINAL_TYPE (WaterfallMasonryView, waterfall_masonry_view, WATERFALL, MASONRY_VIEW, GtkWidget)

/**
 * WATERFALL_MASONRY_VIEW_MAX_COLUMNS:
 *
 * The largest value of [property@Waterfall.MasonryView:columns].
 */
#define WATERFALL_MASONRY_VIEW_MAX_COLUMNS 64

GtkWidget *waterfall_masonry_view_new (GtkSelectionModel *model, WaterfallItemFactory *factory);

void waterfall_masonry_view_set_model (WaterfallMasonryView *self, GtkSelectionModel *model);
GtkSelectionModel *waterfall_masonry_view_get_model (WaterfallMasonryView *self);
void waterfall_masonry_view_set_factory (WaterfallMasonryView *self, WaterfallItemFactory *factory);
WaterfallItemFactory *waterfall_masonry_view_get_factory (WaterfallMasonryView *self);
void waterfall_masonry_view_set_aspect_ratio_expression (WaterfallMasonryView *self, GtkExpression *expression);
GtkExpression *waterfall_masonry_view_get_aspect_ratio_expression (WaterfallMasonryView *self);
void waterfall_masonry_view_set_aspect_ratio_property (WaterfallMasonryView *self, const char *name);
const char *waterfall_masonry_view_get_aspect_ratio_property (WaterfallMasonryView *self);

void waterfall_masonry_view_set_empty_title (WaterfallMasonryView *self, const char *title);
const char *waterfall_masonry_view_get_empty_title (WaterfallMasonryView *self);
void waterfall_masonry_view_set_empty_description (WaterfallMasonryView *self, const char *description);
const char *waterfall_masonry_view_get_empty_description (WaterfallMasonryView *self);
void waterfall_masonry_view_set_empty_icon_name (WaterfallMasonryView *self, const char *icon_name);
const char *waterfall_masonry_view_get_empty_icon_name (WaterfallMasonryView *self);

void waterfall_masonry_view_set_columns (WaterfallMasonryView *self, guint columns);
guint waterfall_masonry_view_get_columns (WaterfallMasonryView *self);
void waterfall_masonry_view_set_min_column_width (WaterfallMasonryView *self, double width);
double waterfall_masonry_view_get_min_column_width (WaterfallMasonryView *self);
void waterfall_masonry_view_set_column_spacing (WaterfallMasonryView *self, double spacing);
double waterfall_masonry_view_get_column_spacing (WaterfallMasonryView *self);
void waterfall_masonry_view_set_row_spacing (WaterfallMasonryView *self, double spacing);
double waterfall_masonry_view_get_row_spacing (WaterfallMasonryView *self);
void waterfall_masonry_view_set_single_click_activate (WaterfallMasonryView *self, gboolean single_click_activate);
gboolean waterfall_masonry_view_get_single_click_activate (WaterfallMasonryView *self);
void waterfall_masonry_view_set_enable_rubberband (WaterfallMasonryView *self, gboolean enable_rubberband);
gboolean waterfall_masonry_view_get_enable_rubberband (WaterfallMasonryView *self);
void waterfall_masonry_view_set_enable_pull_to_refresh (WaterfallMasonryView *self, gboolean enable_pull_to_refresh);
gboolean waterfall_masonry_view_get_enable_pull_to_refresh (WaterfallMasonryView *self);
void waterfall_masonry_view_set_reorderable (WaterfallMasonryView *self, gboolean reorderable);
gboolean waterfall_masonry_view_get_reorderable (WaterfallMasonryView *self);
void waterfall_masonry_view_set_enable_item_drag (WaterfallMasonryView *self, gboolean enable_item_drag);
gboolean waterfall_masonry_view_get_enable_item_drag (WaterfallMasonryView *self);

guint waterfall_masonry_view_get_position_at (WaterfallMasonryView *self, double x, double y);

#if GTK_CHECK_VERSION(4, 12, 0)
void waterfall_masonry_view_scroll_to (WaterfallMasonryView *self, guint pos, GtkListScrollFlags flags, GtkScrollInfo *scroll);
void waterfall_masonry_view_set_tab_behavior (WaterfallMasonryView *self, GtkListTabBehavior tab_behavior);
GtkListTabBehavior waterfall_masonry_view_get_tab_behavior (WaterfallMasonryView *self);
void waterfall_masonry_view_set_header_factory (WaterfallMasonryView *self, WaterfallItemFactory *factory);
WaterfallItemFactory *waterfall_masonry_view_get_header_factory (WaterfallMasonryView *self);
void waterfall_masonry_view_set_pinned_headers (WaterfallMasonryView *self, gboolean pinned_headers);
gboolean waterfall_masonry_view_get_pinned_headers (WaterfallMasonryView *self);
#endif

G_END_DECLS

#endif
