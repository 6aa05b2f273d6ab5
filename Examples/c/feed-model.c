/* A feed as a list model in C over the installed libwaterfall-1: WaterfallFeedModel in a
 * GtkMultiSelection, shown by a WaterfallMasonryView with cells of the app's own design.
 *
 *   cc -o feed-model feed-model.c $(pkg-config --cflags --libs waterfall-1)
 *   ./feed-model URL [MAP] [--exit-when-loaded]
 *
 * URL is a feed of JSON pages ({page} is the page number, or a file:// page); MAP says where
 * its fields are (a preset such as `reddit`, or `items=data.children,img=data.url,...`). Each
 * cell is a picture over a caption (the item's price, else its title), sized by the item's
 * aspect-ratio; the view's load-more and refresh signals drive the model. --exit-when-loaded
 * waits until the first page is shown, starts a refresh, drops everything with that work
 * pending, then exits (CI runs it so, under valgrind).
 *
 * The picture draws a WaterfallImage of the item's image URI (downloaded, decoded off the main
 * thread at the cell's size and cached by the library's pipeline, the item's BlurHash until the
 * pixels arrive); an unbound cell drops its image, which cancels what it still had to do. A
 * bound cell follows its item's image-uri: a compacted item of a long feed comes back.
 */
#include <string.h>
#include <waterfall/waterfall.h>

static gboolean done = FALSE;

static void
setup (WaterfallSignalItemFactory *factory, WaterfallItem *item, gpointer user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *picture = gtk_picture_new ();

  gtk_picture_set_content_fit (GTK_PICTURE (picture), GTK_CONTENT_FIT_COVER);
  gtk_widget_set_vexpand (picture, TRUE);
  gtk_box_append (GTK_BOX (box), picture);
  gtk_box_append (GTK_BOX (box), gtk_label_new (NULL));
  waterfall_item_set_child (item, box);
}

/* Shows the feed item in the cell `item`; connected to its notify::image-uri while bound: in a
 * long feed a far item is compacted (its strings NULL) and the model fetches it again when a
 * cell is bound to it, then notifies (its other strings are back by then). */
static void
show (WaterfallFeedItem *feed_item, GParamSpec *pspec, WaterfallItem *item)
{
  GtkWidget *picture = gtk_widget_get_first_child (waterfall_item_get_child (item));
  const char *uri = waterfall_feed_item_get_image_uri (feed_item);
  const char *caption = waterfall_feed_item_get_subtitle (feed_item);
  g_autoptr (WaterfallImage) image = uri != NULL ? waterfall_image_new_for_uri (uri) : NULL;

  if (caption == NULL)
    caption = waterfall_feed_item_get_title (feed_item);
  if (image != NULL)
    waterfall_image_set_blurhash (image, waterfall_feed_item_get_blurhash (feed_item));
  gtk_picture_set_paintable (GTK_PICTURE (picture), GDK_PAINTABLE (image));
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_next_sibling (picture)), caption != NULL ? caption : "");
  waterfall_item_set_accessible_label (item, waterfall_feed_item_get_title (feed_item));
}

static void
bind (WaterfallSignalItemFactory *factory, WaterfallItem *item, gpointer user_data)
{
  WaterfallFeedItem *feed_item = WATERFALL_FEED_ITEM (waterfall_item_get_item (item));

  show (feed_item, NULL, item);
  g_signal_connect (feed_item, "notify::image-uri", G_CALLBACK (show), item);
}

static void
unbind (WaterfallSignalItemFactory *factory, WaterfallItem *item, gpointer user_data)
{
  g_signal_handlers_disconnect_by_func (waterfall_item_get_item (item), show, item);
  gtk_picture_set_paintable (GTK_PICTURE (gtk_widget_get_first_child (waterfall_item_get_child (item))), NULL);
}

static void
error_changed (WaterfallFeedModel *feed, GParamSpec *pspec, gpointer user_data)
{
  const char *message = waterfall_feed_model_get_error_message (feed);

  if (message != NULL)
    g_printerr ("failed: %s\n", message);
}

static void
items_changed (GListModel *feed, guint position, guint removed, guint added, gpointer user_data)
{
  g_print ("items: %u (%u new at %u)\n", g_list_model_get_n_items (feed), added, position);
}

static gboolean
stop (gpointer user_data)
{
  done = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
check_loaded (gpointer user_data)
{
  WaterfallFeedModel *feed = user_data;

  if (g_list_model_get_n_items (G_LIST_MODEL (feed)) == 0 || waterfall_feed_model_get_loading (feed))
    return G_SOURCE_CONTINUE;
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
  gboolean exit_when_loaded = argc > 2 && strcmp (argv[argc - 1], "--exit-when-loaded") == 0;
  int n_arguments = exit_when_loaded ? argc - 1 : argc;
  g_autoptr (GError) error = NULL;
  WaterfallFeedModel *feed;
  WaterfallItemFactory *factory;
  GtkWidget *view, *scrolled, *window;
  gboolean loaded;

  if (n_arguments < 2 || n_arguments > 3)
    {
      g_printerr ("usage: %s URL [MAP] [--exit-when-loaded]\n", argv[0]);
      return 2;
    }
  gtk_init ();

  feed = waterfall_feed_model_new (argv[1], n_arguments > 2 ? argv[2] : NULL, &error);
  if (feed == NULL)
    {
      g_printerr ("feed-model: %s\n", error->message);
      return 2;
    }
  g_signal_connect (feed, "notify::error-message", G_CALLBACK (error_changed), NULL);
  g_signal_connect (feed, "items-changed", G_CALLBACK (items_changed), NULL);

  factory = waterfall_signal_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind), NULL);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind), NULL);
  /* The view takes the selection (which takes the feed) and the factory. */
  view = waterfall_masonry_view_new (GTK_SELECTION_MODEL (gtk_multi_selection_new (G_LIST_MODEL (g_object_ref (feed)))),
                                     factory);
  waterfall_masonry_view_set_aspect_ratio_property (WATERFALL_MASONRY_VIEW (view), "aspect-ratio");
  g_signal_connect_swapped (view, "load-more", G_CALLBACK (waterfall_feed_model_load_more), feed);
  g_signal_connect_swapped (view, "refresh", G_CALLBACK (waterfall_feed_model_refresh), feed);

  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), "Feed model (C)");
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_set_child (GTK_WINDOW (window), scrolled);
  g_signal_connect_swapped (window, "destroy", G_CALLBACK (stop), NULL);
  gtk_window_present (GTK_WINDOW (window));

  if (!exit_when_loaded)
    {
      run_until_done ();
      g_object_unref (feed);
      return 0;
    }
  {
    guint check = g_timeout_add (50, check_loaded, feed);
    guint deadline = g_timeout_add_seconds (120, stop, NULL);

    run_until_done ();
    loaded = g_list_model_get_n_items (G_LIST_MODEL (feed)) > 0;
    g_source_remove (loaded ? deadline : check);
  }
  g_print ("loaded %u items\n", g_list_model_get_n_items (G_LIST_MODEL (feed)));
  waterfall_feed_model_refresh (feed);
  gtk_window_destroy (GTK_WINDOW (window));
  run_until_done ();   /* the destroy handler */
  g_object_unref (feed);
  g_timeout_add (500, stop, NULL);
  run_until_done ();   /* the model's work ends after it is gone */
  return loaded ? 0 : 1;
}
