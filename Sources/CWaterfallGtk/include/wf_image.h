#ifndef WF_IMAGE_H
#define WF_IMAGE_H
/*
 * What the C side of WaterfallImage and its Swift logic (WaterfallImage+GObject.swift) say to
 * each other; not installed. The C image owns one retained Swift "face" (a box around a
 * PipelineImage), made at construction, detached in dispose (which cancels its load) and
 * released in finalize. The face holds the C image unretained and stops calling it once
 * detached.
 */
#include "waterfall/waterfall-image.h"
#include "wf_face.h"

G_BEGIN_DECLS

/* --- Called by Swift ------------------------------------------------------------------- */

/* The load's state changed: stores the values and notifies the properties that changed.
 * `error_message` is the plain-words failure (NULL unless `failed`). */
void wf_image_sync_state (WaterfallImage *self,
                          gboolean        loading,
                          gboolean        failed,
                          const char     *error_message);

/* The intrinsic size (0 × 0: unknown) changed, from the image's header or its decoded pixels. */
void wf_image_set_intrinsic_size (WaterfallImage *self,
                                  int             width,
                                  int             height);

/* What the image draws changed (its pixels arrived, an animation advanced). */
void wf_image_invalidate_contents (WaterfallImage *self);

/* Whether the image draws its pixels or its failure state, not a placeholder: its load is
 * over (a wall waiting for its pictures before a screenshot asks it). */
gboolean wf_image_is_shown (WaterfallImage *self);

/* --- Implemented by Swift ----------------------------------------------------------------- */

/* Makes the face of `self` for `uri` and returns it retained. */
gpointer waterfall_swift_image_create (WaterfallImage *self,
                                       const char     *uri);

/* Starts the load unless it is running or done: decoded to fit `width` × `height` pixels
 * (0 × 0: the image's own size). */
void waterfall_swift_image_load (gpointer face,
                                 int      width,
                                 int      height);

/* Whether the load was started and not cancelled since. */
gboolean waterfall_swift_image_started (gpointer face);

/* Cancels the load; the image shows its placeholder again. */
void waterfall_swift_image_cancel (gpointer face);

/* The image was drawn: keeps its animation going. */
void waterfall_swift_image_drawn (gpointer face);

/* The BlurHash placeholder (NULL: the plain one). */
void waterfall_swift_image_set_blurhash (gpointer    face,
                                         const char *blurhash);

/* What to draw now: the decoded picture (or the animation's current frame), else the BlurHash
 * placeholder, else NULL (the plain placeholder). Owned by the face. */
GdkPaintable *waterfall_swift_image_get_picture (gpointer face);

/* The text of the failure state ("Image unavailable"), in the user's language; owned by the
 * caller. */
char *waterfall_swift_image_unavailable_text (void);

G_END_DECLS

#endif
