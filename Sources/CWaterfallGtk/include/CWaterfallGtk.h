#ifndef CWATERFALLGTK_H
#define CWATERFALLGTK_H
/* Umbrella header of the small C target: what Swift cannot import from GTK 4 and GLib. */
#include "wf_gtk.h"
#include "wf_main_queue.h"
#include "waterfall/waterfall.h"
#include "waterfall-private.h"
#include "wf_flatten.h"
#include "wf_accessible.h"
#include "wf_i18n.h"
#include "waterfall-item-private.h"
#include "wf_list_sizing.h"
#include "wf_drag.h"
#include "wf_rubberband.h"
#include "wf_feed_wall.h"
#endif
