/* A feed wall in C over the installed libwaterfall-1: a whole feed in one widget.
 *
 *   cc -o feed-wall feed-wall.c $(pkg-config --cflags --libs waterfall-1)
 *   ./feed-wall URL [--exit-when-loaded]
 *
 * URL is a feed of JSON pages ({page} is the page number, or a file:// page). Activating an
 * item prints it. --exit-when-loaded waits until the first screen of images is shown, starts a
 * refresh and drops the wall with that work pending, then exits (CI runs it so).
 */
#include <string.h>
#include <waterfall/waterfall.h>

static gboolean done = FALSE;
static gboolean loaded = FALSE;

static void
item_activated (WaterfallFeedWall *wall, guint position, const char *id, const char *title,
                const char *image_uri, gpointer user_data)
{
  g_print ("activate: %s at %u\n", title != NULL ? title : image_uri, position);
}

static void
error_changed (WaterfallFeedWall *wall, GParamSpec *pspec, gpointer user_data)
{
  const char *message = waterfall_feed_wall_get_error_message (wall);
  if (message != NULL)
    g_printerr ("failed: %s\n", message);
}

static gboolean
check_loaded (gpointer user_data)
{
  WaterfallFeedWall *wall = user_data;
  if (waterfall_feed_wall_get_n_items (wall) == 0 || !waterfall_feed_wall_get_images_ready (wall))
    return G_SOURCE_CONTINUE;
  g_print ("loaded %u items\n", waterfall_feed_wall_get_n_items (wall));
  loaded = done = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
stop (gpointer user_data)
{
  done = TRUE;
  return G_SOURCE_REMOVE;
}

static void
run_until_done (void)
{
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  done = FALSE;
}

int
main (int argc, char **argv)
{
  if (argc < 2 || (argc > 2 && strcmp (argv[2], "--exit-when-loaded") != 0))
    {
      g_printerr ("usage: %s URL [--exit-when-loaded]\n", argv[0]);
      return 2;
    }
  gboolean exit_when_loaded = argc > 2;
  gtk_init ();

  GError *error = NULL;
  GtkWidget *wall = waterfall_feed_wall_new (argv[1], NULL, &error);
  if (wall == NULL)
    {
      g_printerr ("feed-wall: %s\n", error->message);
      g_error_free (error);
      return 2;
    }
  g_signal_connect (wall, "item-activated", G_CALLBACK (item_activated), NULL);
  g_signal_connect (wall, "notify::error-message", G_CALLBACK (error_changed), NULL);
  GtkWidget *window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), "Feed (C)");
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_set_child (GTK_WINDOW (window), wall);
  g_signal_connect_swapped (window, "destroy", G_CALLBACK (stop), NULL);
  gtk_window_present (GTK_WINDOW (window));

  if (!exit_when_loaded)
    {
      run_until_done ();
      return 0;
    }
  guint check = g_timeout_add (50, check_loaded, wall);
  guint deadline = g_timeout_add_seconds (120, stop, NULL);
  run_until_done ();
  g_source_remove (loaded ? deadline : check);
  waterfall_feed_wall_refresh (WATERFALL_FEED_WALL (wall));
  gtk_window_destroy (GTK_WINDOW (window));
  run_until_done ();   /* the destroy handler */
  g_timeout_add (500, stop, NULL);
  run_until_done ();   /* the wall's work ends after it is gone */
  return loaded ? 0 : 1;
}
