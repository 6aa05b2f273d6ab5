#ifndef CWATERFALL_PIXBUF_DECODING_H
#define CWATERFALL_PIXBUF_DECODING_H
/*
 * gdk-pixbuf's loaders for the formats the streamed decoders do not cover (GIF, BMP, TIFF, SVG,
 * animated WebP, AVIF, HEIC, …). The app's in-process decoding (PixbufDecoder) and
 * waterfall-image-worker share this code, so an image decodes alike in either.
 */
#include <gdk-pixbuf/gdk-pixbuf.h>
#include "wf_animation.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The bytes an error message may take, including the terminating NUL. */
#define WF_PIXBUF_ERROR_SIZE 256

/*
 * The size that fits `source_width` x `source_height` into the box (each side at least 1),
 * never larger than the source; a box side <= 0 does not constrain.
 */
void wf_pixbuf_fit(int box_width, int box_height, int source_width, int source_height, int *width, int *height);

/*
 * Loads `data` with the loader gdk-pixbuf picks, at the size that fits the box of `box_width` x
 * `box_height` (set in "size-prepared"; never enlarged, except that with `enlarges` — SVG — the
 * image is scaled to fit the box either way). Returns the closed loader (the caller unrefs it),
 * or NULL with a message in `error`; `*unknown_type` is then 1 when no loader recognised the data.
 */
GdkPixbufLoader *wf_pixbuf_load(const guint8 *data, gsize size, int box_width, int box_height, int enlarges,
                                int *unknown_type, char error[WF_PIXBUF_ERROR_SIZE]);

/*
 * The loader's still image with its embedded orientation applied and, unless `enlarges`, scaled
 * (bilinear) to fit the box when the loader ignored the requested size. A new reference, or NULL
 * with a message in `error`.
 */
GdkPixbuf *wf_pixbuf_still(GdkPixbufLoader *loader, int box_width, int box_height, int enlarges,
                           char error[WF_PIXBUF_ERROR_SIZE]);

/*
 * Samples the frames of `animation` (with `frame_count` frames counted in the data, at most
 * that many are read): each frame's delay in milliseconds goes to `delays` (capacity
 * `frame_count`), and `frames[i]` (capacity `frame_count`) gets a new reference to frame i scaled
 * to `width` x `height` — frame 0 always, the others only when `keep_all`. Returns the number of
 * frames shown (a finite animation stops at its last frame, whose delay is not counted), or 0
 * when the animation is a still image or a frame cannot be made (no references are then left).
 */
int wf_pixbuf_animation_sample(GdkPixbufAnimation *animation, int frame_count, int width, int height, int keep_all,
                               int *delays, GdkPixbuf **frames);

/*
 * Loads every loader module and the shared-mime-info database gdk-pixbuf sniffs formats with,
 * and the fonts of SVG text (the generic families, regular and bold: fontconfig's configuration,
 * Pango's font map and the font files), so that decoding opens no file afterwards
 * (waterfall-image-worker calls it before its seccomp filter refuses open()). GLib's log
 * messages are dropped from then on (the filter refuses writing them).
 */
void wf_pixbuf_preload(void);

#ifdef __cplusplus
}
#endif
#endif
