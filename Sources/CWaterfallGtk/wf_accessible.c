#include "wf_accessible.h"

#include <dlfcn.h>

void wf_accessible_set_label(GtkWidget *widget, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void wf_accessible_set_description(GtkWidget *widget, const char *description) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                 description, -1);
}

void wf_accessible_set_selected(GtkWidget *widget, gboolean selected) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}

void wf_accessible_set_hidden(GtkWidget *widget, gboolean hidden) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

void wf_accessible_set_position(GtkWidget *widget, int position, int count) {
  gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_POS_IN_SET,
                                 position, GTK_ACCESSIBLE_RELATION_SET_SIZE, count, -1);
}

GtkWidget *wf_widget_new_with_role(GType type, GtkAccessibleRole role) {
  g_return_val_if_fail(g_type_is_a(type, GTK_TYPE_WIDGET), NULL);
  return g_object_new(type, "accessible-role", role, NULL);
}

/* gtk_accessible_announce (GTK 4.14) with GTK 4.14's GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM
 * (1), and gtk_accessible_get_at_context (GTK 4.10), looked up at run time so the library builds
 * and runs against GTK 4.8. */
typedef void (*WfAnnounceFunc)(GtkAccessible *accessible, const char *message, int priority);
typedef GObject *(*WfGetATContextFunc)(GtkAccessible *accessible);

gboolean wf_accessible_announce(GtkWidget *widget, const char *message) {
  static gsize looked_up = 0;
  static WfAnnounceFunc announce = NULL;
  static WfGetATContextFunc get_at_context = NULL;
  if (g_once_init_enter(&looked_up)) {
    announce = (WfAnnounceFunc)dlsym(RTLD_DEFAULT, "gtk_accessible_announce");
    get_at_context = (WfGetATContextFunc)dlsym(RTLD_DEFAULT, "gtk_accessible_get_at_context");
    g_once_init_leave(&looked_up, 1);
  }
  if (announce == NULL || get_at_context == NULL) {
    return FALSE;
  }
  /* GtkTestATContext, which GTK also falls back to when there is no accessibility bus (no session
   * bus), has no announce function up to at least GTK 4.18: gtk_accessible_announce would call
   * NULL. There is no screen reader to hear it then; the caller's fallback names the node. */
  GObject *context = get_at_context(GTK_ACCESSIBLE(widget));
  gboolean can_announce = context != NULL && g_strcmp0(G_OBJECT_TYPE_NAME(context), "GtkTestATContext") != 0;
  g_clear_object(&context);
  if (!can_announce) {
    return FALSE;
  }
  announce(GTK_ACCESSIBLE(widget), message, 1);
  return TRUE;
}

gboolean wf_animations_enabled(GtkWidget *widget) {
  gboolean enabled = TRUE;
  GtkSettings *settings = widget != NULL ? gtk_widget_get_settings(widget) : gtk_settings_get_default();
  if (settings != NULL) {
    g_object_get(settings, "gtk-enable-animations", &enabled, NULL);
  }
  return enabled;
}

void wf_set_animations_enabled(gboolean enabled) {
  g_object_set(gtk_settings_get_default(), "gtk-enable-animations", enabled, NULL);
}
