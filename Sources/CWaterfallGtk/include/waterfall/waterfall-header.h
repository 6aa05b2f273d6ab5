#ifndef WATERFALL_HEADER_H
#define WATERFALL_HEADER_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WATERFALL_TYPE_HEADER (waterfall_header_get_type ())
G_DECLARE_FINAL_TYPE (WaterfallHeader, waterfall_header, WATERFALL, HEADER, GObject)

GObject   *waterfall_header_get_item    (WaterfallHeader *self);
guint      waterfall_header_get_start   (WaterfallHeader *self);
guint      waterfall_header_get_end     (WaterfallHeader *self);
guint      waterfall_header_get_n_items (WaterfallHeader *self);
GtkWidget *waterfall_header_get_child   (WaterfallHeader *self);
void       waterfall_header_set_child   (WaterfallHeader *self,
                                         GtkWidget       *child);

G_END_DECLS

#endif
