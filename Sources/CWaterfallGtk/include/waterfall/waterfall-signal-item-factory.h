#ifndef WATERFALL_SIGNAL_ITEM_FACTORY_H
#define WATERFALL_SIGNAL_ITEM_FACTORY_H

#include "waterfall-item-factory.h"

G_BEGIN_DECLS

#define WATERFALL_TYPE_SIGNAL_ITEM_FACTORY (waterfall_signal_item_factory_get_type ())
G_DECLARE_FINAL_TYPE (WaterfallSignalItemFactory, waterfall_signal_item_factory, WATERFALL, SIGNAL_ITEM_FACTORY, WaterfallItemFactory)

WaterfallItemFactory *waterfall_signal_item_factory_new (void);

G_END_DECLS

#endif
