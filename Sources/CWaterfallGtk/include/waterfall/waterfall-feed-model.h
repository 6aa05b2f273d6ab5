#ifndef WATERFALL_FEED_MODEL_H
#define WATERFALL_FEED_MODEL_H

#include <gio/gio.h>

G_BEGIN_DECLS

#define WATERFALL_TYPE_FEED_MODEL (waterfall_feed_model_get_type ())
G_DECLARE_FINAL_TYPE (WaterfallFeedModel, waterfall_feed_model, WATERFALL, FEED_MODEL, GObject)

WaterfallFeedModel *waterfall_feed_model_new               (const char          *uri,
                                                            const char          *map,
                                                            GError             **error);

const char         *waterfall_feed_model_get_uri           (WaterfallFeedModel  *self);
const char         *waterfall_feed_model_get_map           (WaterfallFeedModel  *self);
gboolean            waterfall_feed_model_get_loading       (WaterfallFeedModel  *self);
gboolean            waterfall_feed_model_get_has_more      (WaterfallFeedModel  *self);
const char         *waterfall_feed_model_get_error_message (WaterfallFeedModel  *self);
guint               waterfall_feed_model_get_held_items    (WaterfallFeedModel  *self);
void                waterfall_feed_model_set_held_items    (WaterfallFeedModel  *self,
                                                            guint                held_items);
guint               waterfall_feed_model_get_max_items     (WaterfallFeedModel  *self);
void                waterfall_feed_model_set_max_items     (WaterfallFeedModel  *self,
                                                            guint                max_items);

void                waterfall_feed_model_load_more         (WaterfallFeedModel  *self);
void                waterfall_feed_model_refresh           (WaterfallFeedModel  *self);

G_END_DECLS

#endif
