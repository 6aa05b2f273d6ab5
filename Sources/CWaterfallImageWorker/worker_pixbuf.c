#define _GNU_SOURCE
#include "worker.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "CWaterfallPixbufDecoding.h"

/*
 * Copies `count` frames of one size and layout into a new memfd, rows packed (width * channels
 * bytes), then their `delays` (int32) when there are several; fills the reply's size and layout.
 * Returns the memfd, unmapped, or -1.
 */
static int frames_memfd(GdkPixbuf *const *frames, int count, const int *delays, wf_worker_reply *reply) {
    int width = gdk_pixbuf_get_width(frames[0]), height = gdk_pixbuf_get_height(frames[0]);
    int channels = gdk_pixbuf_get_n_channels(frames[0]);
    for (int i = 0; i < count; i++) {
        if (gdk_pixbuf_get_width(frames[i]) != width || gdk_pixbuf_get_height(frames[i]) != height ||
            gdk_pixbuf_get_n_channels(frames[i]) != channels || gdk_pixbuf_get_bits_per_sample(frames[i]) != 8 ||
            (channels != 3 && channels != 4) || gdk_pixbuf_get_has_alpha(frames[i]) != (channels == 4)) {
            wf_worker_fail(reply, "gdk-pixbuf: frame %d is not 8-bit RGB or RGBA of the first frame's size", i);
            return -1;
        }
    }
    size_t row = (size_t)width * (size_t)channels, frame_bytes = row * (size_t)height;
    size_t total = frame_bytes * (size_t)count + (count > 1 ? (size_t)count * sizeof(int32_t) : 0);
    int fd = wf_memfd_new("waterfall-pixels", total);
    if (fd < 0) {
        wf_worker_fail(reply, "out of memory for the %dx%d pixels' memfd (%d frames)", width, height, count);
        return -1;
    }
    uint8_t *mapping = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (mapping == MAP_FAILED) {
        close(fd);
        wf_worker_fail(reply, "out of memory mapping the %dx%d pixels (%d frames)", width, height, count);
        return -1;
    }
    for (int i = 0; i < count; i++) {
        const guint8 *source = gdk_pixbuf_read_pixels(frames[i]);
        size_t stride = (size_t)gdk_pixbuf_get_rowstride(frames[i]);
        for (int y = 0; y < height; y++) memcpy(mapping + frame_bytes * (size_t)i + row * (size_t)y, source + stride * (size_t)y, row);
    }
    for (int i = 0; count > 1 && i < count; i++) {
        int32_t delay = delays[i];
        memcpy(mapping + frame_bytes * (size_t)count + sizeof delay * (size_t)i, &delay, sizeof delay);
    }
    munmap(mapping, total);
    reply->width = width;
    reply->height = height;
    reply->pixel_format = channels == 4 ? WF_WORKER_PIXELS_RGBA : WF_WORKER_PIXELS_RGB;
    reply->frames = count;
    return fd;
}

/* The frame size of an animation: fitted to the box, then shrunk until `count` frames of 4 bytes
 * a pixel take at most `budget` bytes. */
static void animation_size(GdkPixbufAnimation *animation, const wf_worker_request *request, int *width, int *height) {
    wf_pixbuf_fit(request->width, request->height, gdk_pixbuf_animation_get_width(animation),
                  gdk_pixbuf_animation_get_height(animation), width, height);
    double bytes = 4.0 * *width * *height * request->frame_count;
    if (request->max_animation_bytes == 0 || bytes <= (double)request->max_animation_bytes) return;
    double scale = sqrt((double)request->max_animation_bytes / bytes);
    *width = *width * scale >= 1 ? (int)(*width * scale) : 1;
    *height = *height * scale >= 1 ? (int)(*height * scale) : 1;
}

/* An animation's frames in a memfd, or -1 with the reply failed; -2 when it is a still image. */
static int animation_memfd(GdkPixbufAnimation *animation, const wf_worker_request *request, wf_worker_reply *reply) {
    int width, height;
    animation_size(animation, request, &width, &height);
    int count = request->frame_count;
    int *delays = calloc((size_t)count, sizeof *delays);
    GdkPixbuf **frames = calloc((size_t)count, sizeof *frames);
    int fd = -2;
    if (!delays || !frames) {
        wf_worker_fail(reply, "out of memory for %d frames", count);
        fd = -1;
    } else {
        int shown = wf_pixbuf_animation_sample(animation, count, width, height, 1, delays, frames);
        if (shown > 1) {
            fd = frames_memfd(frames, shown, delays, reply);
            for (int i = 0; i < shown; i++) g_object_unref(frames[i]);
        }
    }
    free(delays);
    free(frames);
    return fd;
}

int wf_worker_decode_pixbuf(const wf_worker_request *request, const uint8_t *data, size_t size, wf_worker_reply *reply) {
    char message[WF_PIXBUF_ERROR_SIZE] = {0};
    int unknown_type = 0, enlarges = (request->flags & WF_WORKER_ENLARGES) != 0;
    GdkPixbufLoader *loader = wf_pixbuf_load(data, size, request->width, request->height, enlarges, &unknown_type, message);
    if (!loader) {
        wf_worker_fail(reply, "%s", message);
        reply->unknown_type = unknown_type;
        return -1;
    }
    int fd = -2;
    GdkPixbufAnimation *animation = gdk_pixbuf_loader_get_animation(loader);
    if (animation && request->frame_count > 1) fd = animation_memfd(animation, request, reply);
    if (fd == -2) {
        GdkPixbuf *still = wf_pixbuf_still(loader, request->width, request->height, enlarges, message);
        if (still) {
            fd = frames_memfd(&still, 1, NULL, reply);
            g_object_unref(still);
        } else {
            wf_worker_fail(reply, "%s", message);
            fd = -1;
        }
    }
    g_object_unref(loader);
    if (fd >= 0) reply->status = 0;
    return fd;
}
