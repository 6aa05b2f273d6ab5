#ifndef CWATERFALL_PIXBUF_SHIM_H
#define CWATERFALL_PIXBUF_SHIM_H
/* gdk-pixbuf from the standard "gdk-pixbuf-2.0" pkg-config (Debian: libgdk-pixbuf-2.0-dev), for
 * the decoding shared by the app and waterfall-image-worker (which links no GTK). */
#include <gdk-pixbuf/gdk-pixbuf.h>
#endif
