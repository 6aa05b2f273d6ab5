#ifndef WF_DRAG_SHIM_H
#define WF_DRAG_SHIM_H
#if __has_feature(modules)
#pragma clang module import CWaterfallGtk4
#else
#include <gtk/gtk.h>
#endif

/* Emits `prepare` on a GtkDragSource as GTK does when a drag starts at (x, y) (g_signal_emit
 * is variadic); returns the content it answers (full reference) or NULL. */
GdkContentProvider *wf_drag_source_prepare(GtkDragSource *source, double x, double y);

#endif
