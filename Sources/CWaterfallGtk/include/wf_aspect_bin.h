#ifndef WF_ASPECT_BIN_H
#define WF_ASPECT_BIN_H
#include "wf_gtk.h"

/* A box around one child that is as tall as its width divided by its `ratio` property (width /
 * height, default 1; not installed): its natural height for a width is that, whatever its child
 * asks (0 is its minimum), so a picture keeps its image's shape before the image's size is
 * known; the child fills whatever the box is given. WaterfallFeedItemFactory's picture frame. */
G_DECLARE_FINAL_TYPE (WfAspectBin, wf_aspect_bin, WF, ASPECT_BIN, GtkWidget)

/* A new floating reference holding `child`. */
GtkWidget *wf_aspect_bin_new (GtkWidget *child);

/* The child given at construction. */
GtkWidget *wf_aspect_bin_get_child (WfAspectBin *self);

/* Sets the width / height the box asks for (not finite or not positive: 1). */
void wf_aspect_bin_set_ratio (WfAspectBin *self,
                              double       ratio);

#endif
