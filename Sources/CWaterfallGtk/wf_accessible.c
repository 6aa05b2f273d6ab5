#include "wf_accessible.h"

void wf_accessible_set_label(GtkWidget *widget, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void wf_accessible_set_selected(GtkWidget *widget, gboolean selected) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}

void wf_accessible_set_active_descendant(GtkWidget *widget, GtkWidget *descendant) {
  gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT,
                                 descendant, -1);
}

GtkWidget *wf_list_item_overlay_new(void) {
  return g_object_new(GTK_TYPE_OVERLAY, "accessible-role", GTK_ACCESSIBLE_ROLE_LIST_ITEM, NULL);
}
