#ifndef CWATERFALLTESTSHIMS_H
#define CWATERFALLTESTSHIMS_H
/* Umbrella header of the tests' C shims (an explicit list, so a new header is never missed by
 * a module cache built before it existed). */
#include "accessible_shim.h"
#include "pixbuf_shim.h"
#include "drag_shim.h"
#include "style_shim.h"
#endif
