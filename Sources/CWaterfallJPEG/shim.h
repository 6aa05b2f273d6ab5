#ifndef CWATERFALL_JPEG_SHIM_H
#define CWATERFALL_JPEG_SHIM_H
/* libjpeg(-turbo) from the standard "libjpeg" pkg-config (Debian: libjpeg62-turbo-dev).
 * jpeglib.h needs stdio.h (FILE) and stddef.h (size_t) first. */
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
#endif
