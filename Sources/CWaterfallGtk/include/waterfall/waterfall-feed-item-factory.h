#ifndef WATERFALL_FEED_ITEM_FACTORY_H
#define WATERFALL_FEED_ITEM_FACTORY_H

#include "waterfall-item-factory.h"

G_BEGIN_DECLS

#define WATERFALL_TYPE_FEED_ITEM_FACTORY (waterfall_feed_item_factory_get_type ())
G_DECLARE_FINAL_TYPE (WaterfallFeedItemFactory, waterfall_feed_item_factory, WATERFALL, FEED_ITEM_FACTORY, WaterfallItemFactory)

WaterfallItemFactory *waterfall_feed_item_factory_new               (void);
gboolean              waterfall_feed_item_factory_get_show_captions (WaterfallFeedItemFactory *self);
void                  waterfall_feed_item_factory_set_show_captions (WaterfallFeedItemFactory *self,
                                                                     gboolean                  show_captions);
gboolean              waterfall_feed_item_factory_get_wrap_captions (WaterfallFeedItemFactory *self);
void                  waterfall_feed_item_factory_set_wrap_captions (WaterfallFeedItemFactory *self,
                                                                     gboolean                  wrap_captions);
GtkExpression        *waterfall_feed_item_factory_get_caption_expression (WaterfallFeedItemFactory *self);
void                  waterfall_feed_item_factory_set_caption_expression (WaterfallFeedItemFactory *self,
                                                                          GtkExpression            *expression);

G_END_DECLS

#endif
