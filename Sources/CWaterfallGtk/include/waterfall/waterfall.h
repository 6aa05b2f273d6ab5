#ifndef WATERFALL_H
#define WATERFALL_H

/* The umbrella header of the Waterfall C API (GI namespace Waterfall, version 1). */
#include "waterfall-masonry-view.h"
#include "waterfall-item.h"
#include "waterfall-header.h"
#include "waterfall-item-factory.h"
#include "waterfall-signal-item-factory.h"
#include "waterfall-builder-item-factory.h"
#include "waterfall-feed-wall.h"
#include "waterfall-image.h"
#include "waterfall-feed-item.h"
#include "waterfall-feed-model.h"
#include "waterfall-feed-item-factory.h"

#endif
