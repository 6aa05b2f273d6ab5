/* What the C photo examples share (photo-wall.c, photo-months.c): the photos' stand-in images
 * and --snapshot. A header of static functions, so each example still builds from its one .c
 * file: cc photo-wall.c $(pkg-config --cflags --libs waterfall-1). */
#ifndef EXAMPLE_WALL_H
#define EXAMPLE_WALL_H

#include <gtk/gtk.h>
#include <stdio.h>

#define SWATCHES 8

static GdkTexture *swatches[SWATCHES];

/* A small vertical gradient of a saturated colour: the photos' stand-in images. */
static GdkTexture *
swatch_new (guint index)
{
  static const guint8 colours[SWATCHES][3] = {
    { 232, 115, 90 }, { 79, 157, 217 }, { 242, 181, 65 }, { 108, 191, 132 },
    { 154, 123, 209 }, { 224, 86, 143 }, { 64, 178, 176 }, { 237, 140, 52 },
  };
  enum { W = 8, H = 32 };
  guint8 *pixels = g_malloc (W * H * 3);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      for (int c = 0; c < 3; c++)
        pixels[(y * W + x) * 3 + c] = (guint8) (colours[index][c] * (1.0 - 0.35 * y / H));
  GBytes *bytes = g_bytes_new_take (pixels, W * H * 3);
  GdkTexture *texture = gdk_memory_texture_new (W, H, GDK_MEMORY_R8G8B8, bytes, W * 3);
  g_bytes_unref (bytes);
  return texture;
}

/* Makes the swatches (before the wall) and drops them (after it). */
static void
swatches_make (void)
{
  for (guint i = 0; i < SWATCHES; i++)
    swatches[i] = swatch_new (i);
}

static void
swatches_drop (void)
{
  for (guint i = 0; i < SWATCHES; i++)
    g_object_unref (swatches[i]);
}

/* How many cells have been bound (the example's bind counts them): --snapshot waits for the first. */
static guint binds;

typedef struct {
  GtkWidget *window;
  const char *path;
  guint polls_since_bound;
  guint polls;
  gboolean *done;
  int status;
} Snapshot;

/* Polled every 50 ms: half a second after the first cell was bound (layout settled), once the
 * window has drawn, renders it into a PNG and quits; fails after 5 minutes without that. A
 * timeout, not a tick callback: ticks would keep the frame clock running, and under valgrind,
 * where a frame takes longer than its interval, the idle work that places the cells would
 * never run. */
static gboolean
snapshot_poll (gpointer user_data)
{
  Snapshot *snap = user_data;
  if (++snap->polls > 6000)
    {
      fprintf (stderr, "%s: no frame with cells within 5 minutes\n", g_get_prgname () != NULL ? g_get_prgname () : "example");
      snap->status = 1;
      *snap->done = TRUE;
      return G_SOURCE_REMOVE;
    }
  if (binds == 0 || ++snap->polls_since_bound < 10)
    return G_SOURCE_CONTINUE;
  int width = gtk_widget_get_width (snap->window), height = gtk_widget_get_height (snap->window);
  GdkPaintable *paintable = gtk_widget_paintable_new (snap->window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  g_object_unref (paintable);
  GskRenderNode *node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return G_SOURCE_CONTINUE; /* the window has not drawn a frame yet */
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (snap->window));
  GdkTexture *texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  snap->status = gdk_texture_save_to_png (texture, snap->path) ? 0 : 1;
  g_object_unref (texture);
  gsk_render_node_unref (node);
  *snap->done = TRUE;
  g_main_context_wakeup (NULL);
  return G_SOURCE_REMOVE;
}

static void
window_destroyed (GtkWidget *window, gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  g_main_context_wakeup (NULL);
}

/* Shows `window` and runs the main loop until it is closed, or, with `snapshot_path`, until
 * the snapshot is saved (then destroys it). Returns the exit status. */
static int
run_window (GtkWidget *window, const char *snapshot_path)
{
  gboolean done = FALSE;
  Snapshot snap = { window, snapshot_path, 0, 0, &done, 0 };
  g_signal_connect (window, "destroy", G_CALLBACK (window_destroyed), &done);
  if (snapshot_path != NULL)
    g_timeout_add (50, snapshot_poll, &snap);
  gtk_window_present (GTK_WINDOW (window));
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  if (snapshot_path != NULL)
    gtk_window_destroy (GTK_WINDOW (window));
  return snap.status;
}

#endif
