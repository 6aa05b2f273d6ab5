#include "waterfall/waterfall-signal-item-factory.h"

/**
 * WaterfallSignalItemFactory:
 *
 * A [class@Waterfall.ItemFactory] that emits a signal for each of its four steps, so an
 * application fills its cells from handlers, as with [class@Gtk.SignalListItemFactory]:
 *
 * ```c
 * static void
 * setup (WaterfallSignalItemFactory *factory, WaterfallItem *item, gpointer data)
 * {
 *   waterfall_item_set_child (item, gtk_picture_new ());
 * }
 *
 * static void
 * bind (WaterfallSignalItemFactory *factory, WaterfallItem *item, gpointer data)
 * {
 *   GtkPicture *picture = GTK_PICTURE (waterfall_item_get_child (item));
 *   gtk_picture_set_file (picture, G_FILE (waterfall_item_get_item (item)));
 * }
 *
 * WaterfallItemFactory *factory = waterfall_signal_item_factory_new ();
 * g_signal_connect (factory, "setup", G_CALLBACK (setup), NULL);
 * g_signal_connect (factory, "bind", G_CALLBACK (bind), NULL);
 * ```
 */
struct _WaterfallSignalItemFactory
{
  WaterfallItemFactory parent_instance;
};

enum {
  SETUP,
  BIND,
  UNBIND,
  TEARDOWN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WaterfallSignalItemFactory, waterfall_signal_item_factory, WATERFALL_TYPE_ITEM_FACTORY)

static void
waterfall_signal_item_factory_setup (WaterfallItemFactory *factory,
                                     WaterfallItem        *item)
{
  g_signal_emit (factory, signals[SETUP], 0, item);
}

static void
waterfall_signal_item_factory_bind (WaterfallItemFactory *factory,
                                    WaterfallItem        *item)
{
  g_signal_emit (factory, signals[BIND], 0, item);
}

static void
waterfall_signal_item_factory_unbind (WaterfallItemFactory *factory,
                                      WaterfallItem        *item)
{
  g_signal_emit (factory, signals[UNBIND], 0, item);
}

static void
waterfall_signal_item_factory_teardown (WaterfallItemFactory *factory,
                                        WaterfallItem        *item)
{
  g_signal_emit (factory, signals[TEARDOWN], 0, item);

  WATERFALL_ITEM_FACTORY_CLASS (waterfall_signal_item_factory_parent_class)->teardown (factory, item);
}

/* A signal of one factory step: no return value, the WaterfallItem as its argument. */
static guint
new_step_signal (WaterfallSignalItemFactoryClass *klass,
                 const char                      *name)
{
  guint id = g_signal_new (name, G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                           g_cclosure_marshal_VOID__OBJECT, G_TYPE_NONE, 1, WATERFALL_TYPE_ITEM);
  g_signal_set_va_marshaller (id, G_TYPE_FROM_CLASS (klass), g_cclosure_marshal_VOID__OBJECTv);
  return id;
}

static void
waterfall_signal_item_factory_class_init (WaterfallSignalItemFactoryClass *klass)
{
  WaterfallItemFactoryClass *factory_class = WATERFALL_ITEM_FACTORY_CLASS (klass);

  factory_class->setup = waterfall_signal_item_factory_setup;
  factory_class->bind = waterfall_signal_item_factory_bind;
  factory_class->unbind = waterfall_signal_item_factory_unbind;
  factory_class->teardown = waterfall_signal_item_factory_teardown;

  /**
   * WaterfallSignalItemFactory::setup:
   * @self: the factory
   * @item: the new item object
   *
   * Emitted once for each new item object: make its widgets and set them with
   * [method@Waterfall.Item.set_child]. The item is not bound yet.
   */
  signals[SETUP] = new_step_signal (klass, "setup");

  /**
   * WaterfallSignalItemFactory::bind:
   * @self: the factory
   * @item: the item object, now showing [property@Waterfall.Item:item]
   *
   * Emitted when an item object starts showing a model item: fill the widgets made in
   * [signal@Waterfall.SignalItemFactory::setup] from [method@Waterfall.Item.get_item].
   */
  signals[BIND] = new_step_signal (klass, "bind");

  /**
   * WaterfallSignalItemFactory::unbind:
   * @self: the factory
   * @item: the item object, still showing the model item it stops showing
   *
   * Emitted when an item object stops showing its model item: undo what
   * [signal@Waterfall.SignalItemFactory::bind] did (disconnect handlers, cancel loads).
   */
  signals[UNBIND] = new_step_signal (klass, "unbind");

  /**
   * WaterfallSignalItemFactory::teardown:
   * @self: the factory
   * @item: the item object about to be dropped
   *
   * Emitted before the view drops an item object: undo what
   * [signal@Waterfall.SignalItemFactory::setup] did. The item's child is cleared after the
   * handlers ran.
   */
  signals[TEARDOWN] = new_step_signal (klass, "teardown");
}

static void
waterfall_signal_item_factory_init (WaterfallSignalItemFactory *self)
{
  (void) self;
}

/**
 * waterfall_signal_item_factory_new:
 *
 * Creates a factory that emits a signal for each step; connect to its signals to make and
 * fill the cells.
 *
 * Returns: (transfer full): a new `WaterfallSignalItemFactory`
 */
WaterfallItemFactory *
waterfall_signal_item_factory_new (void)
{
  return g_object_new (WATERFALL_TYPE_SIGNAL_ITEM_FACTORY, NULL);
}
