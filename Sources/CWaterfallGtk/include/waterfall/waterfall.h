#ifndef WATERFALL_H
#define WATERFALL_H

/* The umbrella header of the Waterfall C API (GI namespace Waterfall, version 1). */
#include "waterfall-masonry-view.h"

#endif
