#include "waterfall-private.h"
#include "wf_flatten.h"
#include "wf_main_queue.h"

struct _WaterfallMasonryView {
  GtkWidget parent_instance;

  /* The Swift logic (see waterfall-private.h); NULL only while Swift is creating the view. */
  gpointer face;

  /* Indexed by GtkOrientation; never NULL after init. */
  GtkAdjustment *adjustment[2];
  gulong value_changed_handler[2];
  GtkScrollablePolicy scroll_policy[2];

  /* The scrolled window whose edge-overshot the view listens to, if it is in one. */
  GtkWidget *scrolled_window;
  gulong overshot_handler;
};

enum {
  PROP_0,
  PROP_HADJUSTMENT,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
  N_PROPS
};

/* Set while Swift creates a view it will give a face to itself. */
static gboolean creating_for_face = FALSE;

G_DEFINE_FINAL_TYPE_WITH_CODE(WaterfallMasonryView, waterfall_masonry_view, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

static void waterfall_masonry_view_value_changed(GtkAdjustment *adjustment, gpointer user_data) {
  WaterfallMasonryView *self = user_data;
  if (self->face == NULL) {
    return;
  }
  GtkOrientation orientation =
      adjustment == self->adjustment[GTK_ORIENTATION_HORIZONTAL] ? GTK_ORIENTATION_HORIZONTAL
                                                                 : GTK_ORIENTATION_VERTICAL;
  waterfall_swift_masonry_view_value_changed(self->face, orientation);
}

static void waterfall_masonry_view_clear_adjustment(WaterfallMasonryView *self, GtkOrientation orientation) {
  if (self->adjustment[orientation] == NULL) {
    return;
  }
  g_clear_signal_handler(&self->value_changed_handler[orientation], self->adjustment[orientation]);
  g_clear_object(&self->adjustment[orientation]);
}

/* Takes `adjustment` (a new empty one for NULL, as GtkListBase does) and tells the face. */
static void waterfall_masonry_view_set_adjustment(WaterfallMasonryView *self, GtkOrientation orientation,
                                                  GtkAdjustment *adjustment) {
  if (adjustment != NULL && adjustment == self->adjustment[orientation]) {
    return;
  }
  if (adjustment == NULL) {
    adjustment = gtk_adjustment_new(0, 0, 0, 0, 0, 0);
  }
  g_object_ref_sink(adjustment);
  waterfall_masonry_view_clear_adjustment(self, orientation);
  self->adjustment[orientation] = adjustment;
  self->value_changed_handler[orientation] =
      g_signal_connect(adjustment, "value-changed", G_CALLBACK(waterfall_masonry_view_value_changed), self);
  if (self->face != NULL) {
    waterfall_swift_masonry_view_adjustments_replaced(self->face);
  }
  gtk_widget_queue_allocate(GTK_WIDGET(self));
}

static void waterfall_masonry_view_edge_overshot(GtkScrolledWindow *scrolled_window, GtkPositionType position,
                                                 gpointer user_data) {
  (void)scrolled_window;
  WaterfallMasonryView *self = user_data;
  if (self->face != NULL) {
    waterfall_swift_masonry_view_edge_overshot(self->face, position);
  }
}

static void waterfall_masonry_view_forget_scrolled_window(WaterfallMasonryView *self) {
  if (self->scrolled_window == NULL) {
    return;
  }
  g_clear_signal_handler(&self->overshot_handler, self->scrolled_window);
  g_object_remove_weak_pointer(G_OBJECT(self->scrolled_window), (gpointer *)&self->scrolled_window);
  self->scrolled_window = NULL;
}

/* Listens to the overshoot of the scrolled window the view is the child of (pull-to-refresh). */
static void waterfall_masonry_view_parent_changed(GObject *object, GParamSpec *pspec, gpointer user_data) {
  (void)pspec;
  (void)user_data;
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW(object);
  GtkWidget *parent = gtk_widget_get_parent(GTK_WIDGET(self));
  if (parent == self->scrolled_window) {
    return;
  }
  waterfall_masonry_view_forget_scrolled_window(self);
  if (parent != NULL && GTK_IS_SCROLLED_WINDOW(parent)) {
    self->scrolled_window = parent;
    g_object_add_weak_pointer(G_OBJECT(parent), (gpointer *)&self->scrolled_window);
    self->overshot_handler =
        g_signal_connect(parent, "edge-overshot", G_CALLBACK(waterfall_masonry_view_edge_overshot), self);
  }
}

static void waterfall_masonry_view_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                           int *minimum, int *natural, int *minimum_baseline,
                                           int *natural_baseline) {
  (void)widget;
  (void)orientation;
  (void)for_size;
  /* The view takes whatever room it is given; its content scrolls. */
  *minimum = 0;
  *natural = 0;
  *minimum_baseline = -1;
  *natural_baseline = -1;
}

static void waterfall_masonry_view_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
  (void)baseline;
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW(widget);
  if (self->face != NULL) {
    waterfall_swift_masonry_view_allocate(self->face, width, height);
  }
}

/* The wall is one Tab stop: focus entering it (Tab, Shift+Tab, a mnemonic) lands on the wall
 * itself, and any move while the focus is on the wall or one of its (focusable) cells leaves
 * it. Inside, the view's arrow keys move the focus from cell to cell. */
static gboolean waterfall_masonry_view_focus(GtkWidget *widget, GtkDirectionType direction) {
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
static void waterfall_masonry_view_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
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

static void waterfall_masonry_view_get_property(GObject *object, guint prop_id, GValue *value, GParamSpec *pspec) {
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW(object);
  switch (prop_id) {
  case PROP_HADJUSTMENT:
    g_value_set_object(value, self->adjustment[GTK_ORIENTATION_HORIZONTAL]);
    break;
  case PROP_VADJUSTMENT:
    g_value_set_object(value, self->adjustment[GTK_ORIENTATION_VERTICAL]);
    break;
  case PROP_HSCROLL_POLICY:
    g_value_set_enum(value, self->scroll_policy[GTK_ORIENTATION_HORIZONTAL]);
    break;
  case PROP_VSCROLL_POLICY:
    g_value_set_enum(value, self->scroll_policy[GTK_ORIENTATION_VERTICAL]);
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    break;
  }
}

static void waterfall_masonry_view_set_scroll_policy(WaterfallMasonryView *self, GtkOrientation orientation,
                                                     GtkScrollablePolicy policy, GParamSpec *pspec) {
  if (self->scroll_policy[orientation] == policy) {
    return;
  }
  self->scroll_policy[orientation] = policy;
  gtk_widget_queue_resize(GTK_WIDGET(self));
  g_object_notify_by_pspec(G_OBJECT(self), pspec);
}

static void waterfall_masonry_view_set_property(GObject *object, guint prop_id, const GValue *value,
                                                GParamSpec *pspec) {
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW(object);
  switch (prop_id) {
  case PROP_HADJUSTMENT:
    waterfall_masonry_view_set_adjustment(self, GTK_ORIENTATION_HORIZONTAL, g_value_get_object(value));
    break;
  case PROP_VADJUSTMENT:
    waterfall_masonry_view_set_adjustment(self, GTK_ORIENTATION_VERTICAL, g_value_get_object(value));
    break;
  case PROP_HSCROLL_POLICY:
    waterfall_masonry_view_set_scroll_policy(self, GTK_ORIENTATION_HORIZONTAL, g_value_get_enum(value), pspec);
    break;
  case PROP_VSCROLL_POLICY:
    waterfall_masonry_view_set_scroll_policy(self, GTK_ORIENTATION_VERTICAL, g_value_get_enum(value), pspec);
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    break;
  }
}

static void waterfall_masonry_view_constructed(GObject *object) {
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW(object);
  G_OBJECT_CLASS(waterfall_masonry_view_parent_class)->constructed(object);
  if (self->face == NULL && !creating_for_face) {
    self->face = waterfall_swift_masonry_view_create(self);
  }
}

static void waterfall_masonry_view_dispose(GObject *object) {
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW(object);
  waterfall_masonry_view_forget_scrolled_window(self);
  if (self->face != NULL) {
    waterfall_swift_masonry_view_dispose(self->face);
  }
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL) {
    gtk_widget_unparent(child);
  }
  waterfall_masonry_view_clear_adjustment(self, GTK_ORIENTATION_HORIZONTAL);
  waterfall_masonry_view_clear_adjustment(self, GTK_ORIENTATION_VERTICAL);
  G_OBJECT_CLASS(waterfall_masonry_view_parent_class)->dispose(object);
}

static void waterfall_masonry_view_finalize(GObject *object) {
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW(object);
  gpointer face = self->face;
  self->face = NULL;
  if (face != NULL) {
    waterfall_swift_masonry_view_release(face);
  }
  G_OBJECT_CLASS(waterfall_masonry_view_parent_class)->finalize(object);
}

static void waterfall_masonry_view_class_init(WaterfallMasonryViewClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

  /* A C, Python or JavaScript program runs a plain GLib loop: let the view's Swift main-actor
   * work run from it (see wf_main_queue.h). */
  wf_main_queue_attach();

  object_class->constructed = waterfall_masonry_view_constructed;
  object_class->dispose = waterfall_masonry_view_dispose;
  object_class->finalize = waterfall_masonry_view_finalize;
  object_class->get_property = waterfall_masonry_view_get_property;
  object_class->set_property = waterfall_masonry_view_set_property;
  widget_class->measure = waterfall_masonry_view_measure;
  widget_class->size_allocate = waterfall_masonry_view_size_allocate;
  widget_class->snapshot = waterfall_masonry_view_snapshot;
  widget_class->focus = waterfall_masonry_view_focus;

  g_object_class_override_property(object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property(object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property(object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property(object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  gtk_widget_class_set_css_name(widget_class, "waterfall");
  gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_LIST);
}

static void waterfall_masonry_view_init(WaterfallMasonryView *self) {
  GtkWidget *widget = GTK_WIDGET(self);
  self->scroll_policy[GTK_ORIENTATION_HORIZONTAL] = GTK_SCROLL_MINIMUM;
  self->scroll_policy[GTK_ORIENTATION_VERTICAL] = GTK_SCROLL_MINIMUM;
  waterfall_masonry_view_set_adjustment(self, GTK_ORIENTATION_HORIZONTAL, NULL);
  waterfall_masonry_view_set_adjustment(self, GTK_ORIENTATION_VERTICAL, NULL);
  gtk_widget_add_css_class(widget, "view");
  gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_focusable(widget, TRUE);
  gtk_widget_set_hexpand(widget, TRUE);
  gtk_widget_set_vexpand(widget, TRUE);
  g_signal_connect(self, "notify::parent", G_CALLBACK(waterfall_masonry_view_parent_changed), NULL);
}

/**
 * waterfall_masonry_view_new:
 *
 * Creates an empty masonry view. Put it into a [class@Gtk.ScrolledWindow].
 *
 * Returns: (transfer floating): a new `WaterfallMasonryView`
 */
GtkWidget *waterfall_masonry_view_new(void) {
  return g_object_new(WATERFALL_TYPE_MASONRY_VIEW, NULL);
}

GtkWidget *waterfall_masonry_view_new_for_face(void) {
  creating_for_face = TRUE;
  GtkWidget *view = g_object_new(WATERFALL_TYPE_MASONRY_VIEW, NULL);
  creating_for_face = FALSE;
  return view;
}

void waterfall_masonry_view_set_face(WaterfallMasonryView *self, gpointer face) {
  g_return_if_fail(WATERFALL_IS_MASONRY_VIEW(self));
  g_return_if_fail(self->face == NULL);
  self->face = face;
}

GtkAdjustment *waterfall_masonry_view_get_adjustment(WaterfallMasonryView *self, GtkOrientation orientation) {
  return self->adjustment[orientation];
}
