#ifndef WF_LIST_SIZING_H
#define WF_LIST_SIZING_H
#include "wf_gtk.h"

/*
 * What the list-model path of the wall needs from GLib that Swift cannot call: g_warning (a
 * variadic macro), and a measured height kept on a model item itself (object data), so it
 * follows the item through sorting, filtering and splices.
 */

/* Logs `message` with g_warning in the "Waterfall" domain. */
void wf_warning (const char *message);

/* Keeps `height` (the item's cell measured at `width`) on `item`. */
void wf_item_set_measured_height (gpointer item, double height, double width);

/* The height kept by wf_item_set_measured_height for `width` (within half a point), or a
 * negative value when there is none. */
double wf_item_get_measured_height (gpointer item, double width);

/* Keeps `height` (the header's cell of the section whose first item is `item`, measured at
 * `width`) on `item`, apart from the item's own measured height: each header has its own. */
void wf_item_set_header_height (gpointer item, double height, double width);

/* The height kept by wf_item_set_header_height for `width` (within half a point), or a
 * negative value when there is none. */
double wf_item_get_header_height (gpointer item, double width);

/* Marks `item` as one whose size its expressions or property did not give (it is measured), for
 * the source's sizing `generation` (the source counts its changes of expressions, property
 * and size function; a mark of another generation does not count). */
void wf_item_mark_undeclared (gpointer item, guint generation);

/* Whether wf_item_mark_undeclared marked `item` in `generation`. */
gboolean wf_item_is_undeclared (gpointer item, guint generation);

/* Evaluates `expression` on `item` and converts the result to a double (any numeric type);
 * returns FALSE when the expression fails on it (wrong item type, missing property) or gives
 * something that is not a number. */
gboolean wf_expression_evaluate_double (GtkExpression *expression, gpointer item, double *result);

/* Reads `item`'s property `name` as a double (any numeric type); returns FALSE when the item has
 * no readable property of that name or its type does not convert to a number. */
gboolean wf_property_get_double (gpointer item, const char *name, double *result);

#endif
