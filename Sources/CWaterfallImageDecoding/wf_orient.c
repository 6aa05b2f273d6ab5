#include "CWaterfallImageDecoding.h"
#include <stdlib.h>
#include <string.h>

/* The source pixel shown at output (x, y) for an EXIF orientation, for a source of w x h. */
static void source_of(int orientation, int x, int y, int w, int h, int *sx, int *sy) {
    switch (orientation) {
    case 2: *sx = w - 1 - x; *sy = y; break;              /* mirrored horizontally */
    case 3: *sx = w - 1 - x; *sy = h - 1 - y; break;      /* rotated 180 */
    case 4: *sx = x; *sy = h - 1 - y; break;              /* mirrored vertically */
    case 5: *sx = y; *sy = x; break;                      /* transposed */
    case 6: *sx = y; *sy = h - 1 - x; break;              /* to be rotated 90 clockwise */
    case 7: *sx = w - 1 - y; *sy = h - 1 - x; break;      /* transversed */
    case 8: *sx = w - 1 - y; *sy = x; break;              /* to be rotated 90 counter-clockwise */
    default: *sx = x; *sy = y; break;
    }
}

int wf_image_orient(wf_image *image, int orientation) {
    if (orientation < 2 || orientation > 8 || !image->pixels) return 1;
    int w = image->width, h = image->height;
    int swaps = orientation >= 5;
    int ow = swaps ? h : w, oh = swaps ? w : h;
    uint32_t *out = malloc((size_t)ow * (size_t)oh * 4);
    if (!out) return 0;
    const uint32_t *in = (const uint32_t *)image->pixels;
    for (int y = 0; y < oh; y++) {
        for (int x = 0; x < ow; x++) {
            int sx, sy;
            source_of(orientation, x, y, w, h, &sx, &sy);
            out[(size_t)y * ow + x] = in[(size_t)sy * w + sx];
        }
    }
    free(image->pixels);
    image->pixels = (uint8_t *)out;
    image->width = ow;
    image->height = oh;
    return 1;
}
