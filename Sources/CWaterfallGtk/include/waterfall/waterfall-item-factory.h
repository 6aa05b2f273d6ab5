#ifndef WATERFALL_ITEM_FACTORY_H
#define WATERFALL_ITEM_FACTORY_H

#include "waterfall-item.h"
#include "waterfall-header.h"

G_BEGIN_DECLS

#define WATERFALL_TYPE_ITEM_FACTORY (waterfall_item_factory_get_type ())
G_DECLARE_DERIVABLE_TYPE (WaterfallItemFactory, waterfall_item_factory, WATERFALL, ITEM_FACTORY, GObject)

/**
 * WaterfallItemFactoryClass:
 * @parent_class: the parent class
 * @setup: makes the widgets of a new item or header object (sets its child); called once per
 *   object
 * @bind: shows the object's item (#WaterfallItem:item, #WaterfallHeader:item) in the widgets
 *   made by @setup
 * @unbind: undoes @bind before the object is bound to another item or torn down
 * @teardown: undoes @setup before the object is discarded
 *
 * The virtual functions of a #WaterfallItemFactory. Each receives a [class@Waterfall.Item]
 * from the view's [property@Waterfall.MasonryView:factory], or a [class@Waterfall.Header] from
 * its `WaterfallMasonryView:header-factory` (GTK 4.12+). The default teardown clears the
 * object's child; the others do nothing.
 */
struct _WaterfallItemFactoryClass
{
  GObjectClass parent_class;

  void (* setup)    (WaterfallItemFactory *self,
                     GObject              *object);
  void (* bind)     (WaterfallItemFactory *self,
                     GObject              *object);
  void (* unbind)   (WaterfallItemFactory *self,
                     GObject              *object);
  void (* teardown) (WaterfallItemFactory *self,
                     GObject              *object);

  /*< private >*/
  gpointer padding[8];
};

G_END_DECLS

#endif
