#ifndef WATERFALL_ITEM_FACTORY_H
#define WATERFALL_ITEM_FACTORY_H

#include "waterfall-item.h"

G_BEGIN_DECLS

#define WATERFALL_TYPE_ITEM_FACTORY (waterfall_item_factory_get_type ())
G_DECLARE_DERIVABLE_TYPE (WaterfallItemFactory, waterfall_item_factory, WATERFALL, ITEM_FACTORY, GObject)

/**
 * WaterfallItemFactoryClass:
 * @parent_class: the parent class
 * @setup: makes the widgets of a new item (sets its child); called once per item object
 * @bind: shows the item's #WaterfallItem:item in the widgets made by @setup
 * @unbind: undoes @bind before the item object is bound to another item or torn down
 * @teardown: undoes @setup before the item object is discarded
 *
 * The virtual functions of a #WaterfallItemFactory. Each default does nothing.
 */
struct _WaterfallItemFactoryClass
{
  GObjectClass parent_class;

  void (* setup)    (WaterfallItemFactory *self,
                     WaterfallItem        *item);
  void (* bind)     (WaterfallItemFactory *self,
                     WaterfallItem        *item);
  void (* unbind)   (WaterfallItemFactory *self,
                     WaterfallItem        *item);
  void (* teardown) (WaterfallItemFactory *self,
                     WaterfallItem        *item);

  /*< private >*/
  gpointer padding[8];
};

G_END_DECLS

#endif
