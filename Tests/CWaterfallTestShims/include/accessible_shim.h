#ifndef WF_ACCESSIBLE_SHIM_H
#define WF_ACCESSIBLE_SHIM_H
#if __has_feature(modules)
#pragma clang module import CWaterfallGtk4
#else
#include <gtk/gtk.h>
/* Whether `widget`'s accessible "selected" state is `selected` (gtk_test_accessible_check_state
 * is variadic). */
gboolean wf_accessible_selected_is(GtkWidget *widget, gboolean selected);

#endif

/* Whether `widget`'s accessible label is exactly `label`, as GTK holds it (through
 * gtk_test_accessible_check_property, which is variadic and so not callable from Swift). */
gboolean wf_accessible_label_is(GtkWidget *widget, const char *label);

/* Whether `widget`'s accessible "selected" state is `selected` (gtk_test_accessible_check_state
 * is variadic). */
gboolean wf_accessible_selected_is(GtkWidget *widget, gboolean selected);

#endif
