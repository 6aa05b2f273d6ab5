#include "wf_accessible.h"

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

GtkWidget *wf_list_item_overlay_new(void) {
  return g_object_new(GTK_TYPE_OVERLAY, "accessible-role", GTK_ACCESSIBLE_ROLE_LIST_ITEM, NULL);
}

GtkWidget *wf_box_new_with_role(GtkOrientation orientation, int spacing, GtkAccessibleRole role) {
  return g_object_new(GTK_TYPE_BOX, "orientation", orientation, "spacing", spacing,
                      "accessible-role", role, NULL);
}
