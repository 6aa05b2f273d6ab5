#ifndef WF_FLATTEN_H
#define WF_FLATTEN_H
#include "wf_gtk.h"

G_BEGIN_DECLS

/*
 * Flattening: with GTK's cairo renderer every frame draws every node again — a child's
 * rounded clip, its textures (copied into a new cairo surface each time) and its CSS gradients
 * (computed per pixel). A flattened child is instead rasterized into one surface, with its
 * rounded corners and gradients baked in, once GTK gives it the same render node a second
 * frame (its content, size and style held still), and every later frame paints that surface.
 * The first frame of new content draws it directly, with the cached gradients, so content that
 * changes every frame costs no raster. Gradients are rasterized once per look and size and
 * shared by every child (an LRU of 16 MB); a gradient between two opaque colours (the usual
 * CSS one) is kept as an 8-bit mask of the mix, a quarter of the memory.
 * The pixels are GSK's own: the same cairo code draws them onto a grid aligned with the
 * device pixels (a gradient drawn from its mask is within a level or two of GSK's, from
 * rounding the mix to 8 bits). Other renderers (GL, Vulkan) draw the children as usual.
 */

/* Marks `child` (a child of a WaterfallMasonryView) to be flattened when the view draws it. */
void wf_flatten_mark(GtkWidget *child);

/* Drops the raster a marked child keeps (the canvas does this for hidden children). */
void wf_flatten_forget(GtkWidget *child);

/* Whether `child` was marked. */
gboolean wf_flatten_is_marked(GtkWidget *child);

/* Whether flattening applies to `widget`'s children: its window draws with the cairo renderer
 * and the environment does not say WATERFALL_FLATTEN=0 (read once). */
gboolean wf_flatten_applies(GtkWidget *widget);

/* Snapshots a marked child of `parent` as gtk_widget_snapshot_child does, flattened. */
void wf_flatten_snapshot_child(GtkWidget *parent, GtkWidget *child, GtkSnapshot *snapshot);

/* Whether a marked child is drawn from its raster now, not from a recording of new content
 * (tests). */
gboolean wf_flatten_is_rasterized(GtkWidget *child);

/* The number of gradient rasters cached (tests). */
guint wf_flatten_gradient_cache_count(void);

G_END_DECLS

#endif
