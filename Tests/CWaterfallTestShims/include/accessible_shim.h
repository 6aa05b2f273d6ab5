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

/* Whether the widget's accessible description is `description`. */
gboolean wf_accessible_description_is(GtkWidget *widget, const char *description);

/* Whether the widget has an accessible label at all. */
gboolean wf_accessible_has_label(GtkWidget *widget);

/* Whether `widget`'s accessible "selected" state is `selected` (gtk_test_accessible_check_state
 * is variadic). */
gboolean wf_accessible_selected_is(GtkWidget *widget, gboolean selected);

#endif
