#include "CWaterfallImageDecoding.h"
#include "wf_box.h"
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>

int wf_decode_webp(const uint8_t *data, size_t size, wf_choose_size choose, void *context, wf_image *out,
                   char error[WF_ERROR_SIZE]) {
    memset(out, 0, sizeof *out);
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        wf_set_error(error, "libwebp version mismatch");
        return 0;
    }
    VP8StatusCode status = WebPGetFeatures(data, size, &config.input);
    if (status != VP8_STATUS_OK) {
        wf_set_error(error, "not a WebP image (status %d)", (int)status);
        return 0;
    }
    if (config.input.has_animation) {
        wf_set_error(error, "animated WebP (decoded by frames elsewhere)");
        return 0;
    }
    int width = config.input.width, height = config.input.height;
    if (!choose(context, config.input.width, config.input.height, &width, &height)) {
        wf_set_error(error, "refused a %dx%d image", config.input.width, config.input.height);
        return 0;
    }
    wf_clamp_size(config.input.width, config.input.height, &width, &height);
    size_t bytes = (size_t)width * (size_t)height * 4;
    uint8_t *pixels = malloc(bytes);
    if (!pixels) {
        wf_set_error(error, "out of memory for %dx%d pixels", width, height);
        return 0;
    }
    if (width != config.input.width || height != config.input.height) {
        config.options.use_scaling = 1;
        config.options.scaled_width = width;
        config.options.scaled_height = height;
    }
    config.output.colorspace = MODE_rgbA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = pixels;
    config.output.u.RGBA.stride = width * 4;
    config.output.u.RGBA.size = bytes;
    status = WebPDecode(data, size, &config);
    WebPFreeDecBuffer(&config.output);
    if (status != VP8_STATUS_OK) {
        free(pixels);
        wf_set_error(error, status == VP8_STATUS_NOT_ENOUGH_DATA ? "truncated WebP data" : "corrupt WebP data (status %d)",
                     (int)status);
        return 0;
    }
    out->pixels = pixels;
    out->width = width;
    out->height = height;
    out->source_width = config.input.width;
    out->source_height = config.input.height;
    return 1;
}
