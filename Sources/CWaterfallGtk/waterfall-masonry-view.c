#include "waterfall-private.h"
#include "wf_flatten.h"
#include "wf_main_queue.h"
#include <math.h>

struct _WaterfallMasonryView
{
  GtkWidget parent_instance;

  /* The Swift logic (see waterfall-private.h); made in constructed, never NULL after it. */
  gpointer face;

  /* Indexed by GtkOrientation; never NULL after init. */
  GtkAdjustment *adjustment[2];
  gulong value_changed_handler[2];
  GtkScrollablePolicy scroll_policy[2];

  /* The scrolled window whose edge-overshot the view listens to, if it is in one, and the
   * one controller that sees the pointer buttons: on that scrolled window (the scrollbars'
   * buttons included), else on the view. */
  GtkWidget *scrolled_window;
  gulong overshot_handler;
  GtkEventController *buttons;

  guint columns;
  double min_column_width;
  double column_spacing;
  double row_spacing;
  gboolean single_click_activate;
  gboolean enable_rubberband;
  gboolean enable_pull_to_refresh;
  gboolean reorderable;
  gboolean enable_item_drag;

  /* The list-model path: what the items come from and how their cells are made. */
  GtkSelectionModel *model;
  WaterfallItemFactory *factory;
  GtkExpression *aspect_ratio_expression;
  char *aspect_ratio_property;

  /* What the wall says while it has no items (Swift's WaterfallView.emptyState). */
  char *empty_title;
  char *empty_description;
  char *empty_icon_name;

  /* How Tab moves through the items (GtkListTabBehavior; ITEM before GTK 4.12). */
  int tab_behavior;

  /* The sections (GTK 4.12+; NULL and FALSE before): the factory of their headers, and
   * whether the current one pins to the top. */
  WaterfallItemFactory *header_factory;
  gboolean pinned_headers;
};

/* The interface properties, overridden, after the view's own (waterfall-private.h). */
enum
{
  PROP_HADJUSTMENT = WATERFALL_MASONRY_VIEW_N_PROPS,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
  PROP_ORIENTATION,
  PROP_TAB_BEHAVIOR,
};

G_STATIC_ASSERT (WATERFALL_MASONRY_VIEW_PROP_HEADER_FACTORY == PROP_TAB_BEHAVIOR + 1);

enum
{
  SIGNAL_ACTIVATE,
  SIGNAL_LOAD_MORE,
  SIGNAL_REFRESH,
  SIGNAL_PREPARE_DRAG,
  N_SIGNALS
};

static GParamSpec *properties[WATERFALL_MASONRY_VIEW_N_PROPS];
#if GTK_CHECK_VERSION(4, 12, 0)
static GParamSpec *tab_behavior_pspec;
static GParamSpec *header_factory_pspec;
static GParamSpec *pinned_headers_pspec;
#endif
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE_WITH_CODE (WaterfallMasonryView, waterfall_masonry_view, GTK_TYPE_WIDGET, G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE, NULL) G_IMPLEMENT_INTERFACE (GTK_TYPE_ORIENTABLE, NULL))

/* Tells the face that property `prop` changed (it reads the new value when it needs it). */
static void
waterfall_masonry_view_property_changed (WaterfallMasonryView *self, WaterfallMasonryViewProp prop)
{
  if (self->face != NULL)
    {
      waterfall_swift_masonry_view_property_changed (self->face, prop);
    }
}

static void
waterfall_masonry_view_value_changed (GtkAdjustment *adjustment, gpointer user_data)
{
  WaterfallMasonryView *self = user_data;
  if (self->face == NULL)
    {
      return;
    }
  GtkOrientation orientation =
      adjustment == self->adjustment[GTK_ORIENTATION_HORIZONTAL] ? GTK_ORIENTATION_HORIZONTAL
                                                                 : GTK_ORIENTATION_VERTICAL;
  waterfall_swift_masonry_view_value_changed (self->face, orientation);
}

static void
waterfall_masonry_view_clear_adjustment (WaterfallMasonryView *self, GtkOrientation orientation)
{
  if (self->adjustment[orientation] == NULL)
    {
      return;
    }
  g_clear_signal_handler (&self->value_changed_handler[orientation], self->adjustment[orientation]);
  g_clear_object (&self->adjustment[orientation]);
}

/* Takes `adjustment` (a new empty one for NULL, as GtkListBase does) and tells the face. */
static void
waterfall_masonry_view_set_adjustment (WaterfallMasonryView *self, GtkOrientation orientation, GtkAdjustment *adjustment)
{
  if (adjustment != NULL && adjustment == self->adjustment[orientation])
    {
      return;
    }
  if (adjustment == NULL)
    {
      adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);
    }
  g_object_ref_sink (adjustment);
  waterfall_masonry_view_clear_adjustment (self, orientation);
  self->adjustment[orientation] = adjustment;
  self->value_changed_handler[orientation] =
      g_signal_connect (adjustment, "value-changed", G_CALLBACK (waterfall_masonry_view_value_changed), self);
  if (self->face != NULL)
    {
      waterfall_swift_masonry_view_adjustments_replaced (self->face);
    }
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
waterfall_masonry_view_edge_overshot (GtkScrolledWindow *scrolled_window, GtkPositionType position, gpointer user_data)
{
  (void) scrolled_window;
  WaterfallMasonryView *self = user_data;
  if (self->face != NULL)
    {
      waterfall_swift_masonry_view_edge_overshot (self->face, position);
    }
}

/* The model's items-changed and selection-changed, for the face (the view follows only the
 * model it holds: it connects in set_model and disconnects when the model is replaced). */
static void
waterfall_masonry_view_items_changed (GListModel *model, guint position, guint removed, guint added, gpointer user_data)
{
  (void) model;
  WaterfallMasonryView *self = user_data;
  if (self->face != NULL)
    {
      waterfall_swift_masonry_view_items_changed (self->face, position, removed, added);
    }
}

static void
waterfall_masonry_view_selection_changed (GtkSelectionModel *model, guint position, guint n_items, gpointer user_data)
{
  (void) model;
  WaterfallMasonryView *self = user_data;
  if (self->face != NULL)
    {
      waterfall_swift_masonry_view_selection_changed (self->face, position, n_items);
    }
}

#if GTK_CHECK_VERSION(4, 12, 0)
static void
waterfall_masonry_view_sections_changed (GtkSectionModel *model, guint position, guint n_items, gpointer user_data)
{
  (void) model;
  WaterfallMasonryView *self = user_data;
  if (self->face != NULL)
    waterfall_swift_masonry_view_sections_changed (self->face, position, n_items);
}
#endif

static void
waterfall_masonry_view_clear_model (WaterfallMasonryView *self)
{
  if (self->model == NULL)
    {
      return;
    }
  g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
}

/* A button went down or up anywhere in the view, or in the scrolled window it is the child of
 * with its scrollbars (seen in the capture phase): a snapping layout does not settle while one
 * is held. */
static gboolean
waterfall_masonry_view_button_event (GtkEventControllerLegacy *controller, GdkEvent *event, gpointer user_data)
{
  (void) controller;
  WaterfallMasonryView *self = user_data;
  GdkEventType type = gdk_event_get_event_type (event);
  if (self->face != NULL && (type == GDK_BUTTON_PRESS || type == GDK_BUTTON_RELEASE))
    {
      waterfall_swift_masonry_view_button_held (self->face, type == GDK_BUTTON_PRESS);
    }
  return GDK_EVENT_PROPAGATE;
}

/* Moves the one listener for the pointer buttons to @widget: the scrolled window the view is
 * the child of, or else the view itself. */
static void
waterfall_masonry_view_track_buttons (WaterfallMasonryView *self, GtkWidget *widget)
{
  if (self->buttons != NULL && gtk_event_controller_get_widget (self->buttons) == widget)
    {
      return;
    }
  if (self->buttons != NULL)
    {
      gtk_widget_remove_controller (gtk_event_controller_get_widget (self->buttons), self->buttons);
      g_clear_weak_pointer (&self->buttons);
    }
  self->buttons = gtk_event_controller_legacy_new ();
  g_object_add_weak_pointer (G_OBJECT (self->buttons), (gpointer *) &self->buttons);
  gtk_event_controller_set_propagation_phase (self->buttons, GTK_PHASE_CAPTURE);
  g_signal_connect (self->buttons, "event", G_CALLBACK (waterfall_masonry_view_button_event), self);
  gtk_widget_add_controller (widget, self->buttons);
}

static void
waterfall_masonry_view_forget_scrolled_window (WaterfallMasonryView *self)
{
  if (self->scrolled_window == NULL)
    {
      return;
    }
  g_clear_signal_handler (&self->overshot_handler, self->scrolled_window);
  if (self->buttons != NULL)
    {
      gtk_widget_remove_controller (self->scrolled_window, self->buttons);
      g_clear_weak_pointer (&self->buttons);
    }
  g_object_remove_weak_pointer (G_OBJECT (self->scrolled_window), (gpointer *) &self->scrolled_window);
  self->scrolled_window = NULL;
}

/* Hides a scrollbar from assistive technologies (pointer-only: the keyboard scrolls the wall
 * itself; GTK 4.8 names them by their GObject types), again whenever it is shown. */
static void
waterfall_masonry_view_hide_scrollbar (GtkWidget *bar)
{
  gtk_accessible_update_state (GTK_ACCESSIBLE (bar), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}

static void
waterfall_masonry_view_scrollbar_shown (GObject *bar, GParamSpec *pspec, gpointer user_data)
{
  (void) pspec;
  (void) user_data;
  waterfall_masonry_view_hide_scrollbar (GTK_WIDGET (bar));
}

/* Listens to the overshoot of the scrolled window the view is the child of (pull-to-refresh)
 * and to its pointer buttons (else to the view's), and hides its scrollbars from assistive
 * technologies. */
static void
waterfall_masonry_view_parent_changed (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  (void) pspec;
  (void) user_data;
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW (object);
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self));
  if (parent == self->scrolled_window)
    {
      return;
    }
  waterfall_masonry_view_forget_scrolled_window (self);
  if (parent != NULL && GTK_IS_SCROLLED_WINDOW (parent))
    {
      self->scrolled_window = parent;
      g_object_add_weak_pointer (G_OBJECT (parent), (gpointer *) &self->scrolled_window);
      self->overshot_handler =
          g_signal_connect (parent, "edge-overshot", G_CALLBACK (waterfall_masonry_view_edge_overshot), self);
      waterfall_masonry_view_track_buttons (self, parent);
      GtkWidget *bars[] = { gtk_scrolled_window_get_vscrollbar (GTK_SCROLLED_WINDOW (parent)),
                            gtk_scrolled_window_get_hscrollbar (GTK_SCROLLED_WINDOW (parent)) };
      for (guint i = 0; i < G_N_ELEMENTS (bars); i++)
        {
          if (bars[i] != NULL)
            {
              waterfall_masonry_view_hide_scrollbar (bars[i]);
              g_signal_connect (bars[i], "notify::visible", G_CALLBACK (waterfall_masonry_view_scrollbar_shown), NULL);
            }
        }
    }
  else
    {
      waterfall_masonry_view_track_buttons (self, GTK_WIDGET (self));
    }
}

static void
waterfall_masonry_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  (void) widget;
  (void) orientation;
  (void) for_size;
  /* The view takes whatever room it is given; its content scrolls. */
  *minimum = 0;
  *natural = 0;
  *minimum_baseline = -1;
  *natural_baseline = -1;
}

static void
waterfall_masonry_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  (void) baseline;
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW (widget);
  if (self->face != NULL)
    {
      waterfall_swift_masonry_view_allocate (self->face, width, height);
    }
}

#define WATERFALL_TAB_STOP_KEY "waterfall-masonry-view-tab-stop"

/* GtkListTabBehavior's ALL and ITEM. Before GTK 4.12 there is no tab-behavior: the wall is one
 * Tab stop, as with ITEM. */
#if GTK_CHECK_VERSION(4, 12, 0)
#define WATERFALL_LIST_TAB_ALL GTK_LIST_TAB_ALL
#define WATERFALL_LIST_TAB_ITEM GTK_LIST_TAB_ITEM
#define WATERFALL_LIST_TAB_DEFAULT GTK_LIST_TAB_ALL
#else
#define WATERFALL_LIST_TAB_ALL 0
#define WATERFALL_LIST_TAB_ITEM 1
#define WATERFALL_LIST_TAB_DEFAULT WATERFALL_LIST_TAB_ITEM
#endif

gboolean
waterfall_masonry_view_get_tabs_through_items (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), FALSE);
  return self->tab_behavior == WATERFALL_LIST_TAB_ALL;
}

void
waterfall_masonry_view_set_tabs_through_items (WaterfallMasonryView *self, gboolean through)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
#if GTK_CHECK_VERSION(4, 12, 0)
  waterfall_masonry_view_set_tab_behavior (self, through ? GTK_LIST_TAB_ALL : GTK_LIST_TAB_ITEM);
#endif
}

void
waterfall_masonry_view_add_tab_stop (WaterfallMasonryView *self, GtkWidget *child)
{
  g_return_if_fail (gtk_widget_get_parent (child) == GTK_WIDGET (self));
  g_object_set_data (G_OBJECT (child), WATERFALL_TAB_STOP_KEY, GINT_TO_POINTER (TRUE));
}

/* Whether `child` is a tab stop that is shown now (whether it takes the focus is up to its
 * own focus vfunc: a footer without its Retry button has nothing to focus). */
static gboolean
waterfall_masonry_view_is_tab_stop (GtkWidget *child)
{
  return g_object_get_data (G_OBJECT (child), WATERFALL_TAB_STOP_KEY) != NULL && gtk_widget_get_visible (child) &&
         gtk_widget_is_sensitive (child);
}

/* The tab stop after (`forward`) or before `from` among the children (from the first or the
 * last child when `from` is NULL), or NULL. */
static GtkWidget *
waterfall_masonry_view_next_tab_stop (GtkWidget *widget, GtkWidget *from, gboolean forward)
{
  GtkWidget *child = from != NULL ? (forward ? gtk_widget_get_next_sibling (from) : gtk_widget_get_prev_sibling (from))
                                  : (forward ? gtk_widget_get_first_child (widget) : gtk_widget_get_last_child (widget));
  while (child != NULL && !waterfall_masonry_view_is_tab_stop (child))
    {
      child = forward ? gtk_widget_get_next_sibling (child) : gtk_widget_get_prev_sibling (child);
    }
  return child;
}

/* Moves the focus into the first tab stop after (Tab) or before (Shift+Tab) `from` that takes
 * it; FALSE when none does. */
static gboolean
waterfall_masonry_view_focus_tab_stop (GtkWidget *widget, GtkWidget *from, GtkDirectionType direction)
{
  gboolean forward = direction == GTK_DIR_TAB_FORWARD;
  for (GtkWidget *stop = waterfall_masonry_view_next_tab_stop (widget, from, forward); stop != NULL;
       stop = waterfall_masonry_view_next_tab_stop (widget, stop, forward))
    {
      if (gtk_widget_child_focus (stop, direction))
        {
          return TRUE;
        }
    }
  return FALSE;
}

/* Moves the focus to the item at `position` (its cell takes the GTK focus), as Tab does in
 * GtkListBase with GTK_LIST_TAB_ALL; FALSE when there is no such item. */
static gboolean
waterfall_masonry_view_tab_to_item (WaterfallMasonryView *self,
                                    guint position)
{
  if (self->face == NULL || position >= waterfall_swift_masonry_view_get_n_items (self->face))
    return FALSE;
  waterfall_swift_masonry_view_scroll_to (self->face, position, TRUE, TRUE);
  return TRUE;
}

/* Moves the focus to the last item (`last`) or the first one; FALSE when there is none. */
static gboolean
waterfall_masonry_view_tab_to_end_item (WaterfallMasonryView *self,
                                        gboolean last)
{
  guint n_items = self->face != NULL ? waterfall_swift_masonry_view_get_n_items (self->face) : 0;
  return n_items > 0 && waterfall_masonry_view_tab_to_item (self, last ? n_items - 1 : 0);
}

/* The Tab chain of the wall, as in GtkListBase (see [property@Waterfall.MasonryView:tab-behavior]):
 * with GTK_LIST_TAB_ALL, Tab entering the wall lands on the first item (Shift+Tab on the last
 * tab stop that takes it, else the last item) and moves item by item, through the focusable
 * widgets of each cell; with ITEM or CELL (and before GTK 4.12) the wall is one Tab stop: Tab
 * lands on the wall (the focused item) and moves through the focused cell's widgets only. Then
 * come the tab stops while shown (the new-items pill, the status page's Retry and Details, the
 * footer's Retry); Tab and Shift+Tab leave the chain at its ends. Any other move (arrows)
 * while the focus is inside leaves the wall. */
static gboolean
waterfall_masonry_view_focus (GtkWidget *widget,
                              GtkDirectionType direction)
{
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  gboolean inside = focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
  gboolean all = self->tab_behavior == WATERFALL_LIST_TAB_ALL;
  /* The child of the view holding the focus: a tab stop or a cell (NULL for the wall). */
  GtkWidget *child = inside && focus != widget ? gtk_widget_get_focus_child (widget) : NULL;
  gboolean on_stop = child != NULL && g_object_get_data (G_OBJECT (child), WATERFALL_TAB_STOP_KEY) != NULL;
  guint focused = self->face != NULL ? waterfall_swift_masonry_view_get_focus_position (self->face)
                                     : GTK_INVALID_LIST_POSITION;

  if (direction != GTK_DIR_TAB_FORWARD && direction != GTK_DIR_TAB_BACKWARD)
    return !inside && gtk_widget_grab_focus (widget);

  gboolean forward = direction == GTK_DIR_TAB_FORWARD;
  if (!inside)
    {
      if (!forward && waterfall_masonry_view_focus_tab_stop (widget, NULL, direction))
        return TRUE;
      if (all && waterfall_masonry_view_tab_to_end_item (self, !forward))
        return TRUE;
      return gtk_widget_grab_focus (widget);
    }
  if (on_stop)
    {
      if (gtk_widget_child_focus (child, direction) || waterfall_masonry_view_focus_tab_stop (widget, child, direction))
        return TRUE;
      if (forward)
        return FALSE;
      if (all && waterfall_masonry_view_tab_to_end_item (self, TRUE))
        return TRUE;
      return gtk_widget_grab_focus (widget);
    }
  /* On the wall or a cell: first through the cell's own focusable widgets. */
  if (child != NULL && gtk_widget_child_focus (child, direction))
    return TRUE;
  if (all)
    {
      if (forward && waterfall_masonry_view_tab_to_item (self, focused == GTK_INVALID_LIST_POSITION ? 0 : focused + 1))
        return TRUE;
      if (!forward && focused != GTK_INVALID_LIST_POSITION && focused > 0)
        return waterfall_masonry_view_tab_to_item (self, focused - 1);
    }
  return forward && waterfall_masonry_view_focus_tab_stop (widget, NULL, direction);
}

/* The renderer is known from realize on: it decides whether cells are flattened (wf_flatten.h). */
static void
waterfall_masonry_view_realize (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (waterfall_masonry_view_parent_class)->realize (widget);
  wf_flatten_choose (widget);
}

/* Draws the children in order, as GtkWidget does; with the cairo renderer, children marked
 * with wf_flatten_mark are drawn from their rasterized pixels (see wf_flatten.h). */
static void
waterfall_masonry_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  wf_flatten_snapshot_children (widget, snapshot);
}

static void
waterfall_masonry_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW (object);
  switch (prop_id)
    {
    case PROP_HADJUSTMENT:
      g_value_set_object (value, self->adjustment[GTK_ORIENTATION_HORIZONTAL]);
      break;
    case PROP_VADJUSTMENT:
      g_value_set_object (value, self->adjustment[GTK_ORIENTATION_VERTICAL]);
      break;
    case PROP_HSCROLL_POLICY:
      g_value_set_enum (value, self->scroll_policy[GTK_ORIENTATION_HORIZONTAL]);
      break;
    case PROP_VSCROLL_POLICY:
      g_value_set_enum (value, self->scroll_policy[GTK_ORIENTATION_VERTICAL]);
      break;
    case PROP_ORIENTATION:
      g_value_set_enum (value, self->face != NULL ? waterfall_swift_masonry_view_get_orientation (self->face)
                                                  : GTK_ORIENTATION_VERTICAL);
      break;
#if GTK_CHECK_VERSION(4, 12, 0)
    case PROP_TAB_BEHAVIOR:
      g_value_set_enum (value, self->tab_behavior);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_HEADER_FACTORY:
      g_value_set_object (value, self->header_factory);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_PINNED_HEADERS:
      g_value_set_boolean (value, self->pinned_headers);
      break;
#endif
    case WATERFALL_MASONRY_VIEW_PROP_COLUMNS:
      g_value_set_uint (value, self->columns);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_MIN_COLUMN_WIDTH:
      g_value_set_double (value, self->min_column_width);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_COLUMN_SPACING:
      g_value_set_double (value, self->column_spacing);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_ROW_SPACING:
      g_value_set_double (value, self->row_spacing);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_SINGLE_CLICK_ACTIVATE:
      g_value_set_boolean (value, self->single_click_activate);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_ENABLE_RUBBERBAND:
      g_value_set_boolean (value, self->enable_rubberband);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_ENABLE_PULL_TO_REFRESH:
      g_value_set_boolean (value, self->enable_pull_to_refresh);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_REORDERABLE:
      g_value_set_boolean (value, self->reorderable);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_FACTORY:
      g_value_set_object (value, self->factory);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_ASPECT_RATIO_EXPRESSION:
      gtk_value_set_expression (value, self->aspect_ratio_expression);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_ENABLE_ITEM_DRAG:
      g_value_set_boolean (value, self->enable_item_drag);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_ASPECT_RATIO_PROPERTY:
      g_value_set_string (value, self->aspect_ratio_property);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_EMPTY_TITLE:
      g_value_set_string (value, self->empty_title);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_EMPTY_DESCRIPTION:
      g_value_set_string (value, self->empty_description);
      break;
    case WATERFALL_MASONRY_VIEW_PROP_EMPTY_ICON_NAME:
      g_value_set_string (value, self->empty_icon_name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
waterfall_masonry_view_set_scroll_policy (WaterfallMasonryView *self, GtkOrientation orientation, GtkScrollablePolicy policy, GParamSpec *pspec)
{
  if (self->scroll_policy[orientation] == policy)
    {
      return;
    }
  self->scroll_policy[orientation] = policy;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
waterfall_masonry_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW (object);
  switch (prop_id)
    {
    case PROP_HADJUSTMENT:
      waterfall_masonry_view_set_adjustment (self, GTK_ORIENTATION_HORIZONTAL, g_value_get_object (value));
      break;
    case PROP_VADJUSTMENT:
      waterfall_masonry_view_set_adjustment (self, GTK_ORIENTATION_VERTICAL, g_value_get_object (value));
      break;
    case PROP_HSCROLL_POLICY:
      waterfall_masonry_view_set_scroll_policy (self, GTK_ORIENTATION_HORIZONTAL, g_value_get_enum (value), pspec);
      break;
    case PROP_VSCROLL_POLICY:
      waterfall_masonry_view_set_scroll_policy (self, GTK_ORIENTATION_VERTICAL, g_value_get_enum (value), pspec);
      break;
    case PROP_ORIENTATION:
      if (self->face != NULL)
        {
          waterfall_swift_masonry_view_set_orientation (self->face, g_value_get_enum (value));
        }
      break;
#if GTK_CHECK_VERSION(4, 12, 0)
    case PROP_TAB_BEHAVIOR:
      waterfall_masonry_view_set_tab_behavior (self, g_value_get_enum (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_HEADER_FACTORY:
      waterfall_masonry_view_set_header_factory (self, g_value_get_object (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_PINNED_HEADERS:
      waterfall_masonry_view_set_pinned_headers (self, g_value_get_boolean (value));
      break;
#endif
    case WATERFALL_MASONRY_VIEW_PROP_COLUMNS:
      waterfall_masonry_view_set_columns (self, g_value_get_uint (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_MIN_COLUMN_WIDTH:
      waterfall_masonry_view_set_min_column_width (self, g_value_get_double (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_COLUMN_SPACING:
      waterfall_masonry_view_set_column_spacing (self, g_value_get_double (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_ROW_SPACING:
      waterfall_masonry_view_set_row_spacing (self, g_value_get_double (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_SINGLE_CLICK_ACTIVATE:
      waterfall_masonry_view_set_single_click_activate (self, g_value_get_boolean (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_ENABLE_RUBBERBAND:
      waterfall_masonry_view_set_enable_rubberband (self, g_value_get_boolean (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_ENABLE_PULL_TO_REFRESH:
      waterfall_masonry_view_set_enable_pull_to_refresh (self, g_value_get_boolean (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_REORDERABLE:
      waterfall_masonry_view_set_reorderable (self, g_value_get_boolean (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_MODEL:
      waterfall_masonry_view_set_model (self, g_value_get_object (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_FACTORY:
      waterfall_masonry_view_set_factory (self, g_value_get_object (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_ASPECT_RATIO_EXPRESSION:
      waterfall_masonry_view_set_aspect_ratio_expression (self, gtk_value_get_expression (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_ENABLE_ITEM_DRAG:
      waterfall_masonry_view_set_enable_item_drag (self, g_value_get_boolean (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_ASPECT_RATIO_PROPERTY:
      waterfall_masonry_view_set_aspect_ratio_property (self, g_value_get_string (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_EMPTY_TITLE:
      waterfall_masonry_view_set_empty_title (self, g_value_get_string (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_EMPTY_DESCRIPTION:
      waterfall_masonry_view_set_empty_description (self, g_value_get_string (value));
      break;
    case WATERFALL_MASONRY_VIEW_PROP_EMPTY_ICON_NAME:
      waterfall_masonry_view_set_empty_icon_name (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
waterfall_masonry_view_constructed (GObject *object)
{
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW (object);
  G_OBJECT_CLASS (waterfall_masonry_view_parent_class)->constructed (object);
  self->face = waterfall_swift_masonry_view_create (self);
}

static void
waterfall_masonry_view_dispose (GObject *object)
{
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW (object);
  waterfall_masonry_view_forget_scrolled_window (self);
  if (self->face != NULL)
    {
      waterfall_swift_face_dispose (self->face);
    }
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    {
      gtk_widget_unparent (child);
    }
  waterfall_masonry_view_clear_adjustment (self, GTK_ORIENTATION_HORIZONTAL);
  waterfall_masonry_view_clear_adjustment (self, GTK_ORIENTATION_VERTICAL);
  waterfall_masonry_view_clear_model (self);
  g_clear_object (&self->factory);
  g_clear_object (&self->header_factory);
  g_clear_pointer (&self->aspect_ratio_expression, gtk_expression_unref);
  G_OBJECT_CLASS (waterfall_masonry_view_parent_class)->dispose (object);
}

static void
waterfall_masonry_view_finalize (GObject *object)
{
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW (object);
  gpointer face = self->face;
  self->face = NULL;
  if (face != NULL)
    {
      waterfall_swift_face_release (face);
    }
  g_free (self->aspect_ratio_property);
  g_free (self->empty_title);
  g_free (self->empty_description);
  g_free (self->empty_icon_name);
  G_OBJECT_CLASS (waterfall_masonry_view_parent_class)->finalize (object);
}

/* The list.* actions ignore a parameter of another type, as GtkListBase's do (GTK does not
 * check it before calling them). */
static void
waterfall_masonry_view_activate_item (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void) action_name;
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW (widget);
  if (!g_variant_check_format_string (parameter, "u", FALSE))
    return;
  if (self->face != NULL)
    {
      waterfall_swift_masonry_view_activate_item (self->face, g_variant_get_uint32 (parameter));
    }
}

static void
waterfall_masonry_view_select_item (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void) action_name;
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW (widget);
  guint position;
  gboolean modify, extend;
  if (!g_variant_check_format_string (parameter, "(ubb)", FALSE))
    return;
  g_variant_get (parameter, "(ubb)", &position, &modify, &extend);
  if (self->face != NULL)
    {
      waterfall_swift_masonry_view_select_item (self->face, position, modify, extend);
    }
}

static void
waterfall_masonry_view_scroll_to_item (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void) action_name;
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW (widget);
  if (!g_variant_check_format_string (parameter, "u", FALSE))
    return;
  if (self->face != NULL)
    {
      waterfall_swift_masonry_view_scroll_to_item (self->face, g_variant_get_uint32 (parameter));
    }
}

/* list.select-all and list.unselect-all: the whole selection model at once, as in GtkListBase
 * (a view without a selection model, on the Swift data-source path, has nothing to select). */
static void
waterfall_masonry_view_select_all (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void) action_name;
  (void) parameter;
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW (widget);
  if (self->model != NULL)
    gtk_selection_model_select_all (self->model);
}

static void
waterfall_masonry_view_unselect_all (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void) action_name;
  (void) parameter;
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW (widget);
  if (self->model != NULL)
    gtk_selection_model_unselect_all (self->model);
}

static void
waterfall_masonry_view_refresh (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  (void) action_name;
  (void) parameter;
  WaterfallMasonryView *self = WATERFALL_MASONRY_VIEW (widget);
  if (self->face != NULL)
    {
      waterfall_swift_masonry_view_refresh (self->face);
    }
}

/* The default handler of prepare-drag: the content the Swift API gave (enableDraggingItems). */
static GdkContentProvider *
waterfall_masonry_view_real_prepare_drag (WaterfallMasonryView *self, guint position)
{
  return self->face != NULL ? waterfall_swift_masonry_view_drag_content (self->face, position) : NULL;
}

static void
waterfall_masonry_view_class_init (WaterfallMasonryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /* A C, Python or JavaScript program runs a plain GLib loop: let the view's Swift main-actor
   * work run from it (see wf_main_queue.h). */
  wf_main_queue_attach ();

  object_class->constructed = waterfall_masonry_view_constructed;
  object_class->dispose = waterfall_masonry_view_dispose;
  object_class->finalize = waterfall_masonry_view_finalize;
  object_class->get_property = waterfall_masonry_view_get_property;
  object_class->set_property = waterfall_masonry_view_set_property;
  widget_class->measure = waterfall_masonry_view_measure;
  widget_class->size_allocate = waterfall_masonry_view_size_allocate;
  widget_class->realize = waterfall_masonry_view_realize;
  widget_class->snapshot = waterfall_masonry_view_snapshot;
  widget_class->focus = waterfall_masonry_view_focus;

  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");
  g_object_class_override_property (object_class, PROP_ORIENTATION, "orientation");

  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  /**
   * WaterfallMasonryView:columns:
   *
   * The number of columns (rows, when the orientation is horizontal), at most 64; 0 (the
   * default) fits as many as [property@Waterfall.MasonryView:min-column-width] allows.
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_COLUMNS] = g_param_spec_uint ("columns", NULL, NULL, 0, WATERFALL_MASONRY_VIEW_MAX_COLUMNS, 0, flags);
  /**
   * WaterfallMasonryView:min-column-width:
   *
   * The narrowest a column may be when [property@Waterfall.MasonryView:columns] is 0, in
   * pixels (at least 1; default 160).
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_MIN_COLUMN_WIDTH] = g_param_spec_double ("min-column-width", NULL, NULL, 1, G_MAXDOUBLE, 160, flags);
  /**
   * WaterfallMasonryView:column-spacing:
   *
   * The space between columns, in pixels (default 8).
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_COLUMN_SPACING] = g_param_spec_double ("column-spacing", NULL, NULL, 0, G_MAXDOUBLE, 8, flags);
  /**
   * WaterfallMasonryView:row-spacing:
   *
   * The space between items in a column, in pixels (default 8).
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_ROW_SPACING] = g_param_spec_double ("row-spacing", NULL, NULL, 0, G_MAXDOUBLE, 8, flags);
  /**
   * WaterfallMasonryView:single-click-activate:
   *
   * Whether a single click activates an item (emits [signal@Waterfall.MasonryView::activate]),
   * as in [class@Gtk.GridView]; otherwise Enter activates the focused item.
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_SINGLE_CLICK_ACTIVATE] = g_param_spec_boolean ("single-click-activate", NULL, NULL, FALSE, flags);
  /**
   * WaterfallMasonryView:enable-rubberband:
   *
   * Whether dragging over the background selects the items it covers (with a multi-selection
   * model).
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_ENABLE_RUBBERBAND] = g_param_spec_boolean ("enable-rubberband", NULL, NULL, FALSE, flags);
  /**
   * WaterfallMasonryView:enable-pull-to-refresh: (getter get_enable_pull_to_refresh) (setter set_enable_pull_to_refresh)
   *
   * Whether pulling past the top of a vertical wall (a touchscreen or kinetic overshoot of its
   * [class@Gtk.ScrolledWindow], which GTK reports as [signal@Gtk.ScrolledWindow::edge-overshot])
   * emits [signal@Waterfall.MasonryView::refresh], with the pull-to-refresh header (default
   * %FALSE, so that a wall that has nothing to refresh does not offer it on a pull; F5, Ctrl+R
   * and the `list.refresh` action refresh either way).
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_ENABLE_PULL_TO_REFRESH] = g_param_spec_boolean ("enable-pull-to-refresh", NULL, NULL, FALSE, flags);
  /**
   * WaterfallMasonryView:reorderable:
   *
   * Whether items the data source lets move can be dragged to another place (default %TRUE);
   * %FALSE turns reordering off. Items of a [property@Waterfall.MasonryView:model] do not move:
   * a [iface@Gio.ListModel] has no move, so an app that lets the reader reorder its
   * [class@Gio.ListStore] drags items out with
   * [property@Waterfall.MasonryView:enable-item-drag], takes them back with a
   * [class@Gtk.DropTarget] on the view and moves them in the store at the position
   * waterfall_masonry_view_get_position_at() gives.
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_REORDERABLE] = g_param_spec_boolean ("reorderable", NULL, NULL, TRUE, flags);
  /**
   * WaterfallMasonryView:model: (getter get_model) (setter set_model)
   *
   * The [iface@Gtk.SelectionModel] the items come from ([class@Gtk.NoSelection],
   * [class@Gtk.SingleSelection] or [class@Gtk.MultiSelection] over any [iface@Gio.ListModel]);
   * clicks, Ctrl, Shift, Ctrl+A and the rubberband select through it. %NULL shows no items.
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, GTK_TYPE_SELECTION_MODEL, flags);
  /**
   * WaterfallMasonryView:factory: (getter get_factory) (setter set_factory)
   *
   * The [class@Waterfall.ItemFactory] that makes and fills the cells of the model's items: a
   * [class@Waterfall.SignalItemFactory] or [class@Waterfall.BuilderItemFactory], with the same
   * steps and item API as GTK's list item factories (GTK makes its own `GtkListItem`s only
   * inside its list widgets, so a [class@Gtk.ListItemFactory] cannot be used here), or over a
   * [class@Waterfall.FeedModel] the ready-made [class@Waterfall.FeedItemFactory].
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_FACTORY] = g_param_spec_object ("factory", NULL, NULL, WATERFALL_TYPE_ITEM_FACTORY, flags);
  /**
   * WaterfallMasonryView:aspect-ratio-expression: (getter get_aspect_ratio_expression) (setter set_aspect_ratio_expression)
   *
   * A [class@Gtk.Expression] evaluated on each model item, giving its width divided by its
   * height (any numeric type). It wins over [property@Waterfall.MasonryView:aspect-ratio-property].
   * Without either, or for an item it cannot be evaluated on (one warning), the cell is
   * measured once bound and its height corrected in place. Ratios beyond 1000:1 either way
   * are clamped to 1000:1.
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_ASPECT_RATIO_EXPRESSION] = gtk_param_spec_expression ("aspect-ratio-expression", NULL, NULL, flags);
  /**
   * WaterfallMasonryView:enable-item-drag: (getter get_enable_item_drag) (setter set_enable_item_drag)
   *
   * Whether items can be dragged out of the view (default %FALSE): a primary-button drag that
   * starts on an item emits [signal@Waterfall.MasonryView::prepare-drag] for its content, and
   * the cell's picture is the drag icon. Items the view reorders
   * ([property@Waterfall.MasonryView:reorderable], with a data source that lets them move)
   * are reordered instead, and a rubberband starts only outside the items that can be dragged.
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_ENABLE_ITEM_DRAG] = g_param_spec_boolean ("enable-item-drag", NULL, NULL, FALSE, flags);
  /**
   * WaterfallMasonryView:aspect-ratio-property: (getter get_aspect_ratio_property) (setter set_aspect_ratio_property)
   *
   * The name of a numeric property of the model's items giving each item's width divided by
   * its height: the simple form of [property@Waterfall.MasonryView:aspect-ratio-expression],
   * for bindings that cannot make a [class@Gtk.Expression] (PyGObject 3.42). The expression,
   * when set, wins. An item without that property, or whose value is not a positive finite
   * number (a string, 0, NaN), gets one warning per property name and is measured instead,
   * as without either.
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_ASPECT_RATIO_PROPERTY] = g_param_spec_string ("aspect-ratio-property", NULL, NULL, NULL, flags);
  /**
   * WaterfallMasonryView:empty-title: (getter get_empty_title) (setter set_empty_title)
   *
   * What the wall says, centred in large type, while it has no items ("No photos yet"), with
   * [property@Waterfall.MasonryView:empty-description] and
   * [property@Waterfall.MasonryView:empty-icon-name] around it. %NULL (the default) says
   * nothing; a [class@Waterfall.FeedWall]'s view says that the feed has no items.
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_EMPTY_TITLE] = g_param_spec_string ("empty-title", NULL, NULL, NULL, flags);
  /**
   * WaterfallMasonryView:empty-description: (getter get_empty_description) (setter set_empty_description)
   *
   * The line under [property@Waterfall.MasonryView:empty-title]: what the person can do
   * ("Photos you import appear here"); %NULL for none.
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_EMPTY_DESCRIPTION] = g_param_spec_string ("empty-description", NULL, NULL, NULL, flags);
  /**
   * WaterfallMasonryView:empty-icon-name: (getter get_empty_icon_name) (setter set_empty_icon_name)
   *
   * The symbolic icon above [property@Waterfall.MasonryView:empty-title]
   * ("folder-pictures-symbolic"); %NULL for none.
   */
  properties[WATERFALL_MASONRY_VIEW_PROP_EMPTY_ICON_NAME] = g_param_spec_string ("empty-icon-name", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, WATERFALL_MASONRY_VIEW_N_PROPS, properties);
#if GTK_CHECK_VERSION(4, 12, 0)
  /**
   * WaterfallMasonryView:tab-behavior: (getter get_tab_behavior) (setter set_tab_behavior)
   *
   * How Tab moves through the items, as in [class@Gtk.GridView]: %GTK_LIST_TAB_ALL (the
   * default) goes item by item, through the focusable widgets of each cell, and then to the
   * widget after the wall; %GTK_LIST_TAB_ITEM and %GTK_LIST_TAB_CELL make the wall one Tab
   * stop: Tab lands on the focused item, goes through its cell's focusable widgets and then
   * leaves the wall (the arrow keys move between items). A wall made by the Swift API (and a
   * [class@Waterfall.FeedWall]'s) starts at %GTK_LIST_TAB_ITEM: Tab through an endless feed
   * would never leave it. Present when built against GTK 4.12 or later; before, the wall is
   * always one Tab stop.
   *
   * Since: 0.2
   */
  tab_behavior_pspec = g_param_spec_enum ("tab-behavior", NULL, NULL, GTK_TYPE_LIST_TAB_BEHAVIOR,
                                          GTK_LIST_TAB_ALL, flags);
  g_object_class_install_property (object_class, PROP_TAB_BEHAVIOR, tab_behavior_pspec);
  /**
   * WaterfallMasonryView:header-factory: (getter get_header_factory) (setter set_header_factory)
   *
   * The [class@Waterfall.ItemFactory] that makes the section headers, as
   * [property@Gtk.ListView:header-factory]: when it is set and the
   * [property@Waterfall.MasonryView:model] is a [iface@Gtk.SectionModel] (every GTK selection
   * model forwards the sections of the model it wraps, for example a [class@Gtk.SortListModel]
   * with a [property@Gtk.SortListModel:section-sorter]), each section starts with a header
   * that spans every column. The factory's steps receive a [class@Waterfall.Header]. A model
   * without sections is one section. %NULL (the default) shows no headers. Present when built
   * against GTK 4.12 or later; before, the wall has no sections.
   *
   * Headers take no selection, focus or activation: positions (selection, keys,
   * [method@Waterfall.MasonryView.scroll_to], [signal@Waterfall.MasonryView::activate],
   * [method@Waterfall.MasonryView.get_position_at]) count the model's items alone, and the
   * arrow keys and Tab skip the headers.
   *
   * Since: 0.2
   */
  header_factory_pspec = g_param_spec_object ("header-factory", NULL, NULL, WATERFALL_TYPE_ITEM_FACTORY, flags);
  g_object_class_install_property (object_class, WATERFALL_MASONRY_VIEW_PROP_HEADER_FACTORY, header_factory_pspec);
  /**
   * WaterfallMasonryView:pinned-headers: (getter get_pinned_headers) (setter set_pinned_headers)
   *
   * Whether the header of the section at the top of a vertical wall stays pinned there while
   * its section scrolls under it; the next section's header pushes it out as it arrives
   * (default %FALSE: headers scroll with their sections, as in [class@Gtk.ListView]). Present
   * when built against GTK 4.12 or later.
   *
   * Since: 0.2
   */
  pinned_headers_pspec = g_param_spec_boolean ("pinned-headers", NULL, NULL, FALSE, flags);
  g_object_class_install_property (object_class, WATERFALL_MASONRY_VIEW_PROP_PINNED_HEADERS, pinned_headers_pspec);
#endif

  /**
   * WaterfallMasonryView::activate:
   * @self: the view
   * @position: the position of the item
   *
   * Emitted when an item is activated: Enter on the focused item, a click with
   * [property@Waterfall.MasonryView:single-click-activate], or the `list.activate-item` action.
   */
  signals[SIGNAL_ACTIVATE] = g_signal_new ("activate", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                           NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /**
   * WaterfallMasonryView::load-more:
   * @self: the view
   *
   * Emitted when the reader comes near the end of the items and the view wants the next page.
   * Over a [property@Waterfall.MasonryView:model] the request ends when the handlers return:
   * append to the model now or later (for a feed, call [method@Waterfall.FeedModel.load_more]);
   * the view asks again once the model has more items and the reader is near their end. Over
   * a [class@Waterfall.FeedModel] that is loading when the handlers return, the request ends
   * when the feed stops loading: the footer's spinner shows until then, and a failed page shows
   * the feed's reason with Retry, which emits the signal again.
   */
  signals[SIGNAL_LOAD_MORE] = g_signal_new ("load-more", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                            NULL, G_TYPE_NONE, 0);
  /**
   * WaterfallMasonryView::refresh:
   * @self: the view
   *
   * Emitted when a refresh starts: pull-to-refresh, F5 or Ctrl+R while the view has the
   * focus, or the `list.refresh` action. Over a [property@Waterfall.MasonryView:model] the
   * refresh ends when the handlers return: change the model now or later (items inserted at
   * the top keep the reader's place), and the next refresh emits the signal again. Over a
   * [class@Waterfall.FeedModel] that is loading when the handlers return (they called
   * [method@Waterfall.FeedModel.refresh]), the refresh ends when the feed stops loading.
   */
  signals[SIGNAL_REFRESH] = g_signal_new ("refresh", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                          NULL, G_TYPE_NONE, 0);
  /**
   * WaterfallMasonryView::prepare-drag:
   * @self: the view
   * @position: the position of the item the drag starts on
   *
   * Emitted when a drag starts on an item while
   * [property@Waterfall.MasonryView:enable-item-drag] is set, for the content the item
   * carries out of the view, as [signal@Gtk.DragSource::prepare] is: for example
   * gdk_content_provider_new_union() of a [iface@Gio.File] (`text/uri-list`) and a string
   * (`text/plain`). The first handler that returns a provider wins; %NULL from every handler
   * refuses the drag. The drag offers the copy action.
   *
   * Returns: (transfer full) (nullable): the content of the dragged item, or %NULL to refuse
   *   the drag
   */
  signals[SIGNAL_PREPARE_DRAG] =
      g_signal_new_class_handler ("prepare-drag", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  G_CALLBACK (waterfall_masonry_view_real_prepare_drag), g_signal_accumulator_first_wins,
                                  NULL, NULL, GDK_TYPE_CONTENT_PROVIDER, 1, G_TYPE_UINT);

  /**
   * WaterfallMasonryView|list.activate-item:
   * @position: the position of the item to activate
   *
   * Activates the item at @position (emits [signal@Waterfall.MasonryView::activate]).
   */
  gtk_widget_class_install_action (widget_class, "list.activate-item", "u", waterfall_masonry_view_activate_item);
  /**
   * WaterfallMasonryView|list.select-item:
   * @position: the position of the item to select
   * @modify: %TRUE to toggle the existing selection, %FALSE to select
   * @extend: %TRUE to extend the selection
   *
   * Changes the selection, as a click does.
   */
  gtk_widget_class_install_action (widget_class, "list.select-item", "(ubb)", waterfall_masonry_view_select_item);
  /**
   * WaterfallMasonryView|list.scroll-to-item:
   * @position: the position of the item to scroll to
   *
   * Moves the focus to the item at @position and scrolls as little as needed to show it.
   */
  gtk_widget_class_install_action (widget_class, "list.scroll-to-item", "u", waterfall_masonry_view_scroll_to_item);
  /**
   * WaterfallMasonryView|list.select-all:
   *
   * Selects every item of the [property@Waterfall.MasonryView:model], as Ctrl+A does (only a
   * [class@Gtk.MultiSelection] selects them all).
   */
  gtk_widget_class_install_action (widget_class, "list.select-all", NULL, waterfall_masonry_view_select_all);
  /**
   * WaterfallMasonryView|list.unselect-all:
   *
   * Unselects every item of the [property@Waterfall.MasonryView:model], as Ctrl+Shift+A does.
   */
  gtk_widget_class_install_action (widget_class, "list.unselect-all", NULL, waterfall_masonry_view_unselect_all);
  /**
   * WaterfallMasonryView|list.refresh:
   *
   * Starts a refresh (emits [signal@Waterfall.MasonryView::refresh]).
   */
  gtk_widget_class_install_action (widget_class, "list.refresh", NULL, waterfall_masonry_view_refresh);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "list.refresh", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "list.refresh", NULL);

  gtk_widget_class_set_css_name (widget_class, "waterfall");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_LIST);
}

static void
waterfall_masonry_view_init (WaterfallMasonryView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  self->min_column_width = 160;
  self->column_spacing = 8;
  self->row_spacing = 8;
  self->reorderable = TRUE;
  self->tab_behavior = WATERFALL_LIST_TAB_DEFAULT;
  self->scroll_policy[GTK_ORIENTATION_HORIZONTAL] = GTK_SCROLL_MINIMUM;
  self->scroll_policy[GTK_ORIENTATION_VERTICAL] = GTK_SCROLL_MINIMUM;
  waterfall_masonry_view_set_adjustment (self, GTK_ORIENTATION_HORIZONTAL, NULL);
  waterfall_masonry_view_set_adjustment (self, GTK_ORIENTATION_VERTICAL, NULL);
  gtk_widget_add_css_class (widget, "view");
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_set_vexpand (widget, TRUE);
  g_signal_connect (self, "notify::parent", G_CALLBACK (waterfall_masonry_view_parent_changed), NULL);
  waterfall_masonry_view_track_buttons (self, widget);
}

/**
 * waterfall_masonry_view_new:
 * @model: (nullable) (transfer full): the selection model to show, or %NULL
 * @factory: (nullable) (transfer full): the factory that makes the cells, or %NULL
 *
 * Creates a masonry view of @model's items with cells from @factory, as gtk_grid_view_new()
 * does. Put it into a [class@Gtk.ScrolledWindow].
 *
 * Returns: (transfer floating): a new `WaterfallMasonryView`
 */
GtkWidget *
waterfall_masonry_view_new (GtkSelectionModel *model, WaterfallItemFactory *factory)
{
  g_return_val_if_fail (model == NULL || GTK_IS_SELECTION_MODEL (model), NULL);
  g_return_val_if_fail (factory == NULL || WATERFALL_IS_ITEM_FACTORY (factory), NULL);
  GtkWidget *view = g_object_new (WATERFALL_TYPE_MASONRY_VIEW, "model", model, "factory", factory, NULL);
  g_clear_object (&model);
  g_clear_object (&factory);
  return view;
}

/**
 * waterfall_masonry_view_get_position_at:
 * @self: a `WaterfallMasonryView`
 * @x: the x coordinate of a point in @self, in pixels
 * @y: the y coordinate of a point in @self, in pixels
 *
 * Finds the item drawn at a point of the view, for example where a [class@Gtk.DropTarget]
 * the app added to the view reports a drop (its coordinates are the view's).
 *
 * Returns: the position of the item under the point, or %GTK_INVALID_LIST_POSITION when
 *   the point is between items or outside the view
 */
guint
waterfall_masonry_view_get_position_at (WaterfallMasonryView *self, double x, double y)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), GTK_INVALID_LIST_POSITION);
  if (self->face == NULL || !isfinite (x) || !isfinite (y))
    {
      return GTK_INVALID_LIST_POSITION;
    }
  return waterfall_swift_masonry_view_position_at (self->face, x, y);
}

/**
 * waterfall_masonry_view_set_model:
 * @self: a `WaterfallMasonryView`
 * @model: (nullable) (transfer none): the selection model to show, or %NULL
 *
 * Sets [property@Waterfall.MasonryView:model]; the view shows the new model's items from
 * the top.
 */
void
waterfall_masonry_view_set_model (WaterfallMasonryView *self, GtkSelectionModel *model)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  g_return_if_fail (model == NULL || GTK_IS_SELECTION_MODEL (model));
  if (self->model == model)
    {
      return;
    }
  waterfall_masonry_view_clear_model (self);
  if (model != NULL)
    {
      self->model = g_object_ref (model);
      g_signal_connect (model, "items-changed", G_CALLBACK (waterfall_masonry_view_items_changed), self);
      g_signal_connect (model, "selection-changed", G_CALLBACK (waterfall_masonry_view_selection_changed), self);
#if GTK_CHECK_VERSION(4, 12, 0)
      if (GTK_IS_SECTION_MODEL (model))
        g_signal_connect (model, "sections-changed", G_CALLBACK (waterfall_masonry_view_sections_changed), self);
#endif
    }
  waterfall_masonry_view_property_changed (self, WATERFALL_MASONRY_VIEW_PROP_MODEL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[WATERFALL_MASONRY_VIEW_PROP_MODEL]);
}

/**
 * waterfall_masonry_view_get_model:
 * @self: a `WaterfallMasonryView`
 *
 * Gets [property@Waterfall.MasonryView:model].
 *
 * Returns: (transfer none) (nullable): the selection model
 */
GtkSelectionModel *
waterfall_masonry_view_get_model (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), NULL);
  return self->model;
}

/**
 * waterfall_masonry_view_set_factory:
 * @self: a `WaterfallMasonryView`
 * @factory: (nullable) (transfer none): the factory that makes the cells, or %NULL
 *
 * Sets [property@Waterfall.MasonryView:factory]; the cells the old factory made are torn
 * down and the items bound again in cells of the new one.
 */
void
waterfall_masonry_view_set_factory (WaterfallMasonryView *self, WaterfallItemFactory *factory)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  g_return_if_fail (factory == NULL || WATERFALL_IS_ITEM_FACTORY (factory));
  if (g_set_object (&self->factory, factory))
    {
      waterfall_masonry_view_property_changed (self, WATERFALL_MASONRY_VIEW_PROP_FACTORY);
      g_object_notify_by_pspec (G_OBJECT (self), properties[WATERFALL_MASONRY_VIEW_PROP_FACTORY]);
    }
}

/**
 * waterfall_masonry_view_get_factory:
 * @self: a `WaterfallMasonryView`
 *
 * Gets [property@Waterfall.MasonryView:factory].
 *
 * Returns: (transfer none) (nullable): the factory
 */
WaterfallItemFactory *
waterfall_masonry_view_get_factory (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), NULL);
  return self->factory;
}

/**
 * waterfall_masonry_view_set_aspect_ratio_expression:
 * @self: a `WaterfallMasonryView`
 * @expression: (nullable) (transfer none): an expression giving an item's width / height, or %NULL
 *
 * Sets [property@Waterfall.MasonryView:aspect-ratio-expression].
 */
void
waterfall_masonry_view_set_aspect_ratio_expression (WaterfallMasonryView *self, GtkExpression *expression)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  if (self->aspect_ratio_expression == expression)
    {
      return;
    }
  if (expression != NULL)
    {
      gtk_expression_ref (expression);
    }
  g_clear_pointer (&self->aspect_ratio_expression, gtk_expression_unref);
  self->aspect_ratio_expression = expression;
  waterfall_masonry_view_property_changed (self, WATERFALL_MASONRY_VIEW_PROP_ASPECT_RATIO_EXPRESSION);
  g_object_notify_by_pspec (G_OBJECT (self), properties[WATERFALL_MASONRY_VIEW_PROP_ASPECT_RATIO_EXPRESSION]);
}

/**
 * waterfall_masonry_view_get_aspect_ratio_expression:
 * @self: a `WaterfallMasonryView`
 *
 * Gets [property@Waterfall.MasonryView:aspect-ratio-expression].
 *
 * Returns: (transfer none) (nullable): the expression
 */
GtkExpression *
waterfall_masonry_view_get_aspect_ratio_expression (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), NULL);
  return self->aspect_ratio_expression;
}

/* Stores a string property (a copy); notifies and tells the face when it changed. */
static void
waterfall_masonry_view_set_string (WaterfallMasonryView *self, char **field, const char *value, WaterfallMasonryViewProp prop_id)
{
  if (g_strcmp0 (*field, value) == 0)
    {
      return;
    }
  g_free (*field);
  *field = g_strdup (value);
  waterfall_masonry_view_property_changed (self, prop_id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

/**
 * waterfall_masonry_view_set_aspect_ratio_property:
 * @self: a `WaterfallMasonryView`
 * @name: (nullable): the name of the items' numeric property giving width / height, or %NULL
 *
 * Sets [property@Waterfall.MasonryView:aspect-ratio-property].
 */
void
waterfall_masonry_view_set_aspect_ratio_property (WaterfallMasonryView *self, const char *name)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  waterfall_masonry_view_set_string (self, &self->aspect_ratio_property, name, WATERFALL_MASONRY_VIEW_PROP_ASPECT_RATIO_PROPERTY);
}

/**
 * waterfall_masonry_view_get_aspect_ratio_property:
 * @self: a `WaterfallMasonryView`
 *
 * Gets [property@Waterfall.MasonryView:aspect-ratio-property].
 *
 * Returns: (nullable): the property name
 */
const char *
waterfall_masonry_view_get_aspect_ratio_property (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), NULL);
  return self->aspect_ratio_property;
}

/**
 * waterfall_masonry_view_set_empty_title:
 * @self: a `WaterfallMasonryView`
 * @title: (nullable): what the empty wall says, or %NULL for nothing
 *
 * Sets [property@Waterfall.MasonryView:empty-title].
 */
void
waterfall_masonry_view_set_empty_title (WaterfallMasonryView *self, const char *title)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  waterfall_masonry_view_set_string (self, &self->empty_title, title, WATERFALL_MASONRY_VIEW_PROP_EMPTY_TITLE);
}

/**
 * waterfall_masonry_view_get_empty_title:
 * @self: a `WaterfallMasonryView`
 *
 * Gets [property@Waterfall.MasonryView:empty-title].
 *
 * Returns: (nullable): the empty wall's title
 */
const char *
waterfall_masonry_view_get_empty_title (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), NULL);
  return self->empty_title;
}

/**
 * waterfall_masonry_view_set_empty_description:
 * @self: a `WaterfallMasonryView`
 * @description: (nullable): the line under the empty wall's title, or %NULL
 *
 * Sets [property@Waterfall.MasonryView:empty-description].
 */
void
waterfall_masonry_view_set_empty_description (WaterfallMasonryView *self, const char *description)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  waterfall_masonry_view_set_string (self, &self->empty_description, description, WATERFALL_MASONRY_VIEW_PROP_EMPTY_DESCRIPTION);
}

/**
 * waterfall_masonry_view_get_empty_description:
 * @self: a `WaterfallMasonryView`
 *
 * Gets [property@Waterfall.MasonryView:empty-description].
 *
 * Returns: (nullable): the line under the empty wall's title
 */
const char *
waterfall_masonry_view_get_empty_description (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), NULL);
  return self->empty_description;
}

/**
 * waterfall_masonry_view_set_empty_icon_name:
 * @self: a `WaterfallMasonryView`
 * @icon_name: (nullable): a symbolic icon name, or %NULL
 *
 * Sets [property@Waterfall.MasonryView:empty-icon-name].
 */
void
waterfall_masonry_view_set_empty_icon_name (WaterfallMasonryView *self, const char *icon_name)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  waterfall_masonry_view_set_string (self, &self->empty_icon_name, icon_name, WATERFALL_MASONRY_VIEW_PROP_EMPTY_ICON_NAME);
}

/**
 * waterfall_masonry_view_get_empty_icon_name:
 * @self: a `WaterfallMasonryView`
 *
 * Gets [property@Waterfall.MasonryView:empty-icon-name].
 *
 * Returns: (nullable): the empty wall's icon name
 */
const char *
waterfall_masonry_view_get_empty_icon_name (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), NULL);
  return self->empty_icon_name;
}

gpointer
waterfall_masonry_view_get_face (WaterfallMasonryView *self)
{
  return self->face;
}

WaterfallItemFactory *
waterfall_masonry_view_get_section_header_factory (WaterfallMasonryView *self)
{
  return self->header_factory;
}

gboolean
waterfall_masonry_view_get_section_headers_pin (WaterfallMasonryView *self)
{
  return self->pinned_headers;
}

gboolean
waterfall_masonry_view_get_section (WaterfallMasonryView *self, guint position, guint *start, guint *end)
{
#if GTK_CHECK_VERSION(4, 12, 0)
  if (self->model != NULL && GTK_IS_SECTION_MODEL (self->model))
    {
      gtk_section_model_get_section (GTK_SECTION_MODEL (self->model), position, start, end);
      return TRUE;
    }
#else
  (void) self;
  (void) position;
#endif
  *start = 0;
  *end = 0;
  return FALSE;
}

GtkAdjustment *
waterfall_masonry_view_get_adjustment (WaterfallMasonryView *self, GtkOrientation orientation)
{
  return self->adjustment[orientation];
}

gboolean
waterfall_masonry_view_property_is_default (WaterfallMasonryView *self, WaterfallMasonryViewProp prop)
{
  GValue value = G_VALUE_INIT;
  g_value_init (&value, properties[prop]->value_type);
  g_object_get_property (G_OBJECT (self), properties[prop]->name, &value);
  gboolean is_default = g_param_value_defaults (properties[prop], &value);
  g_value_unset (&value);
  return is_default;
}

/* Stores a double property: refuses NaN, infinities and values below `minimum` with a critical
 * warning (the property keeps its value); notifies and tells the face when it changed. */
static void
waterfall_masonry_view_set_double (WaterfallMasonryView *self, double *field, double value, double minimum, WaterfallMasonryViewProp prop_id)
{
  if (!isfinite (value) || value < minimum)
    {
      g_critical ("WaterfallMasonryView: %s must be a finite number of at least %g, not %g; keeping %g",
                  properties[prop_id]->name, minimum, value, *field);
      return;
    }
  if (*field == value)
    {
      return;
    }
  *field = value;
  waterfall_masonry_view_property_changed (self, prop_id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

/* Stores a boolean property; notifies and tells the face when it changed. */
static void
waterfall_masonry_view_set_boolean (WaterfallMasonryView *self, gboolean *field, gboolean value, WaterfallMasonryViewProp prop_id)
{
  value = value != FALSE;
  if (*field == value)
    {
      return;
    }
  *field = value;
  waterfall_masonry_view_property_changed (self, prop_id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

/**
 * waterfall_masonry_view_set_columns:
 * @self: a `WaterfallMasonryView`
 * @columns: the number of columns, at most 64, or 0 to fit as many as the minimum column
 *   width allows
 *
 * Sets [property@Waterfall.MasonryView:columns]. A value above 64 is refused with a critical
 * warning and the property keeps its value.
 */
void
waterfall_masonry_view_set_columns (WaterfallMasonryView *self, guint columns)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  g_return_if_fail (columns <= WATERFALL_MASONRY_VIEW_MAX_COLUMNS);
  if (self->columns == columns)
    {
      return;
    }
  self->columns = columns;
  waterfall_masonry_view_property_changed (self, WATERFALL_MASONRY_VIEW_PROP_COLUMNS);
  g_object_notify_by_pspec (G_OBJECT (self), properties[WATERFALL_MASONRY_VIEW_PROP_COLUMNS]);
}

/**
 * waterfall_masonry_view_get_columns:
 * @self: a `WaterfallMasonryView`
 *
 * Returns: the number of columns, 0 when adaptive
 */
guint
waterfall_masonry_view_get_columns (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), 0);
  return self->columns;
}

/**
 * waterfall_masonry_view_set_min_column_width:
 * @self: a `WaterfallMasonryView`
 * @width: the narrowest column, in pixels, at least 1
 *
 * Sets [property@Waterfall.MasonryView:min-column-width]. NaN, infinities and values below 1
 * are refused with a critical warning and the property keeps its value.
 */
void
waterfall_masonry_view_set_min_column_width (WaterfallMasonryView *self, double width)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  waterfall_masonry_view_set_double (self, &self->min_column_width, width, 1, WATERFALL_MASONRY_VIEW_PROP_MIN_COLUMN_WIDTH);
}

/**
 * waterfall_masonry_view_get_min_column_width:
 * @self: a `WaterfallMasonryView`
 *
 * Returns: the narrowest column of an adaptive layout, in pixels
 */
double
waterfall_masonry_view_get_min_column_width (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), 0);
  return self->min_column_width;
}

/**
 * waterfall_masonry_view_set_column_spacing:
 * @self: a `WaterfallMasonryView`
 * @spacing: the space between columns, in pixels, at least 0
 *
 * Sets [property@Waterfall.MasonryView:column-spacing]. NaN, infinities and negative values
 * are refused with a critical warning and the property keeps its value.
 */
void
waterfall_masonry_view_set_column_spacing (WaterfallMasonryView *self, double spacing)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  waterfall_masonry_view_set_double (self, &self->column_spacing, spacing, 0, WATERFALL_MASONRY_VIEW_PROP_COLUMN_SPACING);
}

/**
 * waterfall_masonry_view_get_column_spacing:
 * @self: a `WaterfallMasonryView`
 *
 * Returns: the space between columns, in pixels
 */
double
waterfall_masonry_view_get_column_spacing (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), 0);
  return self->column_spacing;
}

/**
 * waterfall_masonry_view_set_row_spacing:
 * @self: a `WaterfallMasonryView`
 * @spacing: the space between items in a column, in pixels, at least 0
 *
 * Sets [property@Waterfall.MasonryView:row-spacing]. NaN, infinities and negative values are
 * refused with a critical warning and the property keeps its value.
 */
void
waterfall_masonry_view_set_row_spacing (WaterfallMasonryView *self, double spacing)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  waterfall_masonry_view_set_double (self, &self->row_spacing, spacing, 0, WATERFALL_MASONRY_VIEW_PROP_ROW_SPACING);
}

/**
 * waterfall_masonry_view_get_row_spacing:
 * @self: a `WaterfallMasonryView`
 *
 * Returns: the space between items in a column, in pixels
 */
double
waterfall_masonry_view_get_row_spacing (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), 0);
  return self->row_spacing;
}

/**
 * waterfall_masonry_view_set_single_click_activate:
 * @self: a `WaterfallMasonryView`
 * @single_click_activate: whether a click activates
 *
 * Sets [property@Waterfall.MasonryView:single-click-activate].
 */
void
waterfall_masonry_view_set_single_click_activate (WaterfallMasonryView *self, gboolean single_click_activate)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  waterfall_masonry_view_set_boolean (self, &self->single_click_activate, single_click_activate,
                                      WATERFALL_MASONRY_VIEW_PROP_SINGLE_CLICK_ACTIVATE);
}

/**
 * waterfall_masonry_view_get_single_click_activate:
 * @self: a `WaterfallMasonryView`
 *
 * Returns: whether a single click activates an item
 */
gboolean
waterfall_masonry_view_get_single_click_activate (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), FALSE);
  return self->single_click_activate;
}

/**
 * waterfall_masonry_view_set_enable_rubberband:
 * @self: a `WaterfallMasonryView`
 * @enable_rubberband: whether a background drag selects
 *
 * Sets [property@Waterfall.MasonryView:enable-rubberband].
 */
void
waterfall_masonry_view_set_enable_rubberband (WaterfallMasonryView *self, gboolean enable_rubberband)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  waterfall_masonry_view_set_boolean (self, &self->enable_rubberband, enable_rubberband, WATERFALL_MASONRY_VIEW_PROP_ENABLE_RUBBERBAND);
}

/**
 * waterfall_masonry_view_get_enable_rubberband:
 * @self: a `WaterfallMasonryView`
 *
 * Returns: whether rubberband selection is on
 */
gboolean
waterfall_masonry_view_get_enable_rubberband (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), FALSE);
  return self->enable_rubberband;
}

/**
 * waterfall_masonry_view_set_enable_pull_to_refresh:
 * @self: a `WaterfallMasonryView`
 * @enable_pull_to_refresh: whether pulling past the top refreshes
 *
 * Sets [property@Waterfall.MasonryView:enable-pull-to-refresh].
 */
void
waterfall_masonry_view_set_enable_pull_to_refresh (WaterfallMasonryView *self, gboolean enable_pull_to_refresh)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  waterfall_masonry_view_set_boolean (self, &self->enable_pull_to_refresh, enable_pull_to_refresh,
                                      WATERFALL_MASONRY_VIEW_PROP_ENABLE_PULL_TO_REFRESH);
}

/**
 * waterfall_masonry_view_get_enable_pull_to_refresh:
 * @self: a `WaterfallMasonryView`
 *
 * Returns: whether pulling past the top refreshes
 */
gboolean
waterfall_masonry_view_get_enable_pull_to_refresh (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), FALSE);
  return self->enable_pull_to_refresh;
}

/**
 * waterfall_masonry_view_set_reorderable:
 * @self: a `WaterfallMasonryView`
 * @reorderable: whether items can be dragged to another place
 *
 * Sets [property@Waterfall.MasonryView:reorderable].
 */
void
waterfall_masonry_view_set_reorderable (WaterfallMasonryView *self, gboolean reorderable)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  waterfall_masonry_view_set_boolean (self, &self->reorderable, reorderable, WATERFALL_MASONRY_VIEW_PROP_REORDERABLE);
}

/**
 * waterfall_masonry_view_get_reorderable:
 * @self: a `WaterfallMasonryView`
 *
 * Returns: whether items can be reordered
 */
gboolean
waterfall_masonry_view_get_reorderable (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), FALSE);
  return self->reorderable;
}

/**
 * waterfall_masonry_view_set_enable_item_drag:
 * @self: a `WaterfallMasonryView`
 * @enable_item_drag: whether items can be dragged out of the view
 *
 * Sets [property@Waterfall.MasonryView:enable-item-drag].
 */
void
waterfall_masonry_view_set_enable_item_drag (WaterfallMasonryView *self, gboolean enable_item_drag)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  waterfall_masonry_view_set_boolean (self, &self->enable_item_drag, enable_item_drag, WATERFALL_MASONRY_VIEW_PROP_ENABLE_ITEM_DRAG);
}

/**
 * waterfall_masonry_view_get_enable_item_drag:
 * @self: a `WaterfallMasonryView`
 *
 * Returns: whether items can be dragged out of the view
 */
gboolean
waterfall_masonry_view_get_enable_item_drag (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), FALSE);
  return self->enable_item_drag;
}

GdkContentProvider *
waterfall_masonry_view_emit_prepare_drag (WaterfallMasonryView *self, guint position)
{
  GdkContentProvider *content = NULL;
  g_signal_emit (self, signals[SIGNAL_PREPARE_DRAG], 0, position, &content);
  return content;
}

void
waterfall_masonry_view_emit_activate (WaterfallMasonryView *self, guint position)
{
  g_signal_emit (self, signals[SIGNAL_ACTIVATE], 0, position);
}

void
waterfall_masonry_view_emit_load_more (WaterfallMasonryView *self)
{
  g_signal_emit (self, signals[SIGNAL_LOAD_MORE], 0);
}

void
waterfall_masonry_view_emit_refresh (WaterfallMasonryView *self)
{
  g_signal_emit (self, signals[SIGNAL_REFRESH], 0);
}

#if GTK_CHECK_VERSION(4, 12, 0)
/**
 * waterfall_masonry_view_scroll_to:
 * @self: a `WaterfallMasonryView`
 * @pos: the position of the item
 * @flags: what to do besides scrolling: %GTK_LIST_SCROLL_FOCUS moves the keyboard focus to the
 *   item, %GTK_LIST_SCROLL_SELECT selects it alone
 * @scroll: (nullable) (transfer full): how to scroll, or %NULL to scroll the item into view
 *
 * Scrolls to the item at @pos and focuses and selects it as @flags say, as
 * `gtk_grid_view_scroll_to()` does. The view scrolls as little as needed to show the item (a
 * snapping layout centres it), and not at all when @scroll disables its scrolling direction.
 * Present when built against GTK 4.12 or later.
 *
 * Since: 0.2
 */
void
waterfall_masonry_view_scroll_to (WaterfallMasonryView *self, guint pos, GtkListScrollFlags flags, GtkScrollInfo *scroll)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  g_return_if_fail (self->model == NULL || pos < g_list_model_get_n_items (G_LIST_MODEL (self->model)));
  gboolean reveal = TRUE;
  if (scroll != NULL && self->face != NULL)
    {
      gboolean vertical = waterfall_swift_masonry_view_get_orientation (self->face) == GTK_ORIENTATION_VERTICAL;
      reveal = vertical ? gtk_scroll_info_get_enable_vertical (scroll) : gtk_scroll_info_get_enable_horizontal (scroll);
    }
  if (self->face != NULL)
    {
      if (flags & GTK_LIST_SCROLL_SELECT)
        waterfall_swift_masonry_view_select_item (self->face, pos, FALSE, FALSE);
      waterfall_swift_masonry_view_scroll_to (self->face, pos, (flags & GTK_LIST_SCROLL_FOCUS) != 0, reveal);
    }
  if (scroll != NULL)
    gtk_scroll_info_unref (scroll);
}

/**
 * waterfall_masonry_view_set_tab_behavior:
 * @self: a `WaterfallMasonryView`
 * @tab_behavior: how Tab moves through the items
 *
 * Sets [property@Waterfall.MasonryView:tab-behavior]. Present when built against GTK 4.12 or
 * later.
 *
 * Since: 0.2
 */
void
waterfall_masonry_view_set_tab_behavior (WaterfallMasonryView *self,
                                         GtkListTabBehavior tab_behavior)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  if (self->tab_behavior == (int) tab_behavior)
    return;
  self->tab_behavior = tab_behavior;
  g_object_notify_by_pspec (G_OBJECT (self), tab_behavior_pspec);
}

/**
 * waterfall_masonry_view_get_tab_behavior:
 * @self: a `WaterfallMasonryView`
 *
 * Gets [property@Waterfall.MasonryView:tab-behavior]. Present when built against GTK 4.12 or
 * later.
 *
 * Returns: how Tab moves through the items
 *
 * Since: 0.2
 */
GtkListTabBehavior
waterfall_masonry_view_get_tab_behavior (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), GTK_LIST_TAB_ALL);
  return self->tab_behavior;
}

/**
 * waterfall_masonry_view_set_header_factory:
 * @self: a `WaterfallMasonryView`
 * @factory: (nullable) (transfer none): the factory that makes the section headers, or %NULL
 *   for no sections
 *
 * Sets [property@Waterfall.MasonryView:header-factory]. Present when built against GTK 4.12
 * or later.
 *
 * Since: 0.2
 */
void
waterfall_masonry_view_set_header_factory (WaterfallMasonryView *self,
                                           WaterfallItemFactory *factory)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  g_return_if_fail (factory == NULL || WATERFALL_IS_ITEM_FACTORY (factory));
  if (!g_set_object (&self->header_factory, factory))
    return;
  waterfall_masonry_view_property_changed (self, WATERFALL_MASONRY_VIEW_PROP_HEADER_FACTORY);
  g_object_notify_by_pspec (G_OBJECT (self), header_factory_pspec);
}

/**
 * waterfall_masonry_view_get_header_factory:
 * @self: a `WaterfallMasonryView`
 *
 * Gets [property@Waterfall.MasonryView:header-factory]. Present when built against GTK 4.12
 * or later.
 *
 * Returns: (transfer none) (nullable): the factory of the section headers
 *
 * Since: 0.2
 */
WaterfallItemFactory *
waterfall_masonry_view_get_header_factory (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), NULL);
  return self->header_factory;
}

/**
 * waterfall_masonry_view_set_pinned_headers:
 * @self: a `WaterfallMasonryView`
 * @pinned_headers: whether the current section's header pins to the top
 *
 * Sets [property@Waterfall.MasonryView:pinned-headers]. Present when built against GTK 4.12
 * or later.
 *
 * Since: 0.2
 */
void
waterfall_masonry_view_set_pinned_headers (WaterfallMasonryView *self,
                                           gboolean              pinned_headers)
{
  g_return_if_fail (WATERFALL_IS_MASONRY_VIEW (self));
  pinned_headers = pinned_headers != FALSE;
  if (self->pinned_headers == pinned_headers)
    return;
  self->pinned_headers = pinned_headers;
  waterfall_masonry_view_property_changed (self, WATERFALL_MASONRY_VIEW_PROP_PINNED_HEADERS);
  g_object_notify_by_pspec (G_OBJECT (self), pinned_headers_pspec);
}

/**
 * waterfall_masonry_view_get_pinned_headers:
 * @self: a `WaterfallMasonryView`
 *
 * Gets [property@Waterfall.MasonryView:pinned-headers]. Present when built against GTK 4.12
 * or later.
 *
 * Returns: whether the current section's header pins to the top
 *
 * Since: 0.2
 */
gboolean
waterfall_masonry_view_get_pinned_headers (WaterfallMasonryView *self)
{
  g_return_val_if_fail (WATERFALL_IS_MASONRY_VIEW (self), FALSE);
  return self->pinned_headers;
}
#endif
