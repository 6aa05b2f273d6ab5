#ifndef WF_CELL_H
#define WF_CELL_H
/*
 * What the wall's own image cells (WaterfallImageCell, Swift) and WaterfallFeedItemFactory's
 * cells (C) share, so that the two look alike; not installed.
 */

/* The height of the caption strip across the bottom of an image cell, in points (seed 004's
 * shop cell: 25 px, black at 30 % behind white text). */
#define WF_CAPTION_HEIGHT 25

#endif
