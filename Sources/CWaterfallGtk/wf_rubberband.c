#include "wf_rubberband.h"

/* GtkWidget draws a widget's CSS background and border itself: the band needs nothing more. */
G_DECLARE_FINAL_TYPE (WfRubberband, wf_rubberband, WF, RUBBERBAND, GtkWidget)

struct _WfRubberband
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (WfRubberband, wf_rubberband, GTK_TYPE_WIDGET)

static void
wf_rubberband_class_init (WfRubberbandClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  gtk_widget_class_set_css_name (widget_class, "rubberband");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
wf_rubberband_init (WfRubberband *self)
{
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_focusable (GTK_WIDGET (self), FALSE);
}

GtkWidget *
wf_rubberband_new (void)
{
  return g_object_new (wf_rubberband_get_type (), NULL);
}
