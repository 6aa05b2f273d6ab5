#include "wf_box.h"
#include "CWaterfallImageDecoding.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Beyond this many source pixels per output pixel the sums could overflow; later pixels of that
 * output pixel are skipped (only images over a gigapixel shown in a few pixels get there). */
#define WF_BOX_MAX_COUNT (1u << 24)

int wf_box_init(wf_box *box, int source_width, int source_height, int width, int height) {
    memset(box, 0, sizeof *box);
    box->source_width = source_width;
    box->source_height = source_height;
    box->width = width;
    box->height = height;
    box->sums = calloc((size_t)width * (size_t)height, 5 * sizeof(uint32_t));
    box->column_of = malloc((size_t)source_width * sizeof(int32_t));
    if (!box->sums || !box->column_of) {
        wf_box_free(box);
        return 0;
    }
    for (int x = 0; x < source_width; x++) {
        box->column_of[x] = (int32_t)((int64_t)x * width / source_width);
    }
    return 1;
}

void wf_box_add(wf_box *box, int y, const uint8_t *rgba, int x0, int step, int count) {
    int row = (int)((int64_t)y * box->height / box->source_height);
    uint32_t *sums = box->sums + (size_t)row * (size_t)box->width * 5;
    for (int i = 0, x = x0; i < count; i++, x += step, rgba += 4) {
        uint32_t *cell = sums + (size_t)box->column_of[x] * 5;
        if (cell[4] >= WF_BOX_MAX_COUNT) continue;
        uint32_t alpha = rgba[3];
        if (alpha == 255) {
            cell[0] += rgba[0];
            cell[1] += rgba[1];
            cell[2] += rgba[2];
        } else {
            cell[0] += (rgba[0] * alpha + 127) / 255;
            cell[1] += (rgba[1] * alpha + 127) / 255;
            cell[2] += (rgba[2] * alpha + 127) / 255;
        }
        cell[3] += alpha;
        cell[4] += 1;
    }
}

uint8_t *wf_box_finish(wf_box *box) {
    size_t pixels = (size_t)box->width * (size_t)box->height;
    uint8_t *out = malloc(pixels * 4);
    if (out) {
        for (size_t i = 0; i < pixels; i++) {
            const uint32_t *cell = box->sums + i * 5;
            uint32_t count = cell[4] ? cell[4] : 1;
            for (int c = 0; c < 4; c++) {
                out[i * 4 + c] = (uint8_t)((cell[c] + count / 2) / count);
            }
        }
    }
    wf_box_free(box);
    return out;
}

void wf_box_free(wf_box *box) {
    free(box->sums);
    free(box->column_of);
    box->sums = NULL;
    box->column_of = NULL;
}

void wf_clamp_size(int source_width, int source_height, int *width, int *height) {
    if (*width < 1) *width = 1;
    if (*height < 1) *height = 1;
    if (*width > source_width) *width = source_width;
    if (*height > source_height) *height = source_height;
}

void wf_set_error(char *error, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error, WF_ERROR_SIZE, format, arguments);
    va_end(arguments);
}

void wf_image_free(wf_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}
