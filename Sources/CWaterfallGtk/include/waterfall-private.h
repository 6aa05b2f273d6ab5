#ifndef WATERFALL_PRIVATE_H
#define WATERFALL_PRIVATE_H
/*
 * What the C side of WaterfallMasonryView and its Swift logic say to each other; not installed.
 *
 * The view owns one "face": an opaque, retained pointer to the Swift object that runs the
 * view (a box around WaterfallView). Every view, made from C, a binding or Swift, is made by
 * g_object_new(), and its `constructed` gets the face from waterfall_swift_masonry_view_create()
 * (a Swift initializer that is making the view fills the box with itself right after
 * g_object_new() returns). The face is detached in dispose and released in finalize. Every waterfall_swift_* function is
 * implemented in Swift (`@MainActor @_cdecl`), runs on the main thread and receives the face.
 */
#include "waterfall/waterfall.h"
#include "wf_face.h"

G_BEGIN_DECLS

/* The properties of WaterfallMasonryView, by id: the index of each one's GParamSpec, and how
 * the view tells the face which one changed (waterfall_swift_masonry_view_property_changed). */
typedef enum
{
  WATERFALL_MASONRY_VIEW_PROP_0,
  WATERFALL_MASONRY_VIEW_PROP_COLUMNS,
  WATERFALL_MASONRY_VIEW_PROP_MIN_COLUMN_WIDTH,
  WATERFALL_MASONRY_VIEW_PROP_COLUMN_SPACING,
  WATERFALL_MASONRY_VIEW_PROP_ROW_SPACING,
  WATERFALL_MASONRY_VIEW_PROP_SINGLE_CLICK_ACTIVATE,
  WATERFALL_MASONRY_VIEW_PROP_ENABLE_RUBBERBAND,
  WATERFALL_MASONRY_VIEW_PROP_ENABLE_PULL_TO_REFRESH,
  WATERFALL_MASONRY_VIEW_PROP_REORDERABLE,
  WATERFALL_MASONRY_VIEW_PROP_MODEL,
  WATERFALL_MASONRY_VIEW_PROP_FACTORY,
  WATERFALL_MASONRY_VIEW_PROP_ASPECT_RATIO_EXPRESSION,
  WATERFALL_MASONRY_VIEW_PROP_ENABLE_ITEM_DRAG,
  WATERFALL_MASONRY_VIEW_PROP_ASPECT_RATIO_PROPERTY,
  WATERFALL_MASONRY_VIEW_PROP_EMPTY_TITLE,
  WATERFALL_MASONRY_VIEW_PROP_EMPTY_DESCRIPTION,
  WATERFALL_MASONRY_VIEW_PROP_EMPTY_ICON_NAME,
  WATERFALL_MASONRY_VIEW_N_PROPS,
  /* The sections' properties (GTK 4.12 and later), installed apart from the others: their ids
   * follow the interface properties' (waterfall-masonry-view.c checks it). */
  WATERFALL_MASONRY_VIEW_PROP_HEADER_FACTORY = WATERFALL_MASONRY_VIEW_N_PROPS + 6,
  WATERFALL_MASONRY_VIEW_PROP_PINNED_HEADERS,
} WaterfallMasonryViewProp;

/* --- Called by Swift ------------------------------------------------------------------- */

/* The view's face (never NULL after `constructed`). */
gpointer waterfall_masonry_view_get_face (WaterfallMasonryView *self);

/* The view's adjustment for `orientation`: the scrolled window's, or the view's own when it is
 * not in one. Never NULL; owned by the view. */
GtkAdjustment *waterfall_masonry_view_get_adjustment (WaterfallMasonryView *self, GtkOrientation orientation);

/* Whether property `prop` has its default value (its GParamSpec's). */
gboolean waterfall_masonry_view_property_is_default (WaterfallMasonryView *self, WaterfallMasonryViewProp prop);

/* Makes `child` (a child of the view, such as the new-items pill) a stop of the view's Tab
 * chain, after the wall itself; it takes the focus while it is shown, sensitive and focusable. */
void waterfall_masonry_view_add_tab_stop (WaterfallMasonryView *self, GtkWidget *child);

/* Whether Tab walks the items (tab-behavior ALL, GTK's default from 4.12) rather than stopping
 * once at the wall (ITEM or CELL, and always before GTK 4.12, where setting it does nothing):
 * the Swift API's `tabsThroughItems`. */
gboolean waterfall_masonry_view_get_tabs_through_items (WaterfallMasonryView *self);
void waterfall_masonry_view_set_tabs_through_items (WaterfallMasonryView *self, gboolean through);

/* The sections (GTK 4.12 and later; before, always NULL and FALSE): the header factory the
 * view shows a header for each section of its model with (NULL: no sections), and whether the
 * current section's header pins to the top. */
WaterfallItemFactory *waterfall_masonry_view_get_section_header_factory (WaterfallMasonryView *self);
gboolean waterfall_masonry_view_get_section_headers_pin (WaterfallMasonryView *self);

/* The section of the model around `position`: TRUE with its bounds `start`..<`end` when the
 * model is a GtkSectionModel (GTK 4.12 and later: every selection model, a model without
 * sections being one section), FALSE otherwise. */
gboolean waterfall_masonry_view_get_section (WaterfallMasonryView *self, guint position, guint *start, guint *end);

/* Emit the view's signals. */
void waterfall_masonry_view_emit_activate (WaterfallMasonryView *self, guint position);
void waterfall_masonry_view_emit_load_more (WaterfallMasonryView *self);
void waterfall_masonry_view_emit_refresh (WaterfallMasonryView *self);
/* Emits prepare-drag for the item at `position`; returns its content (full) or NULL. */
GdkContentProvider *waterfall_masonry_view_emit_prepare_drag (WaterfallMasonryView *self, guint position);

/* --- Implemented by Swift ----------------------------------------------------------------- */

/* Makes the face of a new view (in `constructed`); returns it retained. */
gpointer waterfall_swift_masonry_view_create (WaterfallMasonryView *self);

/* GTK allocated the view `width` x `height`: place every child. */
void waterfall_swift_masonry_view_allocate (gpointer face, int width, int height);

/* An adjustment was replaced (the view entered or left a scrolled window). */
void waterfall_swift_masonry_view_adjustments_replaced (gpointer face);

/* The value of the adjustment for `orientation` changed. */
void waterfall_swift_masonry_view_value_changed (gpointer face, GtkOrientation orientation);

/* The scrolled window the view is in reported an overshoot at `position` (edge-overshot). */
void waterfall_swift_masonry_view_edge_overshot (gpointer face, GtkPositionType position);

/* A pointer button went down (`held`) or up anywhere in the scrolled window the view is in,
 * its scrollbars included. */
void waterfall_swift_masonry_view_button_held (gpointer face, gboolean held);

/* Property `prop` changed: the face applies it, reading the value from the view. */
void waterfall_swift_masonry_view_property_changed (gpointer face, WaterfallMasonryViewProp prop);

/* GtkOrientable:orientation, which the Swift layout's scroll axis holds: its value, and a new
 * one to switch the masonry between columns and rows (the face notifies the property). */
GtkOrientation waterfall_swift_masonry_view_get_orientation (gpointer face);
void waterfall_swift_masonry_view_set_orientation (gpointer face, GtkOrientation orientation);

/* The model's items-changed: `removed` items at `position` were replaced by `added` ones. */
void waterfall_swift_masonry_view_items_changed (gpointer face, guint position, guint removed, guint added);

/* The model's sections-changed (GTK 4.12+): the sections of `n_items` items from `position`
 * may have changed. */
void waterfall_swift_masonry_view_sections_changed (gpointer face, guint position, guint n_items);

/* The model's selection-changed: the selected state of `n_items` items from `position` may
 * have changed. */
void waterfall_swift_masonry_view_selection_changed (gpointer face, guint position, guint n_items);

/* The actions: list.activate-item, list.select-item, list.scroll-to-item, list.refresh. */
void waterfall_swift_masonry_view_activate_item (gpointer face, guint position);
void waterfall_swift_masonry_view_select_item (gpointer face, guint position, gboolean modify, gboolean extend);
void waterfall_swift_masonry_view_scroll_to_item (gpointer face, guint position);

/* waterfall_masonry_view_scroll_to (GTK 4.12+): scroll the item at `position` into view when
 * `reveal`; with `focus`, move the keyboard focus to it. */
void waterfall_swift_masonry_view_scroll_to (gpointer face, guint position, gboolean focus, gboolean reveal);

/* The number of items, and the position of the focused one (GTK_INVALID_LIST_POSITION when
 * none is): what Tab moves through (the view's tab-behavior). */
guint waterfall_swift_masonry_view_get_n_items (gpointer face);
guint waterfall_swift_masonry_view_get_focus_position (gpointer face);
void waterfall_swift_masonry_view_refresh (gpointer face);

/* The content the Swift API gives the item at `position` a drag carries out (full), or NULL:
 * the default handler of prepare-drag. */
GdkContentProvider *waterfall_swift_masonry_view_drag_content (gpointer face, guint position);

/* The position of the item drawn at (`x`, `y`) of the view, or GTK_INVALID_LIST_POSITION. */
guint waterfall_swift_masonry_view_position_at (gpointer face, double x, double y);

G_END_DECLS

#endif
