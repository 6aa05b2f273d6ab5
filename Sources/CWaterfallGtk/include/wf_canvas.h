#ifndef WF_CANVAS_H
#define WF_CANVAS_H
#include "wf_gtk.h"

G_BEGIN_DECLS

/*
 * WfCanvas: a GtkWidget that places its children wherever its owner says. GTK calls the
 * allocate hook on every size allocation; the owner then allocates each child itself
 * (gtk_widget_allocate with a translation), so children can be positioned relative to a
 * scroll offset. The canvas clips its children, is focusable, draws its children in order
 * (children marked with wf_flatten_mark flattened under the cairo renderer, see wf_flatten.h)
 * and unparents them all when disposed.
 */
#define WF_TYPE_CANVAS (wf_canvas_get_type())
G_DECLARE_FINAL_TYPE(WfCanvas, wf_canvas, WF, CANVAS, GtkWidget)

/* Called with the canvas' new width and height whenever GTK allocates it. */
typedef void (*WfCanvasAllocateFunc)(GtkWidget *canvas, int width, int height, gpointer user_data);

/* A new canvas (CSS node "waterfall") with no allocate hook; the reference is floating. */
GtkWidget *wf_canvas_new(void);

/* Installs the allocate hook; `destroy` releases `user_data` when replaced or on dispose. */
void wf_canvas_set_allocate_func(WfCanvas *canvas, WfCanvasAllocateFunc func,
                                 gpointer user_data, GDestroyNotify destroy);

G_END_DECLS

#endif
