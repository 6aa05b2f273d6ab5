#ifndef WF_PIXBUF_SHIM_H
#define WF_PIXBUF_SHIM_H
#include "wf_gtk.h"

/*
 * gdk_pixbuf_save_to_buffer without its variadic option list (which Swift cannot call):
 * encodes `pixbuf` as `type` ("png", "jpeg", "bmp", ...) into a newly allocated buffer the
 * caller frees with g_free. Returns FALSE and sets `error` on failure.
 */
gboolean wf_pixbuf_save_to_buffer(GdkPixbuf *pixbuf, const char *type, gchar **buffer, gsize *buffer_size,
                                  GError **error);

#endif
