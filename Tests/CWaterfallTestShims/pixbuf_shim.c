#include "pixbuf_shim.h"

gboolean wf_pixbuf_save_to_buffer(GdkPixbuf *pixbuf, const char *type, gchar **buffer, gsize *buffer_size,
                                  GError **error) {
    return gdk_pixbuf_save_to_buffer(pixbuf, buffer, buffer_size, type, error, NULL);
}
