#include "CWaterfallImageDecoding.h"
#include "wf_box.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* The bytes still to read and the error message libpng reported. */
typedef struct png_source {
    const uint8_t *data;
    size_t size, offset;
    char *error;
} png_source;

static void read_bytes(png_structp png, png_bytep into, size_t count) {
    png_source *source = png_get_io_ptr(png);
    if (source->size - source->offset < count) {
        png_error(png, "truncated PNG data");
    }
    memcpy(into, source->data + source->offset, count);
    source->offset += count;
}

static void on_error(png_structp png, png_const_charp message) {
    png_source *source = png_get_error_ptr(png);
    wf_set_error(source->error, "libpng: %s", message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/* Everything the decode allocates, released in one place whatever path it takes. */
typedef struct png_work {
    png_structp png;
    png_infop info;
    uint8_t *row;
    wf_box box;
} png_work;

int wf_decode_png(const uint8_t *data, size_t size, wf_choose_size choose, void *context, wf_image *out,
                  char error[WF_ERROR_SIZE]) {
    memset(out, 0, sizeof *out);
    png_source source = {data, size, 0, error};
    /* volatile: read after longjmp. */
    png_work *volatile work = calloc(1, sizeof(png_work));
    if (!work) {
        wf_set_error(error, "out of memory");
        return 0;
    }
    work->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, on_error, on_warning);
    work->info = work->png ? png_create_info_struct(work->png) : NULL;
    if (!work->info) {
        png_destroy_read_struct(work->png ? &work->png : NULL, NULL, NULL);
        free(work);
        wf_set_error(error, "out of memory");
        return 0;
    }
    volatile int ok = 0;
    if (setjmp(png_jmpbuf(work->png)) == 0) {
        png_structp png = work->png;
        png_infop info = work->info;
        png_set_read_fn(png, &source, read_bytes);
        png_read_info(png, info);
        int source_width = (int)png_get_image_width(png, info);
        int source_height = (int)png_get_image_height(png, info);
        int type = png_get_color_type(png, info);
        int depth = png_get_bit_depth(png, info);
        if (depth == 16) png_set_scale_16(png);
        if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
        if (type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
        if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
        if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
        png_read_update_info(png, info);
        int width = source_width, height = source_height;
        if (!choose(context, source_width, source_height, &width, &height)) {
            wf_set_error(error, "refused a %dx%d image", source_width, source_height);
            png_longjmp(png, 1);
        }
        wf_clamp_size(source_width, source_height, &width, &height);
        work->row = malloc((size_t)source_width * 4);
        if (!work->row || !wf_box_init(&work->box, source_width, source_height, width, height)) {
            wf_set_error(error, "out of memory for a %dx%d image", width, height);
            png_longjmp(png, 1);
        }
        if (png_get_interlace_type(png, info) == PNG_INTERLACE_ADAM7) {
            /* No interlace handling: each pass delivers its own compact rows, which the box
             * filter places at their pixels' positions. */
            for (int pass = 0; pass < 7; pass++) {
                int columns = (int)PNG_PASS_COLS(source_width, pass), rows = (int)PNG_PASS_ROWS(source_height, pass);
                if (columns == 0 || rows == 0) continue;
                for (int r = 0; r < rows; r++) {
                    png_read_row(png, work->row, NULL);
                    wf_box_add(&work->box, (int)PNG_ROW_FROM_PASS_ROW(r, pass), work->row, PNG_PASS_START_COL(pass),
                               PNG_PASS_COL_OFFSET(pass), columns);
                }
            }
        } else {
            for (int y = 0; y < source_height; y++) {
                png_read_row(png, work->row, NULL);
                wf_box_add(&work->box, y, work->row, 0, 1, source_width);
            }
        }
        png_read_end(png, NULL);
        out->pixels = wf_box_finish(&work->box);
        if (!out->pixels) {
            wf_set_error(error, "out of memory for a %dx%d image", width, height);
            png_longjmp(png, 1);
        }
        out->width = width;
        out->height = height;
        out->source_width = source_width;
        out->source_height = source_height;
        ok = 1;
    }
    wf_box_free(&work->box);
    free(work->row);
    png_destroy_read_struct(&work->png, &work->info, NULL);
    free(work);
    return ok;
}
