#include "waterfall/waterfall-builder-item-factory.h"

/**
 * WaterfallBuilderItemFactory:
 *
 * A [class@Waterfall.ItemFactory] that builds each cell from a [class@Gtk.Builder] `.ui`
 * template whose template class is `WaterfallItem`, as [class@Gtk.BuilderListItemFactory] does
 * with `GtkListItem`. The template sets the item's `child`; expressions that look up
 * `item`, `position` or `selected` on the template object follow the item as the view binds
 * it to other model items:
 *
 * ```xml
 * <interface>
 *   <template class="WaterfallItem">
 *     <property name="child">
 *       <object class="GtkLabel">
 *         <binding name="label">
 *           <lookup name="string" type="GtkStringObject">
 *             <lookup name="item">WaterfallItem</lookup>
 *           </lookup>
 *         </binding>
 *       </object>
 *     </property>
 *   </template>
 * </interface>
 * ```
 *
 * As a view's `WaterfallMasonryView:header-factory` (GTK 4.12+), the template class is
 * `WaterfallHeader`, whose `item`, `start`, `end` and `n-items` expressions look up.
 *
 * A template that does not build is a programming error: the factory reports it with
 * g_critical() and leaves the item without a child (the view shows an empty cell).
 */
struct _WaterfallBuilderItemFactory
{
  WaterfallItemFactory parent_instance;

  GtkBuilderScope *scope;
  GBytes *bytes;
  char *resource;
};

enum {
  PROP_0,
  PROP_BYTES,
  PROP_RESOURCE,
  PROP_SCOPE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (WaterfallBuilderItemFactory, waterfall_builder_item_factory, WATERFALL_TYPE_ITEM_FACTORY)

static void
waterfall_builder_item_factory_setup (WaterfallItemFactory *factory,
                                      GObject              *object)
{
  WaterfallBuilderItemFactory *self = WATERFALL_BUILDER_ITEM_FACTORY (factory);
  g_autoptr (GtkBuilder) builder = NULL;
  g_autoptr (GError) error = NULL;

  if (self->bytes == NULL)
    return;

  builder = gtk_builder_new ();
  gtk_builder_set_current_object (builder, object);
  if (self->scope != NULL)
    gtk_builder_set_scope (builder, self->scope);

  if (!gtk_builder_extend_with_template (builder, object, G_OBJECT_TYPE (object),
                                         g_bytes_get_data (self->bytes, NULL),
                                         (gssize) g_bytes_get_size (self->bytes), &error))
    g_critical ("WaterfallBuilderItemFactory: the item template does not build: %s", error->message);
}

static void
waterfall_builder_item_factory_set_bytes (WaterfallBuilderItemFactory *self,
                                          GBytes                      *bytes)
{
  if (bytes == NULL)
    return;

  g_clear_pointer (&self->bytes, g_bytes_unref);
  self->bytes = g_bytes_ref (bytes);
}

static void
waterfall_builder_item_factory_set_resource (WaterfallBuilderItemFactory *self,
                                             const char                  *resource)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;

  if (resource == NULL)
    return;

  g_free (self->resource);
  self->resource = g_strdup (resource);

  bytes = g_resources_lookup_data (resource, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    {
      g_critical ("WaterfallBuilderItemFactory: cannot load the item template %s: %s", resource, error->message);
      return;
    }

  waterfall_builder_item_factory_set_bytes (self, bytes);
}

static void
waterfall_builder_item_factory_get_property (GObject    *object,
                                             guint       property_id,
                                             GValue     *value,
                                             GParamSpec *pspec)
{
  WaterfallBuilderItemFactory *self = WATERFALL_BUILDER_ITEM_FACTORY (object);

  switch (property_id)
    {
    case PROP_BYTES:
      g_value_set_boxed (value, self->bytes);
      break;
    case PROP_RESOURCE:
      g_value_set_string (value, self->resource);
      break;
    case PROP_SCOPE:
      g_value_set_object (value, self->scope);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
    }
}

static void
waterfall_builder_item_factory_set_property (GObject      *object,
                                             guint         property_id,
                                             const GValue *value,
                                             GParamSpec   *pspec)
{
  WaterfallBuilderItemFactory *self = WATERFALL_BUILDER_ITEM_FACTORY (object);

  switch (property_id)
    {
    case PROP_BYTES:
      waterfall_builder_item_factory_set_bytes (self, g_value_get_boxed (value));
      break;
    case PROP_RESOURCE:
      waterfall_builder_item_factory_set_resource (self, g_value_get_string (value));
      break;
    case PROP_SCOPE:
      g_set_object (&self->scope, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
    }
}

static void
waterfall_builder_item_factory_finalize (GObject *object)
{
  WaterfallBuilderItemFactory *self = WATERFALL_BUILDER_ITEM_FACTORY (object);

  g_clear_object (&self->scope);
  g_clear_pointer (&self->bytes, g_bytes_unref);
  g_free (self->resource);

  G_OBJECT_CLASS (waterfall_builder_item_factory_parent_class)->finalize (object);
}

static void
waterfall_builder_item_factory_class_init (WaterfallBuilderItemFactoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WaterfallItemFactoryClass *factory_class = WATERFALL_ITEM_FACTORY_CLASS (klass);

  object_class->finalize = waterfall_builder_item_factory_finalize;
  object_class->get_property = waterfall_builder_item_factory_get_property;
  object_class->set_property = waterfall_builder_item_factory_set_property;

  factory_class->setup = waterfall_builder_item_factory_setup;

  /**
   * WaterfallBuilderItemFactory:bytes: (getter get_bytes)
   *
   * The `.ui` template every item object is built from.
   */
  properties[PROP_BYTES] =
    g_param_spec_boxed ("bytes", NULL, NULL, G_TYPE_BYTES,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * WaterfallBuilderItemFactory:resource: (getter get_resource)
   *
   * The path of the [struct@Gio.Resource] holding the template, when it came from one.
   */
  properties[PROP_RESOURCE] =
    g_param_spec_string ("resource", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * WaterfallBuilderItemFactory:scope: (getter get_scope)
   *
   * The scope the template's signal handlers and closures are looked up in, or %NULL for
   * the default.
   */
  properties[PROP_SCOPE] =
    g_param_spec_object ("scope", NULL, NULL, GTK_TYPE_BUILDER_SCOPE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
waterfall_builder_item_factory_init (WaterfallBuilderItemFactory *self)
{
  (void) self;
}

/**
 * waterfall_builder_item_factory_new_from_bytes:
 * @scope: (nullable) (transfer none): the scope for the template's handlers, or %NULL
 * @bytes: (transfer none): the `.ui` template, whose template class is `WaterfallItem`
 *
 * Creates a factory that builds each item object from @bytes.
 *
 * Returns: (transfer full): a new `WaterfallBuilderItemFactory`
 */
WaterfallItemFactory *
waterfall_builder_item_factory_new_from_bytes (GtkBuilderScope *scope,
                                               GBytes          *bytes)
{
  g_return_val_if_fail (scope == NULL || GTK_IS_BUILDER_SCOPE (scope), NULL);
  g_return_val_if_fail (bytes != NULL, NULL);

  return g_object_new (WATERFALL_TYPE_BUILDER_ITEM_FACTORY, "bytes", bytes, "scope", scope, NULL);
}

/**
 * waterfall_builder_item_factory_new_from_resource:
 * @scope: (nullable) (transfer none): the scope for the template's handlers, or %NULL
 * @resource_path: the path of a `.ui` template in a registered [struct@Gio.Resource]
 *
 * Creates a factory that builds each item object from the template at @resource_path. A
 * path that holds nothing is reported with g_critical(), and the factory then makes items
 * without a child.
 *
 * Returns: (transfer full): a new `WaterfallBuilderItemFactory`
 */
WaterfallItemFactory *
waterfall_builder_item_factory_new_from_resource (GtkBuilderScope *scope,
                                                  const char      *resource_path)
{
  g_return_val_if_fail (scope == NULL || GTK_IS_BUILDER_SCOPE (scope), NULL);
  g_return_val_if_fail (resource_path != NULL, NULL);

  return g_object_new (WATERFALL_TYPE_BUILDER_ITEM_FACTORY, "resource", resource_path, "scope", scope, NULL);
}

/**
 * waterfall_builder_item_factory_get_bytes:
 * @self: a `WaterfallBuilderItemFactory`
 *
 * Gets the template the items are built from.
 *
 * Returns: (transfer none) (nullable): the template's data
 */
GBytes *
waterfall_builder_item_factory_get_bytes (WaterfallBuilderItemFactory *self)
{
  g_return_val_if_fail (WATERFALL_IS_BUILDER_ITEM_FACTORY (self), NULL);

  return self->bytes;
}

/**
 * waterfall_builder_item_factory_get_resource:
 * @self: a `WaterfallBuilderItemFactory`
 *
 * Gets the resource path the template came from.
 *
 * Returns: (transfer none) (nullable): the path, or %NULL when the template came as bytes
 */
const char *
waterfall_builder_item_factory_get_resource (WaterfallBuilderItemFactory *self)
{
  g_return_val_if_fail (WATERFALL_IS_BUILDER_ITEM_FACTORY (self), NULL);

  return self->resource;
}

/**
 * waterfall_builder_item_factory_get_scope:
 * @self: a `WaterfallBuilderItemFactory`
 *
 * Gets the scope the template's handlers are looked up in.
 *
 * Returns: (transfer none) (nullable): the scope, or %NULL for the default
 */
GtkBuilderScope *
waterfall_builder_item_factory_get_scope (WaterfallBuilderItemFactory *self)
{
  g_return_val_if_fail (WATERFALL_IS_BUILDER_ITEM_FACTORY (self), NULL);

  return self->scope;
}
