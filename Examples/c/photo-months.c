/* A photo wall by month, with pinned section headers, in C over the installed libwaterfall-1.
 *
 *   cc photo-months.c -o photo-months $(pkg-config --cflags --libs waterfall-1)
 *   ./photo-months [--items N] [--snapshot FILE.png]
 *
 * Photos in a GListStore, sorted newest month first by a GtkSortListModel whose section sorter
 * groups them by month, seen through a GtkMultiSelection. A WaterfallSignalItemFactory makes the
 * photos' cells and a second one, the view's header-factory, the month headers (a
 * WaterfallHeader: its item is the month's first photo, n-items its count); pinned-headers keeps
 * the current month's header at the top.
 *
 * Sections need GTK 4.12 or later (the library and this program built against it). Built
 * against GTK 4.8, the same program shows the photos without headers. */
#include <waterfall/waterfall.h>
#include "example-wall.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* ---- MonthsPhoto: one photo, with the month it was taken in ------------------------------ */

#define MONTHS_TYPE_PHOTO (months_photo_get_type ())
G_DECLARE_FINAL_TYPE (MonthsPhoto, months_photo, MONTHS, PHOTO, GObject)

struct _MonthsPhoto
{
  GObject parent_instance;
  guint number;
  double aspect;
  guint month; /* year * 12 + month - 1 */
};

enum
{
  PROP_0,
  PROP_ASPECT,
  N_PROPS
};
static GParamSpec *photo_props[N_PROPS];

G_DEFINE_FINAL_TYPE (MonthsPhoto, months_photo, G_TYPE_OBJECT)

static void
months_photo_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  MonthsPhoto *self = MONTHS_PHOTO (object);
  switch (id)
    {
    case PROP_ASPECT:
      g_value_set_double (value, self->aspect);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
months_photo_class_init (MonthsPhotoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->get_property = months_photo_get_property;
  photo_props[PROP_ASPECT] = g_param_spec_double ("aspect", NULL, NULL, 0.1, 10.0, 1.0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, photo_props);
}

static void
months_photo_init (MonthsPhoto *self)
{
  self->aspect = 1.0;
}

/* Photo n: a reproducible aspect ratio between 0.6 and 1.6, taken about 9 hours before photo
 * n - 1, going back from December 2024 (about 80 photos a month). */
static MonthsPhoto *
months_photo_new (guint number)
{
  MonthsPhoto *photo = g_object_new (MONTHS_TYPE_PHOTO, NULL);
  guint day = number * 3 / 8;
  photo->number = number;
  photo->aspect = 0.6 + (double) ((number * 2654435761u) % 1000) / 1000.0;
  photo->month = 2024 * 12 + 11 - day / 31;
  return photo;
}

/* Newest month first. */
static int
compare_months (gconstpointer a, gconstpointer b, gpointer user_data)
{
  guint month_a = MONTHS_PHOTO ((gpointer) a)->month, month_b = MONTHS_PHOTO ((gpointer) b)->month;
  return month_a > month_b ? -1 : month_a < month_b;
}

/* Within a month, the newest photo (the lowest number) first. */
static int
compare_numbers (gconstpointer a, gconstpointer b, gpointer user_data)
{
  guint number_a = MONTHS_PHOTO ((gpointer) a)->number, number_b = MONTHS_PHOTO ((gpointer) b)->number;
  return number_a < number_b ? -1 : number_a > number_b;
}

/* ---- The wall ----------------------------------------------------------------------------- */

static void
setup_photo (WaterfallSignalItemFactory *factory, GObject *object, gpointer user_data)
{
  GtkWidget *picture = gtk_picture_new ();
  gtk_picture_set_content_fit (GTK_PICTURE (picture), GTK_CONTENT_FIT_COVER);
  waterfall_item_set_child (WATERFALL_ITEM (object), picture);
}

static void
bind_photo (WaterfallSignalItemFactory *factory, GObject *object, gpointer user_data)
{
  WaterfallItem *item = WATERFALL_ITEM (object);
  MonthsPhoto *photo = MONTHS_PHOTO (waterfall_item_get_item (item));
  binds++;
  gtk_picture_set_paintable (GTK_PICTURE (waterfall_item_get_child (item)), GDK_PAINTABLE (swatches[photo->number % SWATCHES]));
}

#if GTK_CHECK_VERSION(4, 12, 0)
static void
setup_header (WaterfallSignalItemFactory *factory, GObject *object, gpointer user_data)
{
  GtkWidget *label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_top (label, 8);
  gtk_widget_set_margin_bottom (label, 8);
  gtk_widget_add_css_class (label, "title-3");
  /* A pinned header is drawn over the photos that scroll beneath it: give it a background. */
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (box, "background");
  gtk_box_append (GTK_BOX (box), label);
  waterfall_header_set_child (WATERFALL_HEADER (object), box);
}

static void
bind_header (WaterfallSignalItemFactory *factory, GObject *object, gpointer user_data)
{
  static const char *const names[] = { "January", "February", "March", "April", "May", "June", "July",
                                       "August", "September", "October", "November", "December" };
  WaterfallHeader *header = WATERFALL_HEADER (object);
  MonthsPhoto *first = MONTHS_PHOTO (waterfall_header_get_item (header));
  char text[64];
  g_snprintf (text, sizeof text, "%s %u · %u photos", names[first->month % 12], first->month / 12,
              waterfall_header_get_n_items (header));
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (waterfall_header_get_child (header))), text);
}
#endif

static void
activate_cb (WaterfallMasonryView *view, guint position, gpointer user_data)
{
  MonthsPhoto *photo = g_list_model_get_item (G_LIST_MODEL (user_data), position);
  if (photo == NULL)
    return;
  printf ("activate: photo %u of %u-%02u at %u\n", photo->number, photo->month / 12, photo->month % 12 + 1, position);
  fflush (stdout);
  g_object_unref (photo);
}

int
main (int argc, char **argv)
{
  guint items = 2000;
  const char *snapshot_path = NULL;
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--items") == 0 && i + 1 < argc)
        items = (guint) strtoul (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--snapshot") == 0 && i + 1 < argc)
        snapshot_path = argv[++i];
      else
        {
          fprintf (stderr, "usage: %s [--items N] [--snapshot FILE.png]\n", argv[0]);
          return 2;
        }
    }

  gtk_init ();
  swatches_make ();

  GListStore *store = g_list_store_new (MONTHS_TYPE_PHOTO);
  gpointer *photos = g_new (gpointer, items);
  for (guint i = 0; i < items; i++)
    photos[i] = months_photo_new (i);
  g_list_store_splice (store, 0, 0, photos, items);
  for (guint i = 0; i < items; i++)
    g_object_unref (photos[i]);
  g_free (photos);

  GtkSortListModel *sorted =
      gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (store)), GTK_SORTER (gtk_custom_sorter_new (compare_numbers, NULL, NULL)));
#if GTK_CHECK_VERSION(4, 12, 0)
  gtk_sort_list_model_set_section_sorter (sorted, GTK_SORTER (gtk_custom_sorter_new (compare_months, NULL, NULL)));
#else
  (void) compare_months;
#endif
  GtkSelectionModel *selection = GTK_SELECTION_MODEL (gtk_multi_selection_new (G_LIST_MODEL (sorted)));
  WaterfallItemFactory *factory = waterfall_signal_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_photo), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_photo), NULL);

  GtkWidget *view = waterfall_masonry_view_new (g_object_ref (selection), factory);
  waterfall_masonry_view_set_aspect_ratio_property (WATERFALL_MASONRY_VIEW (view), "aspect");
#if GTK_CHECK_VERSION(4, 12, 0)
  WaterfallItemFactory *headers = waterfall_signal_item_factory_new ();
  g_signal_connect (headers, "setup", G_CALLBACK (setup_header), NULL);
  g_signal_connect (headers, "bind", G_CALLBACK (bind_header), NULL);
  waterfall_masonry_view_set_header_factory (WATERFALL_MASONRY_VIEW (view), headers);
  waterfall_masonry_view_set_pinned_headers (WATERFALL_MASONRY_VIEW (view), TRUE);
  g_object_unref (headers);
#endif
  g_signal_connect (view, "activate", G_CALLBACK (activate_cb), selection);

  GtkWidget *scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  GtkWidget *window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), "Photos by month (C)");
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_set_child (GTK_WINDOW (window), scrolled);

  int status = run_window (window, snapshot_path);
  g_object_unref (selection);
  g_object_unref (store);
  swatches_drop ();
  return status;
}
