#ifndef CWATERFALL_WEBP_SHIM_H
#define CWATERFALL_WEBP_SHIM_H
/* libwebp's decoder from the standard "libwebp" pkg-config (Debian: libwebp-dev). */
#include <webp/decode.h>
#endif
