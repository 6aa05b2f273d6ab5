#ifndef WF_ACCESSIBLE_H
#define WF_ACCESSIBLE_H
#include "wf_gtk.h"

/* Sets the accessible label of a widget (gtk_accessible_update_property is variadic). */
void wf_accessible_set_label(GtkWidget *widget, const char *label);

/* Sets the accessible "selected" state of a widget (variadic in GTK). */
void wf_accessible_set_selected(GtkWidget *widget, gboolean selected);

/* Makes `descendant` the active descendant of `widget` (the item a focus ring marks inside a
 * focusable container); variadic in GTK. */
void wf_accessible_set_active_descendant(GtkWidget *widget, GtkWidget *descendant);

/* A new GtkOverlay whose accessible role is "list item" (the role is a construct-only
 * property, which only the variadic g_object_new can set); the reference is floating. */
GtkWidget *wf_list_item_overlay_new(void);

#endif
