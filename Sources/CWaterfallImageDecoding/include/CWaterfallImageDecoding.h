#ifndef CWATERFALL_IMAGE_DECODING_H
#define CWATERFALL_IMAGE_DECODING_H
/*
 * Streaming, downscaling decoders for JPEG (libjpeg-turbo), PNG (libpng) and WebP (libwebp).
 *
 * Each decoder reads the source size from the header, asks `choose` for the output size (at most
 * the source size), and decodes straight to it: memory is proportional to the output plus a few
 * source rows, never to the whole source image. The result is premultiplied RGBA, 8 bits per
 * channel, rows of 4 * width bytes, allocated with malloc (free it with wf_image_free).
 *
 * JPEG: DCT scaling (M/8, the smallest that still covers the output) then a box filter;
 * progressive JPEGs keep their coefficients (needed until the last scan) in an unlinked
 * temporary file when they are large, mapped and released from memory as decoding walks them;
 * CMYK and YCCK are converted to RGB (Adobe-inverted CMYK recognised).
 * PNG: rows read one at a time (interlaced: each Adam7 pass's rows) into a box filter; 16-bit,
 * palette, tRNS, grey and grey+alpha expanded to RGBA.
 * WebP: libwebp's own scaling (lossy decodes row by row; lossless keeps its ARGB image).
 *
 * All functions are thread-safe (no shared state) and never abort: errors are returned with a
 * message in `error`.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A decoded image. */
typedef struct wf_image {
    uint8_t *pixels;     /* premultiplied RGBA8, rows of 4 * width bytes (malloc) */
    int width;           /* output width in pixels */
    int height;          /* output height in pixels */
    int source_width;    /* the image's stored width */
    int source_height;   /* the image's stored height */
} wf_image;

/*
 * Chooses the output size for a source of `source_width` x `source_height` pixels, writing it to
 * `*width` and `*height` (clamped by the decoder to 1...source). Returns 0 to refuse the image
 * (e.g. an absurd header); the decoder then fails with "refused".
 */
typedef int (*wf_choose_size)(void *context, int source_width, int source_height, int *width, int *height);

/* The bytes an error message may take, including the terminating NUL. */
#define WF_ERROR_SIZE 256

/* Each returns 1 and fills `out` on success; 0 with a message in `error` on failure. */
int wf_decode_jpeg(const uint8_t *data, size_t size, wf_choose_size choose, void *context, wf_image *out,
                   char error[WF_ERROR_SIZE]);
int wf_decode_png(const uint8_t *data, size_t size, wf_choose_size choose, void *context, wf_image *out,
                  char error[WF_ERROR_SIZE]);
int wf_decode_webp(const uint8_t *data, size_t size, wf_choose_size choose, void *context, wf_image *out,
                   char error[WF_ERROR_SIZE]);

/*
 * Applies an EXIF orientation (1-8) to `image` in place (replacing its pixels; 5-8 swap width and
 * height). Values outside 2...8 leave it unchanged. Returns 0 when memory runs out (image unchanged).
 */
int wf_image_orient(wf_image *image, int orientation);

/* Frees the pixels of `image` (safe on a zeroed image). */
void wf_image_free(wf_image *image);

/*
 * Bounds the bytes a progressive JPEG's spilled coefficient arrays may take together (by default
 * unbounded); one that needs more fails as out of memory before they are made. The sandboxed
 * worker sets it, since its memfds are not address space until mapped.
 */
void wf_jpeg_set_spill_limit(size_t bytes);

#ifdef __cplusplus
}
#endif
#endif
