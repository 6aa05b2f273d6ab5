#ifndef WF_ANIMATION_H
#define WF_ANIMATION_H
#include <gdk-pixbuf/gdk-pixbuf.h>

/*
 * gdk-pixbuf's animation iterator without GTimeVal (deprecated, so Swift would warn): an
 * iterator over `animation` starting at time 0, advanced to `elapsed_ms` since its start.
 */
GdkPixbufAnimationIter *wf_animation_iter_new(GdkPixbufAnimation *animation);

/* Advances `iter` to `elapsed_ms` after the start; TRUE when the frame changed. */
gboolean wf_animation_iter_advance(GdkPixbufAnimationIter *iter, gint64 elapsed_ms);

#endif
