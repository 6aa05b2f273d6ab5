#include "wf_accessible.h"

void
wf_accessible_set_label (GtkWidget *widget, const char *label)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void
wf_accessible_set_description (GtkWidget *widget, const char *description)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description, -1);
}

void
wf_accessible_set_selected (GtkWidget *widget, gboolean selected)
{
  gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}

void
wf_accessible_set_hidden (GtkWidget *widget, gboolean hidden)
{
  gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
#if GTK_CHECK_VERSION(4, 10, 0)
  /* Newer GTK (4.18 does; 4.8 does not) keeps the hidden state itself: mapping a widget clears
   * it, so a shown widget would come back into the tree. The presentation role leaves a widget
   * and its children out for good; GTK lets the role change only until an assistive technology
   * has seen the widget, so it is set once, when the widget is first hidden (at construction). */
  if (hidden && gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) != GTK_ACCESSIBLE_ROLE_PRESENTATION)
    {
      g_object_set (widget, "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);
    }
#endif
}

void
wf_accessible_set_position (GtkWidget *widget, int position, int count)
{
  gtk_accessible_update_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_POS_IN_SET,
                                  position, GTK_ACCESSIBLE_RELATION_SET_SIZE, count, -1);
}

GtkWidget *
wf_widget_new_with_role (GType type, GtkAccessibleRole role)
{
  g_return_val_if_fail (g_type_is_a (type, GTK_TYPE_WIDGET), NULL);
  return g_object_new (type, "accessible-role", role, NULL);
}

gboolean
wf_accessible_status_takes_label (void)
{
  return !GTK_CHECK_VERSION (4, 14, 0);
}

gboolean
wf_accessible_announce (GtkWidget *widget, const char *message)
{
#if GTK_CHECK_VERSION(4, 14, 0)
  /* GtkTestATContext, which GTK also falls back to when there is no accessibility bus (no session
   * bus), has no announce function up to at least GTK 4.18: gtk_accessible_announce would call
   * NULL. There is no screen reader to hear it then; the caller's fallback names the node. */
  GtkATContext *context = gtk_accessible_get_at_context (GTK_ACCESSIBLE (widget));
  gboolean can_announce = context != NULL && g_strcmp0 (G_OBJECT_TYPE_NAME (context), "GtkTestATContext") != 0;
  g_clear_object (&context);
  if (!can_announce)
    {
      return FALSE;
    }
  gtk_accessible_announce (GTK_ACCESSIBLE (widget), message, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
  return TRUE;
#else
  (void) widget, (void) message;
  return FALSE;
#endif
}

gboolean
wf_animations_enabled (GtkWidget *widget)
{
  gboolean enabled = TRUE;
  GtkSettings *settings = widget != NULL ? gtk_widget_get_settings (widget) : gtk_settings_get_default ();
  if (settings != NULL)
    {
      g_object_get (settings, "gtk-enable-animations", &enabled, NULL);
    }
  return enabled;
}

void
wf_set_animations_enabled (gboolean enabled)
{
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", enabled, NULL);
}
