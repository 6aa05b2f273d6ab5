#ifndef WF_ACCESSIBLE_H
#define WF_ACCESSIBLE_H
#include "wf_gtk.h"

/* Sets the accessible label of a widget (gtk_accessible_update_property is variadic). */
void wf_accessible_set_label (GtkWidget *widget, const char *label);

/* Sets the accessible description of a widget (variadic in GTK). */
void wf_accessible_set_description (GtkWidget *widget, const char *description);

/* Sets the accessible "selected" state of a widget (variadic in GTK). */
void wf_accessible_set_selected (GtkWidget *widget, gboolean selected);

/* Sets the accessible "hidden" state of a widget: hidden widgets (and their children) are left
 * out of the accessibility tree; variadic in GTK. Built against GTK 4.10 or later, hiding also
 * gives the widget the presentation role (newer GTK, 4.18 at least, clears the state when it maps
 * the widget), which is for good: hide only widgets that stay out of the tree, before they are
 * first shown. */
void wf_accessible_set_hidden (GtkWidget *widget, gboolean hidden);

/* Sets a widget's 1-based position in its set and the set's size (the pos-in-set and set-size
 * relations); variadic in GTK. */
void wf_accessible_set_position (GtkWidget *widget, int position, int count);

/* A new widget of `type` (a GtkWidget subtype) with the given accessible role, a
 * construct-only property that only the variadic g_object_new can set; floating. */
GtkWidget *wf_widget_new_with_role (GType type, GtkAccessibleRole role);

/* Whether GTK names a status (GTK_ACCESSIBLE_ROLE_STATUS) by the accessible label set on it: GTK
 * 4.8 does. Built against GTK 4.14 or later it does not (its ARIA name computation prohibits
 * naming a status; seen on 4.18): there the status's content, a label, says its text. */
gboolean wf_accessible_status_takes_label (void);

/* Asks assistive technologies to announce `message` (gtk_accessible_announce, built against GTK
 * 4.14 or later); returns FALSE without doing anything when built against older GTK, or where
 * the widget's context cannot announce (GTK's test context, also used when there is no bus). */
gboolean wf_accessible_announce (GtkWidget *widget, const char *message);

/* Whether GTK's gtk-enable-animations setting is on for the widget's display, or the default
 * display's when `widget` is NULL (false for people who ask for reduced motion); g_object_get
 * is variadic. */
gboolean wf_animations_enabled (GtkWidget *widget);

/* Turns GTK's gtk-enable-animations setting of the default display on or off (for the
 * application's own reduced-motion option); g_object_set is variadic. */
void wf_set_animations_enabled (gboolean enabled);

#endif
