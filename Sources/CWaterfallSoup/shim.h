#ifndef CWATERFALL_SOUP_SHIM_H
#define CWATERFALL_SOUP_SHIM_H
/* libsoup 3 (and GLib/GIO under it) from the standard "libsoup-3.0" pkg-config (Debian:
 * libsoup-3.0-dev); TLS comes from glib-networking at run time. */
#include <libsoup/soup.h>
#endif
