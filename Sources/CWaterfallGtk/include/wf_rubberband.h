#ifndef WF_RUBBERBAND_H
#define WF_RUBBERBAND_H
#include "wf_gtk.h"

/* The band a rubberband selection draws (not installed): a childless widget whose CSS node is
 * `rubberband`, as GtkListBase's gizmo is, so the theme's `rubberband` rule styles it (a border
 * and a translucent fill of the selection colour). It takes no pointer input, is not
 * focusable and is kept out of the accessibility tree. A new floating reference. */
GtkWidget *wf_rubberband_new (void);

#endif
