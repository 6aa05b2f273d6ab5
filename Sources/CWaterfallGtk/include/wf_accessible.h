#ifndef WF_ACCESSIBLE_H
#define WF_ACCESSIBLE_H
#include "wf_gtk.h"

/* Sets the accessible label of a widget (gtk_accessible_update_property is variadic). */
void wf_accessible_set_label(GtkWidget *widget, const char *label);

/* Sets the accessible description of a widget (variadic in GTK). */
void wf_accessible_set_description(GtkWidget *widget, const char *description);

/* Sets the accessible "selected" state of a widget (variadic in GTK). */
void wf_accessible_set_selected(GtkWidget *widget, gboolean selected);

/* Sets the accessible "hidden" state of a widget: hidden widgets (and their children) are left
 * out of the accessibility tree; variadic in GTK. */
void wf_accessible_set_hidden(GtkWidget *widget, gboolean hidden);

/* Sets a widget's 1-based position in its set and the set's size (the pos-in-set and set-size
 * relations); variadic in GTK. */
void wf_accessible_set_position(GtkWidget *widget, int position, int count);

/* A new GtkOverlay whose accessible role is "list item" (the role is a construct-only
 * property, which only the variadic g_object_new can set); the reference is floating. */
GtkWidget *wf_list_item_overlay_new(void);

/* A new GtkBox with the given accessible role (construct-only, see above); floating. */
GtkWidget *wf_box_new_with_role(GtkOrientation orientation, int spacing, GtkAccessibleRole role);

#endif
