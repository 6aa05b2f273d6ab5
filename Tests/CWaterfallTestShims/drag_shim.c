#include "drag_shim.h"

GdkContentProvider *wf_drag_source_prepare(GtkDragSource *source, double x, double y) {
  GdkContentProvider *content = NULL;
  g_signal_emit_by_name(source, "prepare", x, y, &content);
  return content;
}
