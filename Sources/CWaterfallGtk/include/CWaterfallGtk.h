#ifndef CWATERFALLGTK_H
#define CWATERFALLGTK_H
/* Umbrella header of CWaterfallGtk for Swift: the installed GObject types (waterfall/waterfall.h),
 * the seam between them and their Swift faces (waterfall-private.h, wf_feed_wall.h), and what
 * Swift cannot import from GTK 4 and GLib. */
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
#include "wf_image.h"
#include "wf_cell.h"
#include "wf_feed_model.h"
#endif
