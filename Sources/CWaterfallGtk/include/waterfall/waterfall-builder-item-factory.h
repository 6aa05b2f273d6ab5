#ifndef WATERFALL_BUILDER_ITEM_FACTORY_H
#define WATERFALL_BUILDER_ITEM_FACTORY_H

#include "waterfall-item-factory.h"

G_BEGIN_DECLS

#define WATERFALL_TYPE_BUILDER_ITEM_FACTORY (waterfall_builder_item_factory_get_type ())
G_DECLARE_FINAL_TYPE (WaterfallBuilderItemFactory, waterfall_builder_item_factory, WATERFALL, BUILDER_ITEM_FACTORY, WaterfallItemFactory)

WaterfallItemFactory *waterfall_builder_item_factory_new_from_bytes    (GtkBuilderScope *scope,
                                                                        GBytes          *bytes);
WaterfallItemFactory *waterfall_builder_item_factory_new_from_resource (GtkBuilderScope *scope,
                                                                        const char      *resource_path);
GBytes               *waterfall_builder_item_factory_get_bytes         (WaterfallBuilderItemFactory *self);
const char           *waterfall_builder_item_factory_get_resource      (WaterfallBuilderItemFactory *self);
GtkBuilderScope      *waterfall_builder_item_factory_get_scope         (WaterfallBuilderItemFactory *self);

G_END_DECLS

#endif
