#include "style_shim.h"

gboolean wf_test_theme_color(GtkWidget *widget, const char *name, GdkRGBA *color) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    return gtk_style_context_lookup_color(gtk_widget_get_style_context(widget), name, color);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

GtkBorder wf_test_css_border(GtkWidget *widget) {
    GtkBorder border = {0};
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_get_border(gtk_widget_get_style_context(widget), &border);
    G_GNUC_END_IGNORE_DEPRECATIONS
    return border;
}

gboolean wf_test_translate_point(GtkWidget *widget, GtkWidget *target, double x, double y, double *target_x,
                                 double *target_y) {
#if GTK_CHECK_VERSION(4, 10, 0)
    graphene_point_t point = GRAPHENE_POINT_INIT((float)x, (float)y), translated;
    if (!gtk_widget_compute_point(widget, target, &point, &translated)) return FALSE;
    *target_x = translated.x;
    *target_y = translated.y;
    return TRUE;
#else
    return gtk_widget_translate_coordinates(widget, target, x, y, target_x, target_y);
#endif
}
