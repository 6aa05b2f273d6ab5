#ifndef CWATERFALL_PNG_SHIM_H
#define CWATERFALL_PNG_SHIM_H
/* libpng 1.6 from the standard "libpng" pkg-config (Debian: libpng-dev). */
#include <png.h>
#endif
