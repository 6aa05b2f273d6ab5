#ifndef WF_STYLE_SHIM_H
#define WF_STYLE_SHIM_H
/* What the tests read of GTK's styling and geometry, through the API of the GTK they are built
 * against: GTK 4.10 deprecated GtkStyleContext and gtk_widget_translate_coordinates. */
#if __has_feature(modules)
#pragma clang module import CWaterfallGtk4
#else
#include <gtk/gtk.h>
#endif

/* The theme's named colour `name` for `widget` into `color`; FALSE when the theme has none.
 * GtkStyleContext has no replacement for reading a named colour, so this keeps it, with its
 * deprecation silenced on GTK >= 4.10. */
gboolean wf_test_theme_color(GtkWidget *widget, const char *name, GdkRGBA *color);

/* The CSS border widths of `widget` (the same: no replacement for reading computed CSS). */
GtkBorder wf_test_css_border(GtkWidget *widget);

/* (`x`, `y`) in `widget`'s coordinates translated into `target`'s; FALSE when they share no
 * ancestor. gtk_widget_compute_point on GTK >= 4.10, gtk_widget_translate_coordinates before. */
gboolean wf_test_translate_point(GtkWidget *widget, GtkWidget *target, double x, double y, double *target_x,
                                 double *target_y);
#endif
