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

#endif
