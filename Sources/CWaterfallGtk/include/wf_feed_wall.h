#ifndef WF_FEED_WALL_H
#define WF_FEED_WALL_H
/*
 * What the C side of WaterfallFeedWall and its Swift logic (FeedWall+GObject.swift) say to each
 * other; not installed. The C wall owns one retained Swift "face" (the parts the wall is made of),
 * made in `constructed`, detached in dispose and released in finalize. The face holds the C
 * wall unretained and stops calling it once detached.
 */
#include "waterfall/waterfall-feed-model.h"
#include "waterfall/waterfall-feed-wall.h"
#include "wf_face.h"

G_BEGIN_DECLS

/* --- Called by Swift ------------------------------------------------------------------- */

/* The loader's state changed: stores the values and notifies the properties that changed.
 * `error_message` is the plain-words failure (NULL when the last operation did not fail). */
void wf_feed_wall_sync_state (WaterfallFeedWall *self, guint n_items, gboolean loading, const char *error_message);

/* Emits WaterfallFeedWall::item-activated. */
void wf_feed_wall_emit_item_activated (WaterfallFeedWall *self, guint position, const char *id, const char *title, const char *image_uri);

/* --- Implemented by Swift ----------------------------------------------------------------- */

/* Makes the face of `self` over `model` (which it references): the view of the model's items,
 * with the wall's banner, put into `self`; returns it retained. */
gpointer waterfall_swift_feed_wall_create (WaterfallFeedWall *self, WaterfallFeedModel *model);

/* The WaterfallMasonryView inside the wall (owned by the wall). */
WaterfallMasonryView *waterfall_swift_feed_wall_view (gpointer face);

/* Whether every visible cell shows its image or its error placeholder (see FeedWall.visibleImagesReady). */
gboolean waterfall_swift_feed_wall_images_ready (gpointer face);

/* Starts a refresh; runs the failed operation again. */
void waterfall_swift_feed_wall_refresh (gpointer face);
void waterfall_swift_feed_wall_retry (gpointer face);

G_END_DECLS

#endif
