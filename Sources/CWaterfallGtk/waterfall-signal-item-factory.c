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
 *
 * The signals' argument is typed `GObject` (since 0.2, as GtkSignalListItemFactory's since
 * GTK 4.12): a [class@Waterfall.Item], or a [class@Waterfall.Header] when the factory is a
 * view's `WaterfallMasonryView:header-factory` (GTK 4.12+). A C handler may still declare it
 * `WaterfallItem *`.
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
                                     GObject              *object)
{
  g_signal_emit (factory, signals[SETUP], 0, object);
}

static void
waterfall_signal_item_factory_bind (WaterfallItemFactory *factory,
                                    GObject              *object)
{
  g_signal_emit (factory, signals[BIND], 0, object);
}

static void
waterfall_signal_item_factory_unbind (WaterfallItemFactory *factory,
                                      GObject              *object)
{
  g_signal_emit (factory, signals[UNBIND], 0, object);
}

static void
waterfall_signal_item_factory_teardown (WaterfallItemFactory *factory,
                                        GObject              *object)
{
  g_signal_emit (factory, signals[TEARDOWN], 0, object);

  WATERFALL_ITEM_FACTORY_CLASS (waterfall_signal_item_factory_parent_class)->teardown (factory, object);
}

/* A signal of one factory step: no return value, the WaterfallItem or WaterfallHeader as its
 * argument (typed GObject, as GtkSignalListItemFactory's signals are since GTK 4.12). */
static guint
new_step_signal (WaterfallSignalItemFactoryClass *klass,
                 const char                      *name)
{
  guint id = g_signal_new (name, G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                           g_cclosure_marshal_VOID__OBJECT, G_TYPE_NONE, 1, G_TYPE_OBJECT);
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
   * @object: the new [class@Waterfall.Item] (or [class@Waterfall.Header], for a header factory)
   *
   * Emitted once for each new item or header object: make its widgets and set them with
   * [method@Waterfall.Item.set_child] (or [method@Waterfall.Header.set_child]). The object
   * is not bound yet.
   */
  signals[SETUP] = new_step_signal (klass, "setup");

  /**
   * WaterfallSignalItemFactory::bind:
   * @self: the factory
   * @object: the [class@Waterfall.Item] (or [class@Waterfall.Header]), now showing its item
   *
   * Emitted when an item or header object starts showing a model item (for a header, the first
   * item of its section): fill the widgets made in
   * [signal@Waterfall.SignalItemFactory::setup] from [method@Waterfall.Item.get_item] (or
   * [method@Waterfall.Header.get_item], [method@Waterfall.Header.get_start]…).
   */
  signals[BIND] = new_step_signal (klass, "bind");

  /**
   * WaterfallSignalItemFactory::unbind:
   * @self: the factory
   * @object: the [class@Waterfall.Item] (or [class@Waterfall.Header]), still showing the
   *   model item it stops showing
   *
   * Emitted when an item or header object stops showing its model item: undo what
   * [signal@Waterfall.SignalItemFactory::bind] did (disconnect handlers, cancel loads).
   */
  signals[UNBIND] = new_step_signal (klass, "unbind");

  /**
   * WaterfallSignalItemFactory::teardown:
   * @self: the factory
   * @object: the [class@Waterfall.Item] (or [class@Waterfall.Header]) about to be dropped
   *
   * Emitted before the view drops an item or header object: undo what
   * [signal@Waterfall.SignalItemFactory::setup] did. The object's child is cleared after the
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
