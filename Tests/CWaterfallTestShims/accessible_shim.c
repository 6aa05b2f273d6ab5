#include "accessible_shim.h"

gboolean wf_accessible_label_is(GtkWidget *widget, const char *label) {
    char *mismatch = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
    gboolean same = mismatch == NULL;
    g_free(mismatch);
    return same;
}

gboolean wf_accessible_description_is(GtkWidget *widget, const char *description) {
    char *mismatch = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description);
    gboolean same = mismatch == NULL;
    g_free(mismatch);
    return same;
}

gboolean wf_accessible_has_label(GtkWidget *widget) {
    return gtk_test_accessible_has_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

gboolean wf_accessible_selected_is(GtkWidget *widget, gboolean selected) {
  /* A widget never selected has no state at all, which means "not selected". */
  if (!selected && !gtk_test_accessible_has_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_SELECTED)) return TRUE;
  char *message = gtk_test_accessible_check_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_SELECTED, selected);
  gboolean matches = message == NULL;
  g_free(message);
  return matches;
}
