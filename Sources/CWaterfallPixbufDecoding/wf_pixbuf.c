#include "CWaterfallPixbufDecoding.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* The box an image is loaded into, read by the "size-prepared" handler. */
typedef struct {
    int width;
    int height;
    int enlarges;
} wf_box_target;

/* The size that fits `source` into `box` (each side at least 1), never larger than the source
 * unless `enlarges`; a box side <= 0 does not constrain. */
static void fit(const wf_box_target *box, int source_width, int source_height, int *width, int *height) {
    *width = source_width;
    *height = source_height;
    if (source_width <= 0 || source_height <= 0) return;
    double scale_x = box->width > 0 ? (double)box->width / source_width : 1;
    double scale_y = box->height > 0 ? (double)box->height / source_height : 1;
    double scale = scale_x < scale_y ? scale_x : scale_y;
    if (!box->enlarges && scale >= 1) return;
    int fitted_width = (int)round(source_width * scale), fitted_height = (int)round(source_height * scale);
    *width = fitted_width > 1 ? fitted_width : 1;
    *height = fitted_height > 1 ? fitted_height : 1;
}

void wf_pixbuf_fit(int box_width, int box_height, int source_width, int source_height, int *width, int *height) {
    wf_box_target box = {box_width, box_height, 0};
    fit(&box, source_width, source_height, width, height);
}

static void size_prepared(GdkPixbufLoader *loader, int width, int height, gpointer data) {
    int fitted_width, fitted_height;
    fit(data, width, height, &fitted_width, &fitted_height);
    if (fitted_width != width || fitted_height != height) gdk_pixbuf_loader_set_size(loader, fitted_width, fitted_height);
}

/* Copies the first error's message into `error` and frees both. */
static void consume(GError *first, GError *second, char error[WF_PIXBUF_ERROR_SIZE]) {
    GError *shown = first ? first : second;
    snprintf(error, WF_PIXBUF_ERROR_SIZE, "gdk-pixbuf: %s", shown ? shown->message : "unknown error");
    g_clear_error(&first);
    g_clear_error(&second);
}

static int is_unknown_type(const GError *error) {
    return error && error->domain == GDK_PIXBUF_ERROR && error->code == GDK_PIXBUF_ERROR_UNKNOWN_TYPE;
}

GdkPixbufLoader *wf_pixbuf_load(const guint8 *data, gsize size, int box_width, int box_height, int enlarges,
                                int *unknown_type, char error[WF_PIXBUF_ERROR_SIZE]) {
    *unknown_type = 0;
    wf_box_target box = {box_width, box_height, enlarges && box_width > 0 && box_height > 0};
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
    g_signal_connect(loader, "size-prepared", G_CALLBACK(size_prepared), &box);
    GError *write_error = NULL, *close_error = NULL;
    gboolean written = gdk_pixbuf_loader_write(loader, data, size, &write_error);
    /* Close even after a failed write: a loader must always be closed. */
    gboolean closed = gdk_pixbuf_loader_close(loader, &close_error);
    g_signal_handlers_disconnect_by_func(loader, G_CALLBACK(size_prepared), &box);
    if (written && closed) return loader;
    *unknown_type = is_unknown_type(write_error) || is_unknown_type(close_error);
    consume(write_error, close_error, error);
    g_object_unref(loader);
    return NULL;
}

GdkPixbuf *wf_pixbuf_still(GdkPixbufLoader *loader, int box_width, int box_height, int enlarges,
                           char error[WF_PIXBUF_ERROR_SIZE]) {
    GdkPixbuf *loaded = gdk_pixbuf_loader_get_pixbuf(loader);
    GdkPixbuf *pixbuf = loaded ? gdk_pixbuf_apply_embedded_orientation(loaded) : NULL;
    if (!pixbuf) {
        snprintf(error, WF_PIXBUF_ERROR_SIZE, "gdk-pixbuf: no image in the data");
        return NULL;
    }
    if (enlarges && box_width > 0 && box_height > 0) return pixbuf;
    int width, height;
    wf_pixbuf_fit(box_width, box_height, gdk_pixbuf_get_width(pixbuf), gdk_pixbuf_get_height(pixbuf), &width, &height);
    if (width == gdk_pixbuf_get_width(pixbuf) && height == gdk_pixbuf_get_height(pixbuf)) return pixbuf;
    /* A loader that ignored the requested size (a module without size support). */
    GdkPixbuf *scaled = gdk_pixbuf_scale_simple(pixbuf, width, height, GDK_INTERP_BILINEAR);
    g_object_unref(pixbuf);
    if (!scaled) snprintf(error, WF_PIXBUF_ERROR_SIZE, "gdk-pixbuf: cannot scale the image");
    return scaled;
}

/* The delay of the frame an iterator shows at `time`, given the delay it reported there: loaders
 * report either the frame's delay (WebP) or the time left in it (GIF), and a second look 1 ms
 * later tells which. */
static int frame_delay(GdkPixbufAnimationIter *iter, gint64 time, int reported) {
    if (reported <= 1) return reported;
    wf_animation_iter_advance(iter, time + 1);
    int later = gdk_pixbuf_animation_iter_get_delay_time(iter);
    return later == reported - 1 ? reported + 1 : reported;
}

/* `pixbuf` at `width` x `height`: a new reference to it, or a scaled copy; NULL if it cannot be made. */
static GdkPixbuf *sized(GdkPixbuf *pixbuf, int width, int height) {
    if (!pixbuf) return NULL;
    if (gdk_pixbuf_get_width(pixbuf) == width && gdk_pixbuf_get_height(pixbuf) == height) return g_object_ref(pixbuf);
    return gdk_pixbuf_scale_simple(pixbuf, width, height, GDK_INTERP_BILINEAR);
}

int wf_pixbuf_animation_sample(GdkPixbufAnimation *animation, int frame_count, int width, int height, int keep_all,
                               int *delays, GdkPixbuf **frames) {
    if (frame_count <= 1 || gdk_pixbuf_animation_is_static_image(animation)) return 0;
    GdkPixbufAnimationIter *iter = wf_animation_iter_new(animation);
    int shown = 0, made = 0, failed = 0;
    gint64 elapsed = 0;
    for (int index = 0; index < frame_count; index++) {
        /* Each frame is sampled 1 ms after it starts (webp-pixbuf-loader switches frames only
         * after the boundary). */
        wf_animation_iter_advance(iter, elapsed + 1);
        int first = gdk_pixbuf_animation_iter_get_delay_time(iter);
        int delay = first < 0 ? first : frame_delay(iter, elapsed + 1, first);
        if (index == 0 || keep_all) {
            GdkPixbuf *frame = sized(gdk_pixbuf_animation_iter_get_pixbuf(iter), width, height);
            if (!frame) {
                failed = 1;
                break;
            }
            frames[made++] = frame;
        }
        /* -1: the frame shows forever (a finite animation's last frame). */
        if (delay < 0) break;
        delays[shown++] = delay;
        elapsed += delay;
    }
    g_object_unref(iter);
    if (failed || shown <= 1) {
        for (int i = 0; i < made; i++) g_object_unref(frames[i]);
        return 0;
    }
    /* A last frame past the shown ones (the forever frame) is not kept. */
    for (int i = shown; i < made; i++) g_object_unref(frames[i]);
    return shown;
}

static void drop_message(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain, (void)level, (void)message, (void)data;
}

/*
 * Draws text in each generic family (sans-serif, serif, monospace), regular and bold, through the
 * SVG loader: librsvg's text goes through Pango, fontconfig and FreeType, which read their
 * configuration, caches and font files on first use and keep them (the faces stay mapped, at most
 * six of cairo's ten open faces). After the filter those opens would fail and text would be drawn
 * without glyphs; other families and styles still fall back to these faces or draw nothing.
 */
static void preload_fonts(void) {
    static const char *const families[] = {"sans-serif", "serif", "monospace"};
    static const char *const weights[] = {"normal", "bold"};
    for (size_t f = 0; f < sizeof families / sizeof *families; f++) {
        for (size_t w = 0; w < sizeof weights / sizeof *weights; w++) {
            gchar *svg = g_strdup_printf("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"16\">"
                                         "<text x=\"0\" y=\"12\" font-family=\"%s\" font-weight=\"%s\" "
                                         "font-size=\"12\">Aa</text></svg>", families[f], weights[w]);
            GdkPixbufLoader *loader = gdk_pixbuf_loader_new_with_type("svg", NULL);
            if (loader) {
                gdk_pixbuf_loader_write(loader, (const guint8 *)svg, strlen(svg), NULL);
                gdk_pixbuf_loader_close(loader, NULL);
                g_object_unref(loader);
            }
            g_free(svg);
        }
    }
}

/* libheif's struct heif_error and heif_init (libheif/heif.h), which the worker does not include. */
typedef struct {
    int code;
    int subcode;
    const char *message;
} wf_heif_error;
typedef wf_heif_error (*wf_heif_init_function)(void *params);

/*
 * libheif (the HEIF/AVIF loader's library) built with plugin loading, as Debian 13's 1.23 is,
 * finds its decoders (libde265, dav1d) as plugins in its plugin folder, loaded by heif_init; the
 * loader never calls it, so libheif would load them on the first decode, after the filter, where
 * the folder cannot be read (every HEIC and AVIF would fail to decode). heif_init is called here once the loader brought libheif in (it is looked up, not
 * linked: gdk-pixbuf opens loaders with local symbols, and another system may have no libheif);
 * the matching heif_deinit never comes, so the plugins stay loaded for the worker's life.
 */
static void preload_heif_plugins(void) {
    void *libheif = dlopen("libheif.so.1", RTLD_LAZY | RTLD_NOLOAD);
    if (!libheif) return;
    wf_heif_init_function heif_init = (wf_heif_init_function)dlsym(libheif, "heif_init");
    if (heif_init) heif_init(NULL);
    dlclose(libheif);
}

static GLogWriterOutput drop_structured(GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
    (void)level, (void)fields, (void)count, (void)data;
    return G_LOG_WRITER_HANDLED;
}

void wf_pixbuf_preload(void) {
    /* GLib messages are dropped from now on: loaders warn when closed without data (libheif:
     * "No 'ftyp' box"), and after the filter a message could not be written anyway — GLib's
     * writer asks getpeername() of stderr first, which the filter answers with SIGSYS. */
    g_log_set_default_handler(drop_message, NULL);
    g_log_set_writer_func(drop_structured, NULL, NULL);
    GSList *formats = gdk_pixbuf_get_formats();
    for (GSList *link = formats; link; link = link->next) {
        GdkPixbufLoader *loader = gdk_pixbuf_loader_new_with_type(gdk_pixbuf_format_get_name(link->data), NULL);
        if (!loader) continue;
        gdk_pixbuf_loader_close(loader, NULL);
        g_object_unref(loader);
    }
    g_slist_free(formats);
    /* A loader that must sniff the format reads shared-mime-info's database on first use. */
    static const guint8 probe[] = "GIF89a";
    GdkPixbufLoader *sniffing = gdk_pixbuf_loader_new();
    gdk_pixbuf_loader_write(sniffing, probe, sizeof probe - 1, NULL);
    gdk_pixbuf_loader_close(sniffing, NULL);
    g_object_unref(sniffing);
    preload_heif_plugins();
    preload_fonts();
}
