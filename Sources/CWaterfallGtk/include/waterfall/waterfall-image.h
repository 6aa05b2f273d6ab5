#ifndef WATERFALL_IMAGE_H
#define WATERFALL_IMAGE_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WATERFALL_TYPE_IMAGE (waterfall_image_get_type ())

G_DECLARE_FINAL_TYPE (WaterfallImage, waterfall_image, WATERFALL, IMAGE, GObject)

WaterfallImage *waterfall_image_new_for_uri      (const char     *uri);
WaterfallImage *waterfall_image_new_for_file     (GFile          *file);

const char     *waterfall_image_get_uri          (WaterfallImage *self);
int             waterfall_image_get_size_hint    (WaterfallImage *self);
void            waterfall_image_set_size_hint    (WaterfallImage *self,
                                                  int             size_hint);
const char     *waterfall_image_get_blurhash     (WaterfallImage *self);
void            waterfall_image_set_blurhash     (WaterfallImage *self,
                                                  const char     *blurhash);
const GdkRGBA  *waterfall_image_get_placeholder_color (WaterfallImage *self);
void            waterfall_image_set_placeholder_color (WaterfallImage *self,
                                                       const GdkRGBA  *color);
gboolean        waterfall_image_get_loading      (WaterfallImage *self);
gboolean        waterfall_image_get_failed       (WaterfallImage *self);
const char     *waterfall_image_get_error_message (WaterfallImage *self);

void            waterfall_image_load             (WaterfallImage *self);
void            waterfall_image_cancel           (WaterfallImage *self);

G_END_DECLS

#endif
