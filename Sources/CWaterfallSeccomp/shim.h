#ifndef CWATERFALL_SECCOMP_SHIM_H
#define CWATERFALL_SECCOMP_SHIM_H
/* libseccomp from the standard "libseccomp" pkg-config (Debian: libseccomp-dev); only the image
 * worker links it. */
#include <seccomp.h>
#endif
