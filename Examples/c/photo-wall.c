/* A photo wall in C over the installed libwaterfall-1.
 *
 *   cc photo-wall.c -o photo-wall $(pkg-config --cflags --libs waterfall-1)
 *   ./photo-wall [--items N] [--snapshot FILE.png]
 *
 * 100,000 photos in a GListStore behind a GtkMultiSelection; a WaterfallSignalItemFactory builds a
 * GtkPicture and a GtkLabel per item; each photo's aspect ratio comes from its "aspect" property
 * through a GtkPropertyExpression. Activating a photo prints it; load-more appends a page. */
#include <waterfall/waterfall.h>
#include "example-wall.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE 1000

/* ---- ExamplePhoto: one photo of the wall ------------------------------------------------ */

#define EXAMPLE_TYPE_PHOTO (example_photo_get_type ())
G_DECLARE_FINAL_TYPE (ExamplePhoto, example_photo, EXAMPLE, PHOTO, GObject)

struct _ExamplePhoto {
  GObject parent_instance;
  guint number;
  double aspect;
};

enum { PROP_0, PROP_NUMBER, PROP_ASPECT, N_PROPS };
static GParamSpec *photo_props[N_PROPS];

G_DEFINE_FINAL_TYPE (ExamplePhoto, example_photo, G_TYPE_OBJECT)

static void
example_photo_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  ExamplePhoto *self = EXAMPLE_PHOTO (object);
  switch (id)
    {
    case PROP_NUMBER: g_value_set_uint (value, self->number); break;
    case PROP_ASPECT: g_value_set_double (value, self->aspect); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
example_photo_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  ExamplePhoto *self = EXAMPLE_PHOTO (object);
  switch (id)
    {
    case PROP_NUMBER: self->number = g_value_get_uint (value); break;
    case PROP_ASPECT: self->aspect = g_value_get_double (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
example_photo_class_init (ExamplePhotoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->get_property = example_photo_get_property;
  object_class->set_property = example_photo_set_property;
  photo_props[PROP_NUMBER] = g_param_spec_uint ("number", NULL, NULL, 0, G_MAXUINT, 0,
                                                G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  photo_props[PROP_ASPECT] = g_param_spec_double ("aspect", NULL, NULL, 0.1, 10.0, 1.0,
                                                  G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, photo_props);
}

static void
example_photo_init (ExamplePhoto *self)
{
  self->aspect = 1.0;
}

/* Photo n: a reproducible aspect ratio between 0.6 (tall) and 1.6 (wide). */
static ExamplePhoto *
example_photo_new (guint number)
{
  double aspect = 0.6 + (double) ((number * 2654435761u) % 1000) / 1000.0;
  return g_object_new (EXAMPLE_TYPE_PHOTO, "number", number, "aspect", aspect, NULL);
}

/* ---- The wall ----------------------------------------------------------------------------- */

static void
setup_cb (WaterfallSignalItemFactory *factory, WaterfallItem *item, gpointer user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *picture = gtk_picture_new ();
  gtk_picture_set_content_fit (GTK_PICTURE (picture), GTK_CONTENT_FIT_COVER);
  gtk_widget_set_vexpand (picture, TRUE);
  gtk_box_append (GTK_BOX (box), picture);
  gtk_box_append (GTK_BOX (box), gtk_label_new (NULL));
  waterfall_item_set_child (item, box);
}

static void
bind_cb (WaterfallSignalItemFactory *factory, WaterfallItem *item, gpointer user_data)
{
  binds++;
  ExamplePhoto *photo = EXAMPLE_PHOTO (waterfall_item_get_item (item));
  GtkWidget *box = waterfall_item_get_child (item);
  GtkWidget *picture = gtk_widget_get_first_child (box);
  char text[32];
  gtk_picture_set_paintable (GTK_PICTURE (picture), GDK_PAINTABLE (swatches[photo->number % SWATCHES]));
  g_snprintf (text, sizeof text, "Photo %u", photo->number);
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_next_sibling (picture)), text);
}

static void
activate_cb (WaterfallMasonryView *view, guint position, gpointer user_data)
{
  GListModel *model = G_LIST_MODEL (user_data);
  ExamplePhoto *photo = g_list_model_get_item (model, position);
  if (photo == NULL)
    return;
  printf ("activate: photo %u (aspect %.3f) at %u\n", photo->number, photo->aspect, position);
  fflush (stdout);
  g_object_unref (photo);
}

static void
load_more_cb (WaterfallMasonryView *view, gpointer user_data)
{
  GListStore *store = G_LIST_STORE (user_data);
  guint start = g_list_model_get_n_items (G_LIST_MODEL (store));
  gpointer page[PAGE];
  for (guint i = 0; i < PAGE; i++)
    page[i] = example_photo_new (start + i);
  g_list_store_splice (store, start, 0, page, PAGE);
  for (guint i = 0; i < PAGE; i++)
    g_object_unref (page[i]);
  printf ("load-more: %u items\n", start + PAGE);
  fflush (stdout);
}

int
main (int argc, char **argv)
{
  guint items = 100000;
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

  GListStore *store = g_list_store_new (EXAMPLE_TYPE_PHOTO);
  gpointer *photos = g_new (gpointer, items);
  for (guint i = 0; i < items; i++)
    photos[i] = example_photo_new (i);
  g_list_store_splice (store, 0, 0, photos, items);
  for (guint i = 0; i < items; i++)
    g_object_unref (photos[i]);
  g_free (photos);

  GtkSelectionModel *selection = GTK_SELECTION_MODEL (gtk_multi_selection_new (G_LIST_MODEL (g_object_ref (store))));
  WaterfallItemFactory *factory = waterfall_signal_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), NULL);

  GtkWidget *view = waterfall_masonry_view_new (selection, factory);
  GtkExpression *aspect = gtk_property_expression_new (EXAMPLE_TYPE_PHOTO, NULL, "aspect");
  g_object_set (view, "aspect-ratio-expression", aspect, NULL);
  gtk_expression_unref (aspect);
  g_signal_connect (view, "activate", G_CALLBACK (activate_cb), store);
  g_signal_connect (view, "load-more", G_CALLBACK (load_more_cb), store);

  GtkWidget *scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  GtkWidget *window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), "Photo wall (C)");
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_set_child (GTK_WINDOW (window), scrolled);

  int status = run_window (window, snapshot_path);
  g_object_unref (store);
  swatches_drop ();
  return status;
}
