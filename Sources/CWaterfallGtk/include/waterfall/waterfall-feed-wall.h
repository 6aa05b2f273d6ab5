#ifndef WATERFALL_FEED_WALL_H
#define WATERFALL_FEED_WALL_H

#include <gtk/gtk.h>
#include "waterfall-masonry-view.h"

G_BEGIN_DECLS

/**
 * WATERFALL_FEED_ERROR:
 *
 * The error domain of [class@Waterfall.FeedWall]; its codes are [error@Waterfall.FeedError].
 */
#define WATERFALL_FEED_ERROR (waterfall_feed_error_quark ())

/**
 * WaterfallFeedError:
 * @WATERFALL_FEED_ERROR_INVALID_URL: the feed URL is not an `http`, `https` or `file` URL
 * @WATERFALL_FEED_ERROR_INVALID_SCHEMA: the schema is neither a preset name nor a valid mapping
 *
 * Why [ctor@Waterfall.FeedWall.new] refused to make a wall.
 */
typedef enum
{
  WATERFALL_FEED_ERROR_INVALID_URL,
  WATERFALL_FEED_ERROR_INVALID_SCHEMA,
} WaterfallFeedError;

GQuark waterfall_feed_error_quark (void);

#define WATERFALL_TYPE_FEED_WALL (waterfall_feed_wall_get_type ())

G_DECLARE_FINAL_TYPE (WaterfallFeedWall, waterfall_feed_wall, WATERFALL, FEED_WALL, GtkWidget)

GtkWidget *waterfall_feed_wall_new (const char *url, const char *schema, GError **error);

const char *waterfall_feed_wall_get_url (WaterfallFeedWall *self);
const char *waterfall_feed_wall_get_schema (WaterfallFeedWall *self);
WaterfallMasonryView *waterfall_feed_wall_get_view (WaterfallFeedWall *self);
guint waterfall_feed_wall_get_n_items (WaterfallFeedWall *self);
gboolean waterfall_feed_wall_get_loading (WaterfallFeedWall *self);
const char *waterfall_feed_wall_get_error_message (WaterfallFeedWall *self);
gboolean waterfall_feed_wall_get_images_ready (WaterfallFeedWall *self);

void waterfall_feed_wall_refresh (WaterfallFeedWall *self);
void waterfall_feed_wall_retry (WaterfallFeedWall *self);

G_END_DECLS

#endif
