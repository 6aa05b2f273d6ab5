#ifndef WATERFALL_ITEM_PRIVATE_H
#define WATERFALL_ITEM_PRIVATE_H
/*
 * What the wall (Swift) does to items, headers and factories, not part of the installed API:
 * it fills a WaterfallItem's or WaterfallHeader's read-only properties and runs a factory's
 * four steps on it.
 */
#include "waterfall/waterfall-item-factory.h"
#include "waterfall/waterfall-header.h"

G_BEGIN_DECLS

/* A new, empty item object (full reference). */
WaterfallItem *waterfall_item_new (void);

/* Sets the item shown (a new reference is taken; NULL for none), its position and whether it
 * is selected; each notifies only when it changes, inside one freeze of notifications. */
void waterfall_item_update (WaterfallItem *self, GObject *item, guint position, gboolean selected);

/* Called with its data each time the item's child, accessible label or accessible description
 * changes. */
typedef void (*WaterfallItemChildFunc) (gpointer data);

/* Makes `func` (NULL: nothing) the view's watch on the item's child and accessible texts: called
 * at each change, before the notify. The view's cell watches this way rather than through notify::child,
 * because an object with a notify handler queues and emits every property notification, and
 * the view changes `item` and `position` at each bind. */
void waterfall_item_set_child_func (WaterfallItem *self, WaterfallItemChildFunc func, gpointer data);

/* Sets only the selected state (notify::selected when it changes). */
void waterfall_item_set_selected (WaterfallItem *self, gboolean selected);

/* A new, empty header object (full reference). */
WaterfallHeader *waterfall_header_new (void);

/* Sets the section the header heads: its first item (a new reference is taken; NULL for
 * none) and its model positions start..<end (GTK_INVALID_LIST_POSITION for both while
 * unbound); each notifies only when it changes, inside one freeze of notifications. */
void waterfall_header_update (WaterfallHeader *self, GObject *item, guint start, guint end);

/* As waterfall_item_set_child_func, for a header's child. */
void waterfall_header_set_child_func (WaterfallHeader *self, WaterfallItemChildFunc func, gpointer data);

/* Runs the factory's setup, bind, unbind or teardown on `object`: a WaterfallItem, or a
 * WaterfallHeader for the view's header factory. */
void waterfall_item_factory_setup (WaterfallItemFactory *self, GObject *object);
void waterfall_item_factory_bind (WaterfallItemFactory *self, GObject *object);
void waterfall_item_factory_unbind (WaterfallItemFactory *self, GObject *object);
void waterfall_item_factory_teardown (WaterfallItemFactory *self, GObject *object);

G_END_DECLS

#endif
