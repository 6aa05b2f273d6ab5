#ifndef GTK_TEST_SUPPORT_H
#define GTK_TEST_SUPPORT_H
#include <gtk/gtk.h>

/* Whether `widget`'s accessible label is exactly `label`, as GTK holds it (through
 * gtk_test_accessible_check_property, which is variadic and so not callable from Swift). */
gboolean gtk_test_support_accessible_label_is(GtkWidget *widget, const char *label);

#endif
