#ifndef WF_BOX_H
#define WF_BOX_H
/* A box filter that accumulates source pixels, in any order, into an output of fixed size. */
#include <stdint.h>

typedef struct wf_box {
    int source_width, source_height, width, height;
    uint32_t *sums;      /* per output pixel: premultiplied R, G, B, alpha, pixel count */
    int32_t *column_of;  /* output column of each source column */
} wf_box;

/* Returns 0 when memory runs out. */
int wf_box_init(wf_box *box, int source_width, int source_height, int width, int height);

/*
 * Adds `count` straight-alpha RGBA8 pixels of source row `y` at columns x0, x0 + step, ...
 * (Adam7 passes use step > 1).
 */
void wf_box_add(wf_box *box, int y, const uint8_t *rgba, int x0, int step, int count);

/* The premultiplied RGBA8 output (malloc; NULL when memory runs out); frees the box's buffers. */
uint8_t *wf_box_finish(wf_box *box);

/* Frees the box's buffers (after an error). */
void wf_box_free(wf_box *box);

/* Clamps a chosen size to 1...source. */
void wf_clamp_size(int source_width, int source_height, int *width, int *height);

/* Writes a formatted message into an error buffer of WF_ERROR_SIZE bytes. */
void wf_set_error(char *error, const char *format, ...) __attribute__((format(printf, 2, 3)));
#endif
