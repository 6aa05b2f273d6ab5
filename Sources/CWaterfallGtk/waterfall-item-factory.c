#include "waterfall/waterfall-item-factory.h"
#include "waterfall-item-private.h"

/**
 * WaterfallItemFactory:
 *
 * Makes and fills the widgets of a [class@Waterfall.MasonryView]'s cells, in four steps on a
 * [class@Waterfall.Item], as [class@Gtk.ListItemFactory] does for GTK's list widgets:
 *
 * - setup, once per item object: make the widgets and set the item's
 *   [property@Waterfall.Item:child];
 * - bind, each time the item object starts showing a model item: fill the widgets from
 *   [property@Waterfall.Item:item];
 * - unbind, when it stops showing it (it scrolled away or the model changed);
 * - teardown, before the view drops the item object: undo setup.
 *
 * The same steps make a view's section headers, on a [class@Waterfall.Header], when the
 * factory is the view's `WaterfallMasonryView:header-factory` (GTK 4.12+): the steps receive a
 * `GObject` (a `WaterfallItem` or a `WaterfallHeader`), as GtkListItemFactory's do since
 * GTK 4.12.
 *
 * The class is abstract: use [class@Waterfall.SignalItemFactory] or
 * [class@Waterfall.BuilderItemFactory] (or, over a [class@Waterfall.FeedModel], the ready-made
 * [class@Waterfall.FeedItemFactory]), or subclass it and override the virtual functions.
 */

G_DEFINE_ABSTRACT_TYPE (WaterfallItemFactory, waterfall_item_factory, G_TYPE_OBJECT)

static void
waterfall_item_factory_default_step (WaterfallItemFactory *self,
                                     GObject              *object)
{
  (void) self;
  (void) object;
}

static void
waterfall_item_factory_default_teardown (WaterfallItemFactory *self,
                                         GObject              *object)
{
  (void) self;
  if (WATERFALL_IS_HEADER (object))
    waterfall_header_set_child (WATERFALL_HEADER (object), NULL);
  else
    waterfall_item_set_child (WATERFALL_ITEM (object), NULL);
}

/* Whether `object` is what a factory's steps take: a WaterfallItem or a WaterfallHeader. */
static gboolean
is_step_object (GObject *object)
{
  return WATERFALL_IS_ITEM (object) || WATERFALL_IS_HEADER (object);
}

static void
waterfall_item_factory_class_init (WaterfallItemFactoryClass *klass)
{
  klass->setup = waterfall_item_factory_default_step;
  klass->bind = waterfall_item_factory_default_step;
  klass->unbind = waterfall_item_factory_default_step;
  klass->teardown = waterfall_item_factory_default_teardown;
}

static void
waterfall_item_factory_init (WaterfallItemFactory *self)
{
  (void) self;
}

void
waterfall_item_factory_setup (WaterfallItemFactory *self,
                              GObject              *object)
{
  g_return_if_fail (WATERFALL_IS_ITEM_FACTORY (self));
  g_return_if_fail (is_step_object (object));

  WATERFALL_ITEM_FACTORY_GET_CLASS (self)->setup (self, object);
}

void
waterfall_item_factory_bind (WaterfallItemFactory *self,
                             GObject              *object)
{
  g_return_if_fail (WATERFALL_IS_ITEM_FACTORY (self));
  g_return_if_fail (is_step_object (object));

  WATERFALL_ITEM_FACTORY_GET_CLASS (self)->bind (self, object);
}

void
waterfall_item_factory_unbind (WaterfallItemFactory *self,
                               GObject              *object)
{
  g_return_if_fail (WATERFALL_IS_ITEM_FACTORY (self));
  g_return_if_fail (is_step_object (object));

  WATERFALL_ITEM_FACTORY_GET_CLASS (self)->unbind (self, object);
}

void
waterfall_item_factory_teardown (WaterfallItemFactory *self,
                                 GObject              *object)
{
  g_return_if_fail (WATERFALL_IS_ITEM_FACTORY (self));
  g_return_if_fail (is_step_object (object));

  WATERFALL_ITEM_FACTORY_GET_CLASS (self)->teardown (self, object);
}
