#ifndef WF_CELL_H
#define WF_CELL_H
/*
 * What the wall's own image cells (WaterfallImageCell, Swift) and WaterfallFeedItemFactory's
 * cells (C) share, so that the two look alike; not installed.
 */

/* The height of the caption strip across the bottom of an image cell, in points (seed 004's
 * shop cell: 25 px, black at 30 % behind white text). */
#define WF_CAPTION_HEIGHT 25

/* The CSS class of the caption strip (WaterfallStyle.ClassName.caption). */
#define WF_CAPTION_CLASS "waterfall-caption"

/* The CSS class of a caption wrapped below its image (WaterfallStyle.ClassName.wrappedCaption;
 * FeedWall's `wrapsCaptions`, WaterfallFeedItemFactory's `wrap-captions`). */
#define WF_WRAPPED_CAPTION_CLASS "waterfall-wrapped-caption"

/* The accessible label of a feed item's cell: its title and its subtitle (the price), those
 * that are not NULL, joined by the locale's list separator (", " in English), as FeedWall's
 * cells say it (FeedItem.accessibleLabel, Swift); newly allocated. */
char *waterfall_swift_feed_item_accessible_label (const char *title,
                                                  const char *subtitle);

#endif
