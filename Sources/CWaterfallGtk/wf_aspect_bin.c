#include <math.h>

#include "wf_aspect_bin.h"

struct _WfAspectBin
{
  GtkWidget parent_instance;

  GtkWidget *child;
  double ratio;
};

enum {
  PROP_0,
  PROP_RATIO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (WfAspectBin, wf_aspect_bin, GTK_TYPE_WIDGET)

static GtkSizeRequestMode
wf_aspect_bin_get_request_mode (GtkWidget *widget)
{
  (void) widget;
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* Wide as the child asks; tall as the width given divided by the ratio (the child's natural
 * height when no width is given), and no minimum height: a cell sized by other means may
 * squeeze it. */
static void
wf_aspect_bin_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  WfAspectBin *self = WF_ASPECT_BIN (widget);

  *minimum_baseline = *natural_baseline = -1;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      gtk_widget_measure (self->child, orientation, -1, minimum, natural, NULL, NULL);
      return;
    }
  *minimum = 0;
  if (for_size >= 0)
    *natural = (int) round (for_size / self->ratio);
  else
    gtk_widget_measure (self->child, orientation, -1, NULL, natural, NULL, NULL);
}

static void
wf_aspect_bin_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  gtk_widget_allocate (WF_ASPECT_BIN (widget)->child, width, height, baseline, NULL);
}

static void
wf_aspect_bin_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_RATIO:
      g_value_set_double (value, WF_ASPECT_BIN (object)->ratio);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wf_aspect_bin_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_RATIO:
      wf_aspect_bin_set_ratio (WF_ASPECT_BIN (object), g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
wf_aspect_bin_dispose (GObject *object)
{
  WfAspectBin *self = WF_ASPECT_BIN (object);

  g_clear_pointer (&self->child, gtk_widget_unparent);
  G_OBJECT_CLASS (wf_aspect_bin_parent_class)->dispose (object);
}

static void
wf_aspect_bin_class_init (WfAspectBinClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = wf_aspect_bin_dispose;
  object_class->get_property = wf_aspect_bin_get_property;
  object_class->set_property = wf_aspect_bin_set_property;
  widget_class->get_request_mode = wf_aspect_bin_get_request_mode;
  widget_class->measure = wf_aspect_bin_measure;
  widget_class->size_allocate = wf_aspect_bin_size_allocate;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);

  /* Bound to an item's aspect ratio (g_object_bind_property). */
  properties[PROP_RATIO] =
    g_param_spec_double ("ratio", NULL, NULL, 0, G_MAXDOUBLE, 1,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
wf_aspect_bin_init (WfAspectBin *self)
{
  self->ratio = 1;
}

GtkWidget *
wf_aspect_bin_new (GtkWidget *child)
{
  WfAspectBin *self = g_object_new (wf_aspect_bin_get_type (), NULL);

  self->child = child;
  gtk_widget_set_parent (child, GTK_WIDGET (self));
  return GTK_WIDGET (self);
}

GtkWidget *
wf_aspect_bin_get_child (WfAspectBin *self)
{
  return self->child;
}

void
wf_aspect_bin_set_ratio (WfAspectBin *self,
                         double       ratio)
{
  if (!isfinite (ratio) || ratio <= 0)
    ratio = 1;
  if (self->ratio == ratio)
    return;
  self->ratio = ratio;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RATIO]);
}
