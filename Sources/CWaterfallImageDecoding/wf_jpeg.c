#include "CWaterfallImageDecoding.h"
#include "wf_box.h"
#include "wf_jpeg_spill.h"
#include <jerror.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* A decompressor with the error handling and buffers one decode owns. */
typedef struct wf_jpeg {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr errors;
    jmp_buf on_error;
    char *error;
    wf_spill spill;
    uint8_t *rows;  /* one scanline as libjpeg writes it */
    uint8_t *rgba;  /* the scanline as RGBA (CMYK input only) */
    wf_box box;
} wf_jpeg;

static void error_exit(j_common_ptr cinfo) {
    wf_jpeg *jpeg = (wf_jpeg *)(void *)cinfo;
    char message[JMSG_LENGTH_MAX];
    cinfo->err->format_message(cinfo, message);
    wf_set_error(jpeg->error, "libjpeg: %s", message);
    longjmp(jpeg->on_error, 1);
}

/* Warnings are ignored except a premature end of the data: a cut-short file is an error (libjpeg
 * would show its missing part gray). */
static void emit_message(j_common_ptr cinfo, int level) {
    if (level < 0 && cinfo->err->msg_code == JWRN_JPEG_EOF) error_exit(cinfo);
}

/* The smallest DCT scale M/8 whose output still covers width x height. */
static unsigned scale_numerator(JDIMENSION source_width, JDIMENSION source_height, int width, int height) {
    for (unsigned m = 1; m < 8; m++) {
        if ((source_width * m + 7) / 8 >= (JDIMENSION)width && (source_height * m + 7) / 8 >= (JDIMENSION)height) return m;
    }
    return 8;
}

/* CMYK (or YCCK converted by libjpeg) to RGBA. Adobe applications write inverted CMYK, which is
 * what an Adobe marker says. */
static void cmyk_to_rgba(const uint8_t *cmyk, uint8_t *rgba, JDIMENSION count, int inverted) {
    for (JDIMENSION i = 0; i < count; i++, cmyk += 4, rgba += 4) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) {
            c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
        }
        rgba[0] = (uint8_t)((c * k + 127) / 255);
        rgba[1] = (uint8_t)((m * k + 127) / 255);
        rgba[2] = (uint8_t)((y * k + 127) / 255);
        rgba[3] = 255;
    }
}

static void release(wf_jpeg *jpeg) {
    jpeg_destroy_decompress(&jpeg->cinfo);
    wf_spill_release(&jpeg->spill);
    wf_box_free(&jpeg->box);
    free(jpeg->rows);
    free(jpeg->rgba);
    free(jpeg);
}

int wf_decode_jpeg(const uint8_t *data, size_t size, wf_choose_size choose, void *context, wf_image *out,
                   char error[WF_ERROR_SIZE]) {
    memset(out, 0, sizeof *out);
    /* volatile: used after longjmp. */
    wf_jpeg *volatile jpeg = calloc(1, sizeof(wf_jpeg));
    if (!jpeg) {
        wf_set_error(error, "out of memory");
        return 0;
    }
    jpeg->error = error;
    jpeg->cinfo.err = jpeg_std_error(&jpeg->errors);
    jpeg->errors.error_exit = error_exit;
    jpeg->errors.emit_message = emit_message;
    if (setjmp(jpeg->on_error)) {
        release(jpeg);
        return 0;
    }
    struct jpeg_decompress_struct *cinfo = &jpeg->cinfo;
    jpeg_create_decompress(cinfo);
    wf_spill_install(&jpeg->spill, (j_common_ptr)cinfo);
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_read_header(cinfo, TRUE);
    int source_width = (int)cinfo->image_width, source_height = (int)cinfo->image_height;
    int width = source_width, height = source_height;
    if (!choose(context, source_width, source_height, &width, &height)) {
        wf_set_error(error, "refused a %dx%d image", source_width, source_height);
        release(jpeg);
        return 0;
    }
    wf_clamp_size(source_width, source_height, &width, &height);
    int cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    cinfo->scale_num = scale_numerator(cinfo->image_width, cinfo->image_height, width, height);
    cinfo->scale_denom = 8;
    cinfo->dct_method = JDCT_ISLOW;
    jpeg_start_decompress(cinfo);
    JDIMENSION scaled_width = cinfo->output_width, scaled_height = cinfo->output_height;
    if ((int)scaled_width < width) width = (int)scaled_width;
    if ((int)scaled_height < height) height = (int)scaled_height;
    jpeg->rows = malloc((size_t)scaled_width * 4);
    jpeg->rgba = cmyk ? malloc((size_t)scaled_width * 4) : NULL;
    if (!jpeg->rows || (cmyk && !jpeg->rgba) || !wf_box_init(&jpeg->box, (int)scaled_width, (int)scaled_height, width, height)) {
        wf_set_error(error, "out of memory for a %dx%d image", width, height);
        release(jpeg);
        return 0;
    }
    while (cinfo->output_scanline < scaled_height) {
        JSAMPROW row = jpeg->rows;
        int y = (int)cinfo->output_scanline;
        if (jpeg_read_scanlines(cinfo, &row, 1) != 1) break;
        if (cmyk) cmyk_to_rgba(jpeg->rows, jpeg->rgba, scaled_width, cinfo->saw_Adobe_marker);
        wf_box_add(&jpeg->box, y, cmyk ? jpeg->rgba : jpeg->rows, 0, 1, (int)scaled_width);
    }
    jpeg_finish_decompress(cinfo);
    out->pixels = wf_box_finish(&jpeg->box);
    if (!out->pixels) {
        wf_set_error(error, "out of memory for a %dx%d image", width, height);
        release(jpeg);
        return 0;
    }
    out->width = width;
    out->height = height;
    out->source_width = source_width;
    out->source_height = source_height;
    release(jpeg);
    return 1;
}
