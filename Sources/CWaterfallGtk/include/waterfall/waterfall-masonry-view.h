#ifndef WATERFALL_MASONRY_VIEW_H
#define WATERFALL_MASONRY_VIEW_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WATERFALL_TYPE_MASONRY_VIEW (waterfall_masonry_view_get_type())

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
 * Its CSS node is `waterfall`, with the `.view` style class.
 *
 * A view created with g_object_new() works on its own (it shows no items until it is given
 * some); its logic is written in Swift inside the library.
 */
G_DECLARE_FINAL_TYPE(WaterfallMasonryView, waterfall_masonry_view, WATERFALL, MASONRY_VIEW, GtkWidget)

GtkWidget *waterfall_masonry_view_new(void);

G_END_DECLS

#endif
