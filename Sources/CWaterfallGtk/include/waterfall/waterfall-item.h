#ifndef WATERFALL_ITEM_H
#define WATERFALL_ITEM_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WATERFALL_TYPE_ITEM (waterfall_item_get_type ())
G_DECLARE_FINAL_TYPE (WaterfallItem, waterfall_item, WATERFALL, ITEM, GObject)

GObject   *waterfall_item_get_item     (WaterfallItem *self);
guint      waterfall_item_get_position (WaterfallItem *self);
gboolean   waterfall_item_get_selected (WaterfallItem *self);
GtkWidget *waterfall_item_get_child    (WaterfallItem *self);
void       waterfall_item_set_child    (WaterfallItem *self,
                                        GtkWidget     *child);
const char *waterfall_item_get_accessible_label       (WaterfallItem *self);
void        waterfall_item_set_accessible_label       (WaterfallItem *self,
                                                       const char    *label);
const char *waterfall_item_get_accessible_description (WaterfallItem *self);
void        waterfall_item_set_accessible_description (WaterfallItem *self,
                                                       const char    *description);

G_END_DECLS

#endif
