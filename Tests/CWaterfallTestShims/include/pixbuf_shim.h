#ifndef WF_PIXBUF_SHIM_H
#define WF_PIXBUF_SHIM_H
#if __has_feature(modules)
#pragma clang module import CWaterfallGtk4
#else
#include <gtk/gtk.h>
#endif

/*
 * gdk_pixbuf_save_to_buffer without its variadic option list (which Swift cannot call):
 * encodes `pixbuf` as `type` ("png", "jpeg", "bmp", ...) into a newly allocated buffer the
 * caller frees with g_free. Returns FALSE and sets `error` on failure.
 */
gboolean wf_pixbuf_save_to_buffer(GdkPixbuf *pixbuf, const char *type, gchar **buffer, gsize *buffer_size,
                                  GError **error);

#endif
