#ifndef ACCESSIBILITY_TESTING_H
#define ACCESSIBILITY_TESTING_H
/* GTK comes in as the CWaterfallGtk4 module when Clang builds modules (see wf_gtk.h). */
#if __has_feature(modules)
#pragma clang module import CWaterfallGtk4
#else
#include <gtk/gtk.h>
#endif

/* Whether `widget`'s accessible label is exactly `label`, as GTK holds it (through
 * gtk_test_accessible_check_property, which is variadic and so not callable from Swift). */
gboolean accessibility_testing_label_is(GtkWidget *widget, const char *label);

#endif
