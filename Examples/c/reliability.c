/* The reliability cases of the installed libwaterfall-1 from C, for memcheck (scripts/gi-check.sh
 * runs it under valgrind; Examples/python/test_reliability.py runs the same cases from Python).
 *
 *   cc -o reliability reliability.c $(pkg-config --cflags --libs waterfall-1)
 *   valgrind --leak-check=full ./reliability
 *
 * Each case shows a WaterfallMasonryView over a GtkStringList in a GtkScrolledWindow, does
 * something hostile, destroys the window and checks with a weak pointer that the view was
 * finalized:
 *  1. the view is dropped while the images its binds started are still loading;
 *  2. the model changes inside a bind;
 *  3. one items-changed of 1,000,000 items (then a scroll to the last one, then all removed);
 *  4. the view is finalized with work pending (an activation and a scroll queued).
 * Exits 0 when every view was finalized; a crash or a leak is memcheck's to report.
 */
#include <stdio.h>
#include <waterfall/waterfall.h>

static GdkTexture *swatch;

static gboolean
set_flag (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  g_main_context_wakeup (NULL);
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until `*counter` reaches `at_least`, for at most a minute (a bound on waiting for an
 * event that must come, not a timing claim: memcheck runs this 50 times slower). */
static gboolean
spin_until (const guint *counter, guint at_least)
{
  gboolean expired = FALSE;
  guint bound = g_timeout_add_seconds (60, set_flag, &expired);
  while (*counter < at_least && !expired)
    g_main_context_iteration (NULL, TRUE);
  if (!expired)
    g_source_remove (bound);
  return *counter >= at_least;
}

/* Runs the main loop for `ms` milliseconds (work the view queued runs meanwhile). */
static void
spin (guint ms)
{
  gboolean done = FALSE;
  g_timeout_add (ms, set_flag, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static void
setup_cb (WaterfallSignalItemFactory *factory, WaterfallItem *item, gpointer user_data)
{
  GtkWidget *picture = gtk_picture_new ();
  gtk_widget_set_size_request (picture, -1, 120);
  waterfall_item_set_child (item, picture);
}

/* An image load that ends after the view may be gone: it holds the picture weakly. */
typedef struct {
  GWeakRef picture;
} Load;

static gboolean
load_finished (gpointer user_data)
{
  Load *load = user_data;
  GtkWidget *picture = g_weak_ref_get (&load->picture);
  if (picture != NULL)
    {
      gtk_picture_set_paintable (GTK_PICTURE (picture), GDK_PAINTABLE (swatch));
      g_object_unref (picture);
    }
  g_weak_ref_clear (&load->picture);
  g_free (load);
  return G_SOURCE_REMOVE;
}

static guint binds;

static void
bind_plain_cb (WaterfallSignalItemFactory *factory, WaterfallItem *item, gpointer user_data)
{
  binds++;
  gtk_picture_set_paintable (GTK_PICTURE (waterfall_item_get_child (item)), GDK_PAINTABLE (swatch));
}


static void
bind_loading_cb (WaterfallSignalItemFactory *factory, WaterfallItem *item, gpointer user_data)
{
  Load *load = g_new0 (Load, 1);
  g_weak_ref_init (&load->picture, waterfall_item_get_child (item));
  g_timeout_add (300, load_finished, load);
  binds++;
}

static guint edits;

static void
bind_editing_cb (WaterfallSignalItemFactory *factory, WaterfallItem *item, gpointer user_data)
{
  GtkStringList *list = user_data;
  binds++;
  if (edits >= 20)
    return;
  edits++;
  gtk_string_list_remove (list, 0);
  gtk_string_list_append (list, "appended in a bind");
}

static void
count_changes (GListModel *model, guint position, guint removed, guint added, gpointer user_data)
{
  (*(guint *) user_data)++;
}

/* A view over `list` whose factory binds with `bind`, shown in a window. */
static GtkWidget *
show_view (GtkStringList *list, GCallback bind, GtkWidget **view_out)
{
  GtkSelectionModel *selection = GTK_SELECTION_MODEL (gtk_multi_selection_new (G_LIST_MODEL (g_object_ref (list))));
  WaterfallItemFactory *factory = waterfall_signal_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), NULL);
  g_signal_connect (factory, "bind", bind, list);
  GtkWidget *view = waterfall_masonry_view_new (selection, factory);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  GtkWidget *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_set_child (GTK_WINDOW (window), scrolled);
  gtk_window_present (GTK_WINDOW (window));
  binds = 0;
  if (!spin_until (&binds, 1))
    printf ("reliability: no cell was bound\n");
  *view_out = view;
  return window;
}

static GtkStringList *
make_list (guint n)
{
  GtkStringList *list = gtk_string_list_new (NULL);
  char text[32];
  for (guint i = 0; i < n; i++)
    {
      g_snprintf (text, sizeof text, "Photo %u", i);
      gtk_string_list_append (list, text);
    }
  return list;
}

/* Destroys `window` and reports whether `view` was finalized. */
static gboolean
finalized (const char *name, GtkWidget *window, GtkWidget *view)
{
  GWeakRef view_ref;
  g_weak_ref_init (&view_ref, view);
  gtk_window_destroy (GTK_WINDOW (window));
  spin (100);
  GObject *alive = g_weak_ref_get (&view_ref);
  g_weak_ref_clear (&view_ref);
  printf ("reliability: %s: %s\n", name, alive == NULL ? "finalized" : "LEAKED");
  fflush (stdout);
  if (alive != NULL)
    g_object_unref (alive);
  return alive == NULL;
}

int
main (void)
{
  gtk_init ();
  GBytes *pixel = g_bytes_new_static ("\x80\x60\x40", 3);
  swatch = gdk_memory_texture_new (1, 1, GDK_MEMORY_R8G8B8, pixel, 3);
  g_bytes_unref (pixel);
  gboolean ok = TRUE;
  GtkWidget *view;
  GtkWidget *window;

  GtkStringList *list = make_list (10000);
  window = show_view (list, G_CALLBACK (bind_loading_cb), &view);
  ok &= binds > 0;
  ok &= finalized ("dropped while images load", window, view);
  spin (500); /* the loads end after the view is gone */
  g_object_unref (list);

  list = make_list (1000);
  window = show_view (list, G_CALLBACK (bind_editing_cb), &view);
  ok &= binds > 0;
  if (!spin_until (&edits, 20) || g_list_model_get_n_items (G_LIST_MODEL (list)) != 1000)
    {
      printf ("reliability: %u edits in binds, %u items\n", edits, g_list_model_get_n_items (G_LIST_MODEL (list)));
      ok = FALSE;
    }
  ok &= finalized ("the model changes inside a bind", window, view);
  g_object_unref (list);

  list = make_list (100);
  window = show_view (list, G_CALLBACK (bind_plain_cb), &view);
  ok &= binds > 0;
  guint changes = 0;
  g_signal_connect (list, "items-changed", G_CALLBACK (count_changes), &changes);
  const char **million = g_new0 (const char *, 1000001);
  for (guint i = 0; i < 1000000; i++)
    million[i] = "Photo";
  gtk_string_list_splice (list, 0, 100, million);
  g_free (million);
  if (changes != 1)
    {
      printf ("reliability: the splice of 1,000,000 items was %u items-changed\n", changes);
      ok = FALSE;
    }
  spin (300);
  gtk_widget_activate_action (view, "list.scroll-to-item", "u", 999999);
  spin (300);
  gtk_string_list_splice (list, 0, g_list_model_get_n_items (G_LIST_MODEL (list)), NULL);
  spin (100);
  ok &= finalized ("one items-changed of 1,000,000 items", window, view);
  g_object_unref (list);

  list = make_list (100000);
  window = show_view (list, G_CALLBACK (bind_plain_cb), &view);
  ok &= binds > 0;
  gtk_widget_activate_action (view, "list.activate-item", "u", 3);
  gtk_widget_activate_action (view, "list.scroll-to-item", "u", 50000);
  gtk_widget_activate_action (view, "list.refresh", NULL);
  ok &= finalized ("finalized with work pending", window, view);
  g_object_unref (list);

  g_object_unref (swatch);
  printf ("reliability: %s\n", ok ? "all finalized" : "FAILED");
  return ok ? 0 : 1;
}
