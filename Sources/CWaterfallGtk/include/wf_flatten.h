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
 * changes every frame costs no raster. A snapshot rasterizes the children that held still for
 * 1 ms at most (one at least; those that moved, whatever the time); the rest keep their
 * recording on screen and are rasterized in the next frames, which the canvas asks for.
 * Gradients are
 * rasterized once per look and size and shared by every child (an LRU of 16 MB); a gradient
 * between two opaque colours (the usual CSS one) is kept as an 8-bit mask of the mix, a
 * quarter of the memory.
 * The pixels are GSK's own: the same cairo code draws them onto a grid aligned with the
 * device pixels (a gradient drawn from its mask is within a level or two of GSK's, from
 * rounding the mix to 8 bits).
 *
 * The seam: the canvas (WaterfallMasonryView) calls wf_flatten_choose when it is realized and
 * draws its children with wf_flatten_snapshot_children; nothing else decides. Flattening is on
 * only where it helps — the window draws with GSK's cairo renderer and the environment does
 * not say WATERFALL_FLATTEN=0 — and off under GL and Vulkan, which keep textures and clips on
 * the GPU: there the children are drawn exactly as GtkWidget draws them, with no lookup per
 * child. docs/PERFORMANCE.md has the figures with and without it.
 *
 * Public API only, on every GTK: the raster is painted by a GskCairoNode whose recording paints
 * it (cairo replays the recording into a new image of the cell's size each frame, then blends
 * it). An earlier version wrote the raster into the node's private surface field to skip that
 * replay, and cut out the opaque middle to copy instead of blending; both went (#39), as a
 * change to that private structure in any GTK release would have been a crash.
 */

/* Marks `child` (a child of a WaterfallMasonryView) to be flattened when the view draws it. */
void wf_flatten_mark (GtkWidget *child);

/* Whether `child` was marked. */
gboolean wf_flatten_is_marked (GtkWidget *child);

/* Decides, for a canvas being realized (its window's renderer exists then and stays until it
 * is unrealized), whether its marked children are flattened from now on; drops the rasters its
 * children keep when they are not. */
void wf_flatten_choose (GtkWidget *canvas);

/* Whether the last wf_flatten_choose for `canvas` turned flattening on (FALSE before one). */
gboolean wf_flatten_applies (GtkWidget *canvas);

/* Draws `canvas`'s children in order as GtkWidget does, the marked ones flattened when
 * wf_flatten_choose turned it on; a hidden (pooled) child's raster is dropped. */
void wf_flatten_snapshot_children (GtkWidget *canvas, GtkSnapshot *snapshot);

/* Whether a marked child is drawn from its raster now, not from a recording of new content
 * (tests). */
gboolean wf_flatten_is_rasterized (GtkWidget *child);

/* Sets how long one snapshot of a canvas may spend rasterizing children that held still, in µs
 * (default 1000; one is rasterized whatever the budget): tests set 0 to rasterize one a frame. */
void wf_flatten_set_raster_budget (gint64 microseconds);

/* The number of gradient rasters cached (tests). */
guint wf_flatten_gradient_cache_count (void);

G_END_DECLS

#endif
