#include "accessible_shim.h"

gboolean wf_accessible_label_is(GtkWidget *widget, const char *label) {
    char *mismatch = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
    gboolean same = mismatch == NULL;
    g_free(mismatch);
    return same;
}
