#include "wf_canvas.h"
#include "wf_flatten.h"

struct _WfCanvas {
  GtkWidget parent_instance;
  WfCanvasAllocateFunc allocate_func;
  gpointer allocate_data;
  GDestroyNotify allocate_destroy;
};

G_DEFINE_FINAL_TYPE(WfCanvas, wf_canvas, GTK_TYPE_WIDGET)

static void wf_canvas_clear_allocate_func(WfCanvas *self) {
  GDestroyNotify destroy = self->allocate_destroy;
  gpointer data = self->allocate_data;
  self->allocate_func = NULL;
  self->allocate_data = NULL;
  self->allocate_destroy = NULL;
  if (destroy != NULL) {
    destroy(data);
  }
}

static void wf_canvas_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                              int *minimum, int *natural, int *minimum_baseline,
                              int *natural_baseline) {
  (void)widget;
  (void)orientation;
  (void)for_size;
  /* The canvas takes whatever room it is given; its content scrolls. */
  *minimum = 0;
  *natural = 0;
  *minimum_baseline = -1;
  *natural_baseline = -1;
}

static void wf_canvas_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
  (void)baseline;
  WfCanvas *self = WF_CANVAS(widget);
  if (self->allocate_func != NULL) {
    self->allocate_func(widget, width, height, self->allocate_data);
  }
}

/* The wall is one Tab stop: focus entering it (Tab, Shift+Tab, a mnemonic) lands on the wall
 * itself, and any move while the focus is on the wall or one of its (focusable) cells leaves
 * it. Inside, the view's arrow keys move the focus from cell to cell. */
static gboolean wf_canvas_focus(GtkWidget *widget, GtkDirectionType direction) {
  (void)direction;
  GtkRoot *root = gtk_widget_get_root(widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus(root) : NULL;
  if (focus != NULL && (focus == widget || gtk_widget_is_ancestor(focus, widget))) {
    return FALSE;
  }
  return gtk_widget_grab_focus(widget);
}

/* Draws the children in order, as GtkWidget does; with the cairo renderer, children marked
 * with wf_flatten_mark are drawn from their rasterized pixels (see wf_flatten.h). */
static void wf_canvas_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
  gboolean flatten = wf_flatten_applies(widget);
  for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL;
       child = gtk_widget_get_next_sibling(child)) {
    if (wf_flatten_is_marked(child) && (!flatten || !gtk_widget_get_visible(child))) {
      /* Hidden (a pooled cell) or drawn as usual: its raster is not needed. */
      wf_flatten_forget(child);
    }
    if (flatten && wf_flatten_is_marked(child)) {
      wf_flatten_snapshot_child(widget, child, snapshot);
    } else {
      gtk_widget_snapshot_child(widget, child, snapshot);
    }
  }
}

static void wf_canvas_dispose(GObject *object) {
  WfCanvas *self = WF_CANVAS(object);
  wf_canvas_clear_allocate_func(self);
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL) {
    gtk_widget_unparent(child);
  }
  G_OBJECT_CLASS(wf_canvas_parent_class)->dispose(object);
}

static void wf_canvas_class_init(WfCanvasClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  object_class->dispose = wf_canvas_dispose;
  widget_class->measure = wf_canvas_measure;
  widget_class->size_allocate = wf_canvas_size_allocate;
  widget_class->snapshot = wf_canvas_snapshot;
  widget_class->focus = wf_canvas_focus;
  gtk_widget_class_set_css_name(widget_class, "waterfall");
  gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_LIST);
}

static void wf_canvas_init(WfCanvas *self) {
  GtkWidget *widget = GTK_WIDGET(self);
  gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_focusable(widget, TRUE);
  gtk_widget_set_hexpand(widget, TRUE);
  gtk_widget_set_vexpand(widget, TRUE);
}

GtkWidget *wf_canvas_new(void) {
  return g_object_new(WF_TYPE_CANVAS, NULL);
}

void wf_canvas_set_allocate_func(WfCanvas *canvas, WfCanvasAllocateFunc func,
                                 gpointer user_data, GDestroyNotify destroy) {
  g_return_if_fail(WF_IS_CANVAS(canvas));
  wf_canvas_clear_allocate_func(canvas);
  canvas->allocate_func = func;
  canvas->allocate_data = user_data;
  canvas->allocate_destroy = destroy;
}
