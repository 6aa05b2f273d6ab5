#include "wf_list_sizing.h"

void
wf_warning (const char *message)
{
  g_log ("Waterfall", G_LOG_LEVEL_WARNING, "%s", message);
}

static G_DEFINE_QUARK (waterfall-measured-height, measured)

static G_DEFINE_QUARK (waterfall-measured-header-height, header)

/* Keeps `height` at `width` on `item` under `quark`. */
static void
set_height (gpointer item, GQuark quark, double height, double width)
{
  double *pair = g_new (double, 2);
  pair[0] = height;
  pair[1] = width;
  g_object_set_qdata_full (G_OBJECT (item), quark, pair, g_free);
}

/* The height kept on `item` under `quark` for `width` (within half a point), or -1. */
static double
get_height (gpointer item, GQuark quark, double width)
{
  const double *pair = g_object_get_qdata (G_OBJECT (item), quark);
  if (pair == NULL || pair[1] < width - 0.5 || pair[1] > width + 0.5)
    return -1;
  return pair[0];
}

void
wf_item_set_measured_height (gpointer item, double height, double width)
{
  set_height (item, measured_quark (), height, width);
}

double
wf_item_get_measured_height (gpointer item, double width)
{
  return get_height (item, measured_quark (), width);
}

void
wf_item_set_header_height (gpointer item, double height, double width)
{
  set_height (item, header_quark (), height, width);
}

double
wf_item_get_header_height (gpointer item, double width)
{
  return get_height (item, header_quark (), width);
}

static G_DEFINE_QUARK (waterfall-undeclared-size, undeclared)

void
wf_item_mark_undeclared (gpointer item, guint generation)
{
  g_object_set_qdata (G_OBJECT (item), undeclared_quark (), GUINT_TO_POINTER (generation + 1));
}

gboolean
wf_item_is_undeclared (gpointer item, guint generation)
{
  return GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (item), undeclared_quark ())) == generation + 1;
}

gboolean
wf_property_get_double (gpointer item, const char *name, double *result)
{
  if (item == NULL || !G_IS_OBJECT (item))
    return FALSE;
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (item), name);
  if (pspec == NULL || !(pspec->flags & G_PARAM_READABLE) ||
      !g_value_type_transformable (pspec->value_type, G_TYPE_DOUBLE))
    return FALSE;
  GValue value = G_VALUE_INIT, number = G_VALUE_INIT;
  g_value_init (&value, pspec->value_type);
  g_object_get_property (G_OBJECT (item), name, &value);
  g_value_init (&number, G_TYPE_DOUBLE);
  gboolean ok = g_value_transform (&value, &number);
  if (ok)
    *result = g_value_get_double (&number);
  g_value_unset (&number);
  g_value_unset (&value);
  return ok;
}

gboolean
wf_expression_evaluate_double (GtkExpression *expression, gpointer item, double *result)
{
  GValue value = G_VALUE_INIT, number = G_VALUE_INIT;
  /* GTK 4.8 reads a property expression's property from an object of any type (GLib then
   * warns, and the value stays unset): check the type first. */
  if (G_TYPE_CHECK_INSTANCE_TYPE (expression, GTK_TYPE_PROPERTY_EXPRESSION) && gtk_property_expression_get_expression (expression) == NULL)
    {
      GParamSpec *pspec = gtk_property_expression_get_pspec (expression);
      if (item == NULL || !g_type_is_a (G_OBJECT_TYPE (item), pspec->owner_type))
        return FALSE;
    }
  if (!gtk_expression_evaluate (expression, item, &value))
    return FALSE;
  if (!G_IS_VALUE (&value))
    return FALSE;
  g_value_init (&number, G_TYPE_DOUBLE);
  gboolean ok = g_value_type_transformable (G_VALUE_TYPE (&value), G_TYPE_DOUBLE) && g_value_transform (&value, &number);
  if (ok)
    *result = g_value_get_double (&number);
  g_value_unset (&number);
  g_value_unset (&value);
  return ok;
}
