#ifndef WATERFALL_FEED_ITEM_H
#define WATERFALL_FEED_ITEM_H

#include <gdk/gdk.h>

G_BEGIN_DECLS

#define WATERFALL_TYPE_FEED_ITEM (waterfall_feed_item_get_type ())
G_DECLARE_FINAL_TYPE (WaterfallFeedItem, waterfall_feed_item, WATERFALL, FEED_ITEM, GObject)

const char *waterfall_feed_item_get_id           (WaterfallFeedItem *self);
const char *waterfall_feed_item_get_title        (WaterfallFeedItem *self);
const char *waterfall_feed_item_get_subtitle     (WaterfallFeedItem *self);
const char *waterfall_feed_item_get_image_uri    (WaterfallFeedItem *self);
int         waterfall_feed_item_get_width        (WaterfallFeedItem *self);
int         waterfall_feed_item_get_height       (WaterfallFeedItem *self);
double      waterfall_feed_item_get_aspect_ratio (WaterfallFeedItem *self);
const char *waterfall_feed_item_get_blurhash     (WaterfallFeedItem *self);
const char *waterfall_feed_item_get_link         (WaterfallFeedItem *self);
const GdkRGBA *waterfall_feed_item_get_color     (WaterfallFeedItem *self);

G_END_DECLS

#endif
