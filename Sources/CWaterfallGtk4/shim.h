#ifndef CWATERFALLGTK4_SHIM_H
#define CWATERFALLGTK4_SHIM_H
#include <gtk/gtk.h>

/* Loads `css` into `provider` with the API of the GTK it is built against: load_from_string from
 * GTK 4.12, load_from_data (deprecated there) before. */
static inline void wf_css_provider_load(GtkCssProvider *provider, const char *css) {
#if GTK_CHECK_VERSION(4, 12, 0)
    gtk_css_provider_load_from_string(provider, css);
#else
    gtk_css_provider_load_from_data(provider, css, -1);
#endif
}
#endif
