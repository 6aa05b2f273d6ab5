#include "wf_animation.h"

G_GNUC_BEGIN_IGNORE_DEPRECATIONS

GdkPixbufAnimationIter *wf_animation_iter_new(GdkPixbufAnimation *animation) {
    GTimeVal start = {0, 0};
    return gdk_pixbuf_animation_get_iter(animation, &start);
}

gboolean wf_animation_iter_advance(GdkPixbufAnimationIter *iter, gint64 elapsed_ms) {
    GTimeVal time = {(glong)(elapsed_ms / 1000), (glong)((elapsed_ms % 1000) * 1000)};
    return gdk_pixbuf_animation_iter_advance(iter, &time);
}

G_GNUC_END_IGNORE_DEPRECATIONS
