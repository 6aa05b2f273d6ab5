#ifndef WF_FEED_MODEL_H
#define WF_FEED_MODEL_H
/*
 * What the C side of WaterfallFeedModel and its Swift logic (FeedModel+GObject.swift) say to
 * each other; not installed. The C model keeps the items and owns one retained Swift "face"
 * (a box around a FeedModel), made in `constructed`, detached in dispose and released in
 * finalize. The face holds the C model unretained and stops calling it once detached.
 */
#include "waterfall/waterfall-feed-model.h"
#include "waterfall/waterfall-feed-item.h"
#include "wf_face.h"

G_BEGIN_DECLS

/* --- Called by Swift ------------------------------------------------------------------- */

/* A new item (transfer full); strings and `color` may be NULL, sizes 0 when unknown. */
WaterfallFeedItem *wf_feed_item_new (const char    *id,
                                     const char    *title,
                                     const char    *subtitle,
                                     const char    *image_uri,
                                     int            width,
                                     int            height,
                                     double         aspect_ratio,
                                     const char    *blurhash,
                                     const char    *link,
                                     const GdkRGBA *color);

/* Inserts `n_items` items (transfer full, the array stays the caller's) at `position` and
 * emits one items-changed. */
void wf_feed_model_insert (WaterfallFeedModel  *self,
                           guint                position,
                           WaterfallFeedItem  **items,
                           guint                n_items);

/* An image's header told the size of the item at `position`, laid out at an estimate: sets
 * its width, height and aspect-ratio (notifying those that changed, at once) and emits
 * items-changed (position, 1, 1) with the same item from an idle callback, the corrections of
 * one main-loop turn together: one items-changed per run of adjacent positions. Pending
 * corrections are emitted before an insertion moves their positions. */
void wf_feed_model_resize_item (WaterfallFeedModel *self,
                                guint               position,
                                int                 width,
                                int                 height,
                                double              aspect_ratio);

/* Sets the item's width, height and aspect-ratio, notifying those that changed, in one freeze
 * of its notifications (waterfall-feed-item.c). */
void wf_feed_item_set_size (WaterfallFeedItem *self,
                            int                width,
                            int                height,
                            double             aspect_ratio);

/* The loader's state changed: stores the values and notifies the properties that changed.
 * `error_message` is the plain-words failure (NULL when the last operation did not fail). */
void wf_feed_model_sync_state (WaterfallFeedModel *self,
                               gboolean            loading,
                               gboolean            has_more,
                               const char         *error_message);

/* The GListModel `object` wraps: the value of its `model` property when it has a readable one
 * holding a GListModel (GtkSingleSelection, GtkFilterListModel, GtkSortListModel…), else
 * NULL (transfer none: `object` holds it). A WaterfallMasonryView walks these to the
 * WaterfallFeedModel its selection model shows (WaterfallListModelSource+Feed.swift). */
GListModel *wf_list_model_get_wrapped (GObject *object);

/* --- Implemented by Swift ----------------------------------------------------------------- */

/* Makes the face of `self` over the feed at `uri` shaped as `map` (a preset name or a
 * mapping; NULL for the standard format) and starts loading the first page; returns it
 * retained. On a bad URI or map returns NULL and sets `error` (WATERFALL_FEED_ERROR). */
gpointer waterfall_swift_feed_model_create (WaterfallFeedModel  *self,
                                            const char          *uri,
                                            const char          *map,
                                            GError             **error);

/* Loads the next page (a failed one again); loads the first page again. */
void waterfall_swift_feed_model_load_more (gpointer face);
void waterfall_swift_feed_model_refresh (gpointer face);

G_END_DECLS

#endif
