#include "waterfall/waterfall-item.h"
#include "waterfall-item-private.h"

/**
 * WaterfallItem:
 *
 * The object a [class@Waterfall.MasonryView] hands to its [class@Waterfall.ItemFactory] for each
 * cell it shows, as [class@Gtk.ListItem] is for [class@Gtk.GridView] (which cannot be made outside
 * GTK).
 *
 * The factory's setup makes the cell's widgets and sets them as the item's
 * [property@Waterfall.Item:child]; bind then shows [property@Waterfall.Item:item], the model's
 * object at [property@Waterfall.Item:position]. The view recycles item objects: one is set up
 * once, bound and unbound many times as it scrolls through the model, and torn down when the
 * view no longer needs it. [property@Waterfall.Item:item], [property@Waterfall.Item:position]
 * and [property@Waterfall.Item:selected] are set by the view and notify when they change, so
 * expressions in a [class@Waterfall.BuilderItemFactory] template follow them.
 *
 * [property@Waterfall.Item:accessible-label] and [property@Waterfall.Item:accessible-description]
 * are the cell's name and description for assistive technologies, as GtkListItem's (GTK 4.12);
 * a factory's bind sets them from the object it shows.
 */
struct _WaterfallItem
{
  GObject parent_instance;

  GObject *item;
  GtkWidget *child;
  guint position;
  gboolean selected;
  char *accessible_label;
  char *accessible_description;
  /* The view's own watch on the child (see waterfall_item_set_child_func). */
  WaterfallItemChildFunc child_func;
  gpointer child_func_data;
};

enum {
  PROP_0,
  PROP_ITEM,
  PROP_POSITION,
  PROP_SELECTED,
  PROP_CHILD,
  PROP_ACCESSIBLE_LABEL,
  PROP_ACCESSIBLE_DESCRIPTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (WaterfallItem, waterfall_item, G_TYPE_OBJECT)

static void
waterfall_item_dispose (GObject *object)
{
  WaterfallItem *self = WATERFALL_ITEM (object);

  g_clear_object (&self->item);
  g_clear_object (&self->child);

  G_OBJECT_CLASS (waterfall_item_parent_class)->dispose (object);
}

static void
waterfall_item_finalize (GObject *object)
{
  WaterfallItem *self = WATERFALL_ITEM (object);

  g_free (self->accessible_label);
  g_free (self->accessible_description);

  G_OBJECT_CLASS (waterfall_item_parent_class)->finalize (object);
}

static void
waterfall_item_get_property (GObject    *object,
                             guint       property_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  WaterfallItem *self = WATERFALL_ITEM (object);

  switch (property_id)
    {
    case PROP_ITEM:
      g_value_set_object (value, self->item);
      break;
    case PROP_POSITION:
      g_value_set_uint (value, self->position);
      break;
    case PROP_SELECTED:
      g_value_set_boolean (value, self->selected);
      break;
    case PROP_CHILD:
      g_value_set_object (value, self->child);
      break;
    case PROP_ACCESSIBLE_LABEL:
      g_value_set_string (value, self->accessible_label);
      break;
    case PROP_ACCESSIBLE_DESCRIPTION:
      g_value_set_string (value, self->accessible_description);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
    }
}

static void
waterfall_item_set_property (GObject      *object,
                             guint         property_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  WaterfallItem *self = WATERFALL_ITEM (object);

  switch (property_id)
    {
    case PROP_CHILD:
      waterfall_item_set_child (self, g_value_get_object (value));
      break;
    case PROP_ACCESSIBLE_LABEL:
      waterfall_item_set_accessible_label (self, g_value_get_string (value));
      break;
    case PROP_ACCESSIBLE_DESCRIPTION:
      waterfall_item_set_accessible_description (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
    }
}

static void
waterfall_item_class_init (WaterfallItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = waterfall_item_dispose;
  object_class->finalize = waterfall_item_finalize;
  object_class->get_property = waterfall_item_get_property;
  object_class->set_property = waterfall_item_set_property;

  /**
   * WaterfallItem:item: (getter get_item)
   *
   * The model's object this item shows, or %NULL while it is not bound.
   */
  properties[PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL, G_TYPE_OBJECT,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * WaterfallItem:position: (getter get_position)
   *
   * The position of [property@Waterfall.Item:item] in the view's model, or
   * %GTK_INVALID_LIST_POSITION while it is not bound.
   */
  properties[PROP_POSITION] =
    g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, GTK_INVALID_LIST_POSITION,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * WaterfallItem:selected: (getter get_selected)
   *
   * Whether the view's selection model has [property@Waterfall.Item:item] selected.
   */
  properties[PROP_SELECTED] =
    g_param_spec_boolean ("selected", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * WaterfallItem:child: (getter get_child) (setter set_child)
   *
   * The widget the view shows for this item, set by the factory's setup.
   */
  properties[PROP_CHILD] =
    g_param_spec_object ("child", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * WaterfallItem:accessible-label: (getter get_accessible_label) (setter set_accessible_label)
   *
   * The name assistive technologies read for the item's cell, as GtkListItem's
   * `accessible-label`; %NULL (the default) leaves the name to the cell's content.
   */
  properties[PROP_ACCESSIBLE_LABEL] =
    g_param_spec_string ("accessible-label", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * WaterfallItem:accessible-description: (getter get_accessible_description) (setter set_accessible_description)
   *
   * The description assistive technologies read after the cell's name, as GtkListItem's
   * `accessible-description`; %NULL (the default) leaves the view's own ("item 12 of 10,000").
   */
  properties[PROP_ACCESSIBLE_DESCRIPTION] =
    g_param_spec_string ("accessible-description", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
waterfall_item_init (WaterfallItem *self)
{
  self->position = GTK_INVALID_LIST_POSITION;
}

WaterfallItem *
waterfall_item_new (void)
{
  return g_object_new (WATERFALL_TYPE_ITEM, NULL);
}

/**
 * waterfall_item_get_item:
 * @self: a `WaterfallItem`
 *
 * Gets the model's object this item shows.
 *
 * Returns: (transfer none) (nullable) (type GObject): the object, or %NULL when unbound
 */
GObject *
waterfall_item_get_item (WaterfallItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_ITEM (self), NULL);

  return self->item;
}

/**
 * waterfall_item_get_position:
 * @self: a `WaterfallItem`
 *
 * Gets the position in the model of the object this item shows.
 *
 * Returns: the position, or %GTK_INVALID_LIST_POSITION when unbound
 */
guint
waterfall_item_get_position (WaterfallItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_ITEM (self), GTK_INVALID_LIST_POSITION);

  return self->position;
}

/**
 * waterfall_item_get_selected:
 * @self: a `WaterfallItem`
 *
 * Gets whether the object this item shows is selected.
 *
 * Returns: %TRUE when it is selected
 */
gboolean
waterfall_item_get_selected (WaterfallItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_ITEM (self), FALSE);

  return self->selected;
}

/**
 * waterfall_item_get_child:
 * @self: a `WaterfallItem`
 *
 * Gets the widget the view shows for this item.
 *
 * Returns: (transfer none) (nullable): the child
 */
GtkWidget *
waterfall_item_get_child (WaterfallItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_ITEM (self), NULL);

  return self->child;
}

/**
 * waterfall_item_set_child:
 * @self: a `WaterfallItem`
 * @child: (nullable) (transfer none): the widget to show, or %NULL
 *
 * Sets the widget the view shows for this item; a factory's setup calls this. A floating
 * reference is sunk.
 */
void
waterfall_item_set_child (WaterfallItem *self,
                          GtkWidget     *child)
{
  g_return_if_fail (WATERFALL_IS_ITEM (self));
  g_return_if_fail (child == NULL || GTK_IS_WIDGET (child));

  if (self->child == child)
    return;

  if (child != NULL)
    g_object_ref_sink (child);
  g_clear_object (&self->child);
  self->child = child;

  if (self->child_func != NULL)
    self->child_func (self->child_func_data);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHILD]);
}

/* Stores a copy of `value` in `*slot` (the item's accessible label or description) unless it
 * holds an equal string, then tells the view's watch and notifies property `prop_id`. */
static void
set_accessible_text (WaterfallItem *self,
                     char         **slot,
                     const char    *value,
                     guint          prop_id)
{
  if (g_strcmp0 (*slot, value) == 0)
    return;

  g_free (*slot);
  *slot = g_strdup (value);
  if (self->child_func != NULL)
    self->child_func (self->child_func_data);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

/**
 * waterfall_item_get_accessible_label:
 * @self: a `WaterfallItem`
 *
 * Gets the name assistive technologies read for the item's cell.
 *
 * Returns: (transfer none) (nullable): the label, or %NULL when the cell's content names it
 */
const char *
waterfall_item_get_accessible_label (WaterfallItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_ITEM (self), NULL);

  return self->accessible_label;
}

/**
 * waterfall_item_set_accessible_label:
 * @self: a `WaterfallItem`
 * @label: (nullable): the label, or %NULL to leave the name to the cell's content
 *
 * Sets the name assistive technologies read for the item's cell, as
 * `gtk_list_item_set_accessible_label()`; a factory's bind usually sets it.
 */
void
waterfall_item_set_accessible_label (WaterfallItem *self,
                                     const char    *label)
{
  g_return_if_fail (WATERFALL_IS_ITEM (self));

  set_accessible_text (self, &self->accessible_label, label, PROP_ACCESSIBLE_LABEL);
}

/**
 * waterfall_item_get_accessible_description:
 * @self: a `WaterfallItem`
 *
 * Gets the description assistive technologies read after the cell's name.
 *
 * Returns: (transfer none) (nullable): the description, or %NULL for the view's own
 */
const char *
waterfall_item_get_accessible_description (WaterfallItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_ITEM (self), NULL);

  return self->accessible_description;
}

/**
 * waterfall_item_set_accessible_description:
 * @self: a `WaterfallItem`
 * @description: (nullable): the description, or %NULL for the view's own ("item 12 of 10,000")
 *
 * Sets the description assistive technologies read after the cell's name, as
 * `gtk_list_item_set_accessible_description()`.
 */
void
waterfall_item_set_accessible_description (WaterfallItem *self,
                                           const char    *description)
{
  g_return_if_fail (WATERFALL_IS_ITEM (self));

  set_accessible_text (self, &self->accessible_description, description, PROP_ACCESSIBLE_DESCRIPTION);
}

void
waterfall_item_set_child_func (WaterfallItem          *self,
                               WaterfallItemChildFunc  func,
                               gpointer                data)
{
  g_return_if_fail (WATERFALL_IS_ITEM (self));

  self->child_func = func;
  self->child_func_data = data;
}

void
waterfall_item_update (WaterfallItem *self,
                       GObject       *item,
                       guint          position,
                       gboolean       selected)
{
  g_return_if_fail (WATERFALL_IS_ITEM (self));

  g_object_freeze_notify (G_OBJECT (self));
  if (g_set_object (&self->item, item))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ITEM]);
  if (self->position != position)
    {
      self->position = position;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
    }
  waterfall_item_set_selected (self, selected);
  g_object_thaw_notify (G_OBJECT (self));
}

void
waterfall_item_set_selected (WaterfallItem *self,
                             gboolean       selected)
{
  g_return_if_fail (WATERFALL_IS_ITEM (self));

  selected = !!selected;
  if (self->selected == selected)
    return;

  self->selected = selected;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}
