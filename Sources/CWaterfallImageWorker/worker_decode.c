#define _GNU_SOURCE
#include "worker.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "CWaterfallImageDecoding.h"

void wf_worker_fail(wf_worker_reply *reply, const char *format, ...) {
    reply->status = 1;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(reply->error, sizeof reply->error, format, arguments);
    va_end(arguments);
}

/* The request's output size, given only when the decoder sees the source size the header said. */
static int choose(void *context, int source_width, int source_height, int *width, int *height) {
    const wf_worker_request *request = context;
    if (source_width != request->source_width || source_height != request->source_height) return 0;
    *width = request->width;
    *height = request->height;
    return 1;
}

/* Copies the pixels into a new memfd, returned unmapped (the app seals it); -1 on failure. */
static int pixels_memfd(const wf_image *image, wf_worker_reply *reply) {
    size_t bytes = (size_t)image->width * (size_t)image->height * 4;
    int fd = wf_memfd_new("waterfall-pixels", bytes);
    if (fd < 0) {
        wf_worker_fail(reply, "out of memory for the %dx%d pixels' memfd", image->width, image->height);
        return -1;
    }
    void *mapping = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (mapping == MAP_FAILED) {
        close(fd);
        wf_worker_fail(reply, "out of memory mapping the %dx%d pixels", image->width, image->height);
        return -1;
    }
    memcpy(mapping, image->pixels, bytes);
    munmap(mapping, bytes);
    return fd;
}

int wf_worker_decode(const wf_worker_request *request, const uint8_t *data, size_t size, int decodes_pixbuf,
                     wf_worker_reply *reply) {
    if (request->width <= 0 || request->height <= 0) {
        wf_worker_fail(reply, "bad output size %dx%d", request->width, request->height);
        return -1;
    }
    if (request->format == WF_WORKER_FORMAT_PIXBUF) {
        if (decodes_pixbuf) return wf_worker_decode_pixbuf(request, data, size, reply);
        wf_worker_fail(reply, "not a pixbuf worker");
        return -1;
    }
    typedef int (*decoder)(const uint8_t *, size_t, wf_choose_size, void *, wf_image *, char[WF_ERROR_SIZE]);
    decoder decode;
    switch (request->format) {
    case WF_WORKER_FORMAT_JPEG: decode = wf_decode_jpeg; break;
    case WF_WORKER_FORMAT_PNG: decode = wf_decode_png; break;
    case WF_WORKER_FORMAT_WEBP: decode = wf_decode_webp; break;
    default:
        wf_worker_fail(reply, "unknown format %u", request->format);
        return -1;
    }
    wf_image image = {0};
    char message[WF_ERROR_SIZE] = {0};
    if (!decode(data, size, choose, (void *)request, &image, message)) {
        wf_worker_fail(reply, "%s", message);
        return -1;
    }
    if (!wf_image_orient(&image, request->orientation)) {
        wf_image_free(&image);
        wf_worker_fail(reply, "out of memory while orienting the image");
        return -1;
    }
    int fd = pixels_memfd(&image, reply);
    if (fd >= 0) {
        reply->status = 0;
        reply->width = image.width;
        reply->height = image.height;
        reply->pixel_format = WF_WORKER_PIXELS_RGBA_PREMULTIPLIED;
        reply->frames = 1;
    }
    wf_image_free(&image);
    return fd;
}
