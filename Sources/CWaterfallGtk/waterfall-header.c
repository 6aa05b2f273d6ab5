#include "waterfall/waterfall-header.h"
#include "waterfall-item-private.h"

/**
 * WaterfallHeader:
 *
 * The object a [class@Waterfall.MasonryView] hands to its
 * `WaterfallMasonryView:header-factory` (GTK 4.12+) for each section header it shows, as
 * `GtkListHeader` is for GTK's list widgets (which cannot be made outside GTK).
 *
 * A section is a run of the model's items that its `GtkSectionModel` groups together
 * (for example a [class@Gtk.SortListModel] with a
 * `GtkSortListModel:section-sorter`). Its header spans every column above the
 * section's first item. The factory's setup makes the header's widgets and sets them as
 * [property@Waterfall.Header:child]; bind then fills them from [property@Waterfall.Header:item],
 * the section's first item. [property@Waterfall.Header:start], [property@Waterfall.Header:end]
 * and [property@Waterfall.Header:n-items] say which model positions the section covers. The
 * view recycles header objects as it does item objects; the properties it sets notify when
 * they change.
 *
 * Since: 0.2
 */
struct _WaterfallHeader
{
  GObject parent_instance;

  GObject *item;
  GtkWidget *child;
  guint start;
  guint end;
  /* The view's own watch on the child (see waterfall_header_set_child_func). */
  WaterfallItemChildFunc child_func;
  gpointer child_func_data;
};

enum
{
  PROP_0,
  PROP_ITEM,
  PROP_START,
  PROP_END,
  PROP_N_ITEMS,
  PROP_CHILD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (WaterfallHeader, waterfall_header, G_TYPE_OBJECT)

static void
waterfall_header_dispose (GObject *object)
{
  WaterfallHeader *self = WATERFALL_HEADER (object);

  g_clear_object (&self->item);
  g_clear_object (&self->child);

  G_OBJECT_CLASS (waterfall_header_parent_class)->dispose (object);
}

static void
waterfall_header_get_property (GObject    *object,
                               guint       property_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  WaterfallHeader *self = WATERFALL_HEADER (object);

  switch (property_id)
    {
    case PROP_ITEM:
      g_value_set_object (value, self->item);
      break;
    case PROP_START:
      g_value_set_uint (value, self->start);
      break;
    case PROP_END:
      g_value_set_uint (value, self->end);
      break;
    case PROP_N_ITEMS:
      g_value_set_uint (value, waterfall_header_get_n_items (self));
      break;
    case PROP_CHILD:
      g_value_set_object (value, self->child);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
    }
}

static void
waterfall_header_set_property (GObject      *object,
                               guint         property_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  WaterfallHeader *self = WATERFALL_HEADER (object);

  switch (property_id)
    {
    case PROP_CHILD:
      waterfall_header_set_child (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
    }
}

static void
waterfall_header_class_init (WaterfallHeaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags read_only = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = waterfall_header_dispose;
  object_class->get_property = waterfall_header_get_property;
  object_class->set_property = waterfall_header_set_property;

  /**
   * WaterfallHeader:item: (getter get_item)
   *
   * The first item of the section, or %NULL while the header is not bound.
   *
   * Since: 0.2
   */
  properties[PROP_ITEM] = g_param_spec_object ("item", NULL, NULL, G_TYPE_OBJECT, read_only);

  /**
   * WaterfallHeader:start: (getter get_start)
   *
   * The model position of the section's first item, or %GTK_INVALID_LIST_POSITION while the
   * header is not bound.
   *
   * Since: 0.2
   */
  properties[PROP_START] = g_param_spec_uint ("start", NULL, NULL, 0, G_MAXUINT, GTK_INVALID_LIST_POSITION, read_only);

  /**
   * WaterfallHeader:end: (getter get_end)
   *
   * The model position after the section's last item, or %GTK_INVALID_LIST_POSITION while the
   * header is not bound.
   *
   * Since: 0.2
   */
  properties[PROP_END] = g_param_spec_uint ("end", NULL, NULL, 0, G_MAXUINT, GTK_INVALID_LIST_POSITION, read_only);

  /**
   * WaterfallHeader:n-items: (getter get_n_items)
   *
   * The number of items in the section (0 while the header is not bound).
   *
   * Since: 0.2
   */
  properties[PROP_N_ITEMS] = g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0, read_only);

  /**
   * WaterfallHeader:child: (getter get_child) (setter set_child)
   *
   * The widget the view shows for this header, set by the header factory's setup.
   *
   * Since: 0.2
   */
  properties[PROP_CHILD] =
      g_param_spec_object ("child", NULL, NULL, GTK_TYPE_WIDGET,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
waterfall_header_init (WaterfallHeader *self)
{
  self->start = GTK_INVALID_LIST_POSITION;
  self->end = GTK_INVALID_LIST_POSITION;
}

WaterfallHeader *
waterfall_header_new (void)
{
  return g_object_new (WATERFALL_TYPE_HEADER, NULL);
}

/**
 * waterfall_header_get_item:
 * @self: a `WaterfallHeader`
 *
 * Gets the first item of the section this header heads.
 *
 * Returns: (transfer none) (nullable) (type GObject): the item, or %NULL when unbound
 *
 * Since: 0.2
 */
GObject *
waterfall_header_get_item (WaterfallHeader *self)
{
  g_return_val_if_fail (WATERFALL_IS_HEADER (self), NULL);

  return self->item;
}

/**
 * waterfall_header_get_start:
 * @self: a `WaterfallHeader`
 *
 * Gets the model position of the section's first item.
 *
 * Returns: the position, or %GTK_INVALID_LIST_POSITION when unbound
 *
 * Since: 0.2
 */
guint
waterfall_header_get_start (WaterfallHeader *self)
{
  g_return_val_if_fail (WATERFALL_IS_HEADER (self), GTK_INVALID_LIST_POSITION);

  return self->start;
}

/**
 * waterfall_header_get_end:
 * @self: a `WaterfallHeader`
 *
 * Gets the model position after the section's last item.
 *
 * Returns: the position, or %GTK_INVALID_LIST_POSITION when unbound
 *
 * Since: 0.2
 */
guint
waterfall_header_get_end (WaterfallHeader *self)
{
  g_return_val_if_fail (WATERFALL_IS_HEADER (self), GTK_INVALID_LIST_POSITION);

  return self->end;
}

/**
 * waterfall_header_get_n_items:
 * @self: a `WaterfallHeader`
 *
 * Gets the number of items in the section: [property@Waterfall.Header:end] minus
 * [property@Waterfall.Header:start].
 *
 * Returns: the number of items, 0 when unbound
 *
 * Since: 0.2
 */
guint
waterfall_header_get_n_items (WaterfallHeader *self)
{
  g_return_val_if_fail (WATERFALL_IS_HEADER (self), 0);

  if (self->start == GTK_INVALID_LIST_POSITION || self->end == GTK_INVALID_LIST_POSITION)
    return 0;
  return self->end - self->start;
}

/**
 * waterfall_header_get_child:
 * @self: a `WaterfallHeader`
 *
 * Gets the widget the view shows for this header.
 *
 * Returns: (transfer none) (nullable): the child
 *
 * Since: 0.2
 */
GtkWidget *
waterfall_header_get_child (WaterfallHeader *self)
{
  g_return_val_if_fail (WATERFALL_IS_HEADER (self), NULL);

  return self->child;
}

/**
 * waterfall_header_set_child:
 * @self: a `WaterfallHeader`
 * @child: (nullable) (transfer none): the widget to show, or %NULL
 *
 * Sets the widget the view shows for this header; a header factory's setup calls this. A
 * floating reference is sunk.
 *
 * Since: 0.2
 */
void
waterfall_header_set_child (WaterfallHeader *self,
                            GtkWidget       *child)
{
  g_return_if_fail (WATERFALL_IS_HEADER (self));
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

void
waterfall_header_set_child_func (WaterfallHeader        *self,
                                 WaterfallItemChildFunc  func,
                                 gpointer                data)
{
  g_return_if_fail (WATERFALL_IS_HEADER (self));

  self->child_func = func;
  self->child_func_data = data;
}

void
waterfall_header_update (WaterfallHeader *self,
                         GObject         *item,
                         guint            start,
                         guint            end)
{
  g_return_if_fail (WATERFALL_IS_HEADER (self));

  gboolean range_changed = self->start != start || self->end != end;
  g_object_freeze_notify (G_OBJECT (self));
  if (g_set_object (&self->item, item))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ITEM]);
  if (self->start != start)
    {
      self->start = start;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_START]);
    }
  if (self->end != end)
    {
      self->end = end;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_END]);
    }
  if (range_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
  g_object_thaw_notify (G_OBJECT (self));
}
