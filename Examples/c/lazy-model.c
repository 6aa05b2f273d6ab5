/* A huge lazy GListModel from C (issue 41): the wall shows its first frame without walking it.
 *
 *   cc -o lazy-model lazy-model.c $(pkg-config --cflags --libs waterfall-1)
 *   ./lazy-model [--items N] [--grid] [--settle SECONDS] [--scroll FRAMES]
 *
 * The model makes each item in get_item (a LazyPhoto whose "aspect" property is a function of
 * its position) and counts the calls, as a model backed by a database or a file would. A
 * 1000×760 window shows a WaterfallMasonryView (with aspect-ratio-property "aspect"), or with
 * --grid a GtkGridView, over a GtkNoSelection of the model while it is empty; then the model
 * announces N items (default 10,000,000) in one items-changed. The program prints, as one line
 * of key=value pairs: the get_item calls before the first frame painted after it, the time from
 * items-changed to that frame, the longest gap between 1 ms timeouts over the `--settle`
 * seconds after it (default 2: the longest main-loop stall while the wall reads the rest of
 * the sizes in idle slices) and how many gaps were over 8 ms, the same in the main thread's CPU
 * time (what it worked between two timeouts, whatever else the machine runs), get_item calls
 * by then and the process's peak RSS.
 * With --scroll FRAMES, the gaps are watched until the scroll range has also held still for half
 * a second (the wall has read every size; at most 120 s), and it then scrolls for FRAMES frames
 * as a kinetic fling would, setting the vertical adjustment at each frame clock tick (flings of
 * 4,000 px/s that slow by 5 % a frame, a new one below 400 px/s; the same steps for both views),
 * and prints the main thread's CPU time per frame (tick to tick: the frame and whatever else the
 * main loop ran), median and 99th percentile, and when the range held still.
 * Exits 1 when more than 1% of the items (at least 20,000) were fetched before the first frame,
 * that is, when the model was walked; scripts/gi-check.sh runs it at 10,000,000 items.
 */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <waterfall/waterfall.h>

/* ---- LazyPhoto: an item with an aspect ratio ---- */

#define LAZY_TYPE_PHOTO (lazy_photo_get_type ())
G_DECLARE_FINAL_TYPE (LazyPhoto, lazy_photo, LAZY, PHOTO, GObject)

struct _LazyPhoto {
  GObject parent_instance;
  double aspect;
};

G_DEFINE_FINAL_TYPE (LazyPhoto, lazy_photo, G_TYPE_OBJECT)

enum { PHOTO_PROP_ASPECT = 1 };

static void
lazy_photo_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  if (id == PHOTO_PROP_ASPECT)
    g_value_set_double (value, LAZY_PHOTO (object)->aspect);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
}

static void
lazy_photo_class_init (LazyPhotoClass *klass)
{
  G_OBJECT_CLASS (klass)->get_property = lazy_photo_get_property;
  g_object_class_install_property (G_OBJECT_CLASS (klass), PHOTO_PROP_ASPECT,
    g_param_spec_double ("aspect", NULL, NULL, 0.1, 10.0, 1.0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
}

static void
lazy_photo_init (LazyPhoto *self)
{
  self->aspect = 1.0;
}

/* ---- LazyModel: n items, each made when asked for ---- */

#define LAZY_TYPE_MODEL (lazy_model_get_type ())
G_DECLARE_FINAL_TYPE (LazyModel, lazy_model, LAZY, MODEL, GObject)

struct _LazyModel {
  GObject parent_instance;
  guint n_items;
  guint64 fetched;
};

static GType
lazy_model_get_item_type (GListModel *model)
{
  return LAZY_TYPE_PHOTO;
}

static guint
lazy_model_get_n_items (GListModel *model)
{
  return LAZY_MODEL (model)->n_items;
}

static gpointer
lazy_model_get_item (GListModel *model, guint position)
{
  LazyModel *self = LAZY_MODEL (model);
  if (position >= self->n_items)
    return NULL;
  self->fetched++;
  LazyPhoto *photo = g_object_new (LAZY_TYPE_PHOTO, NULL);
  photo->aspect = 0.5 + (double) ((position * 2654435761u) % 1000) / 1000.0;   /* 0.5 … 1.5 */
  return photo;
}

static void
lazy_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = lazy_model_get_item_type;
  iface->get_n_items = lazy_model_get_n_items;
  iface->get_item = lazy_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (LazyModel, lazy_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, lazy_model_list_model_init))

static void
lazy_model_class_init (LazyModelClass *klass)
{
}

static void
lazy_model_init (LazyModel *self)
{
}

/* ---- The probe ---- */

typedef struct {
  LazyModel *model;
  gint64 announced;       /* monotonic µs of the items-changed, 0 before */
  gint64 first_frame;     /* µs from it to the first frame painted after it, -1 before */
  guint64 fetched_before_frame;
  gint64 last_tick, longest_gap, settle_end;
  gint64 last_cpu, longest_busy;   /* the main thread's CPU time, µs */
  guint gaps_over_8ms, busy_over_8ms;
  gboolean done;
  /* The scroll phase (--scroll). */
  GtkAdjustment *adjustment;
  gint64 range_changed;   /* monotonic µs of the last change of the scroll range */
  guint scroll_frames, scrolled_frames;
  guint64 fetched_after_settle;
  gboolean scrolled;
  double velocity;        /* px/s */
  gint64 scroll_cpu;      /* the main thread's CPU time at the last tick, µs */
  gint64 *frame_cpu;      /* per frame, µs */
} Probe;

static void
setup_cb (GObject *factory, GObject *item, gpointer user_data)
{
  GtkWidget *label = gtk_label_new (NULL);
  if (WATERFALL_IS_ITEM (item))
    waterfall_item_set_child (WATERFALL_ITEM (item), label);
  else
    gtk_list_item_set_child (GTK_LIST_ITEM (item), label);
}

static void
bind_cb (GObject *factory, GObject *item, gpointer user_data)
{
  gboolean waterfall = WATERFALL_IS_ITEM (item);
  GObject *photo = waterfall ? waterfall_item_get_item (WATERFALL_ITEM (item)) : gtk_list_item_get_item (GTK_LIST_ITEM (item));
  GtkWidget *label = waterfall ? waterfall_item_get_child (WATERFALL_ITEM (item)) : gtk_list_item_get_child (GTK_LIST_ITEM (item));
  char text[32];
  g_snprintf (text, sizeof text, "%.2f", LAZY_PHOTO (photo)->aspect);
  gtk_label_set_text (GTK_LABEL (label), text);
}

/* The CPU time of the calling thread, µs: what it worked, whatever else the machine runs. */
static gint64
thread_cpu_time (void)
{
  struct timespec now;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

static gboolean
tick (gpointer user_data)
{
  Probe *probe = user_data;
  gint64 cpu = thread_cpu_time ();
  probe->longest_busy = MAX (probe->longest_busy, cpu - probe->last_cpu);
  if (cpu - probe->last_cpu > 8000)
    probe->busy_over_8ms++;
  probe->last_cpu = cpu;
  gint64 now = g_get_monotonic_time ();
  probe->longest_gap = MAX (probe->longest_gap, now - probe->last_tick);
  if (now - probe->last_tick > 8000)
    probe->gaps_over_8ms++;
  probe->last_tick = now;
  if (now < probe->settle_end)
    return G_SOURCE_CONTINUE;
  /* Scrolling waits for every size: the gaps are watched until then (120 s at most). */
  if (probe->scroll_frames > 0 && now - probe->range_changed < 500000 && now < probe->settle_end + 120 * G_USEC_PER_SEC)
    return G_SOURCE_CONTINUE;
  probe->fetched_after_settle = probe->model->fetched;
  probe->done = TRUE;
  return G_SOURCE_REMOVE;
}

static void
range_changed_cb (GtkAdjustment *adjustment, gpointer user_data)
{
  Probe *probe = user_data;
  probe->range_changed = g_get_monotonic_time ();
}

/* One frame of the scroll phase: records the main thread's CPU time since the last tick, then
 * moves the adjustment by one step of a kinetic fling. */
static gboolean
scroll_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  Probe *probe = user_data;
  gint64 cpu = thread_cpu_time ();
  if (probe->scrolled_frames > 0)
    probe->frame_cpu[probe->scrolled_frames - 1] = cpu - probe->scroll_cpu;
  probe->scroll_cpu = cpu;
  if (probe->scrolled_frames == probe->scroll_frames)
    {
      probe->scrolled = TRUE;
      return G_SOURCE_REMOVE;
    }
  probe->velocity = probe->velocity < 400 ? 4000 : probe->velocity * 0.95;
  gtk_adjustment_set_value (probe->adjustment, gtk_adjustment_get_value (probe->adjustment) + probe->velocity / 60);
  probe->scrolled_frames++;
  return G_SOURCE_CONTINUE;
}

static int
compare_times (const void *a, const void *b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return (x > y) - (x < y);
}

static void
after_paint (GdkFrameClock *clock, gpointer user_data)
{
  Probe *probe = user_data;
  if (probe->announced == 0 || probe->first_frame >= 0)
    return;
  gint64 now = g_get_monotonic_time ();
  probe->first_frame = now - probe->announced;
  probe->fetched_before_frame = probe->model->fetched;
  probe->last_tick = now;
  probe->last_cpu = thread_cpu_time ();
  g_timeout_add (1, tick, probe);
}

int
main (int argc, char **argv)
{
  guint items = 10000000;
  gboolean grid = FALSE;
  double settle = 2.0;
  guint scroll_frames = 0;
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--items") == 0 && i + 1 < argc)
        items = (guint) g_ascii_strtoull (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--settle") == 0 && i + 1 < argc)
        settle = g_ascii_strtod (argv[++i], NULL);
      else if (strcmp (argv[i], "--scroll") == 0 && i + 1 < argc)
        scroll_frames = (guint) g_ascii_strtoull (argv[++i], NULL, 10);
      else if (strcmp (argv[i], "--grid") == 0)
        grid = TRUE;
      else
        {
          fprintf (stderr, "usage: %s [--items N] [--grid] [--settle SECONDS] [--scroll FRAMES]\n", argv[0]);
          return 2;
        }
    }
  gtk_init ();
  Probe probe = { .model = g_object_new (LAZY_TYPE_MODEL, NULL), .first_frame = -1 };
  /* The views take the selection (transfer full), the selection takes a reference to the model. */
  GtkSelectionModel *selection = GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (g_object_ref (probe.model))));
  GtkWidget *view;
  if (grid)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), NULL);
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), NULL);
      view = gtk_grid_view_new (selection, factory);
      gtk_grid_view_set_min_columns (GTK_GRID_VIEW (view), 5);
      gtk_grid_view_set_max_columns (GTK_GRID_VIEW (view), 5);
    }
  else
    {
      WaterfallItemFactory *factory = waterfall_signal_item_factory_new ();
      g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), NULL);
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), NULL);
      view = waterfall_masonry_view_new (selection, factory);
      waterfall_masonry_view_set_columns (WATERFALL_MASONRY_VIEW (view), 5);
      waterfall_masonry_view_set_aspect_ratio_property (WATERFALL_MASONRY_VIEW (view), "aspect");
    }
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  GtkWidget *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 760);
  gtk_window_set_child (GTK_WINDOW (window), scrolled);
  gtk_window_present (GTK_WINDOW (window));
  /* The window shown and idle first. */
  gint64 shown = g_get_monotonic_time () + 500000;
  while (g_get_monotonic_time () < shown)
    g_main_context_iteration (NULL, FALSE);
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint), &probe);

  probe.adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  g_signal_connect (probe.adjustment, "changed", G_CALLBACK (range_changed_cb), &probe);
  probe.announced = probe.range_changed = g_get_monotonic_time ();
  probe.settle_end = G_MAXINT64;
  probe.scroll_frames = scroll_frames;
  probe.model->n_items = items;
  g_list_model_items_changed (G_LIST_MODEL (probe.model), 0, 0, items);
  gint64 bound = probe.announced + 120 * G_USEC_PER_SEC;
  while (probe.first_frame < 0 && g_get_monotonic_time () < bound)
    g_main_context_iteration (NULL, TRUE);
  probe.settle_end = g_get_monotonic_time () + (gint64) (settle * G_USEC_PER_SEC);
  while (!probe.done && probe.first_frame >= 0)
    g_main_context_iteration (NULL, TRUE);

  double held_still_s = (probe.range_changed - probe.announced) / (double) G_USEC_PER_SEC;
  if (scroll_frames > 0 && probe.first_frame >= 0)
    {
      probe.frame_cpu = g_new0 (gint64, scroll_frames);
      gtk_widget_add_tick_callback (view, scroll_tick, &probe, NULL);
      while (!probe.scrolled)
        g_main_context_iteration (NULL, TRUE);
      qsort (probe.frame_cpu, scroll_frames, sizeof (gint64), compare_times);
    }

  struct rusage usage;
  getrusage (RUSAGE_SELF, &usage);
  guint64 limit = MAX ((guint64) items / 100, 20000);
  gboolean walked = probe.first_frame < 0 || probe.fetched_before_frame > limit;
  if (probe.frame_cpu != NULL)
    printf ("view=%s items=%u range_still_after_s=%.1f scroll_frames=%u scroll_cpu_p50_ms=%.2f scroll_cpu_p99_ms=%.2f\n",
            grid ? "GtkGridView" : "WaterfallMasonryView", items, held_still_s, scroll_frames,
            probe.frame_cpu[scroll_frames / 2] / 1000.0, probe.frame_cpu[scroll_frames * 99 / 100] / 1000.0);
  g_free (probe.frame_cpu);
  printf ("view=%s items=%u get_item_before_first_frame=%" G_GUINT64_FORMAT " first_frame_ms=%.1f "
          "longest_stall_ms=%.1f stalls_over_8ms=%u longest_busy_ms=%.1f busy_over_8ms=%u get_item_after_%s=%" G_GUINT64_FORMAT " peak_rss_mb=%.0f %s\n",
          grid ? "GtkGridView" : "WaterfallMasonryView", items, probe.fetched_before_frame,
          probe.first_frame / 1000.0, probe.longest_gap / 1000.0, probe.gaps_over_8ms, probe.longest_busy / 1000.0, probe.busy_over_8ms, scroll_frames > 0 ? "gaps" : "settle", probe.fetched_after_settle,
          usage.ru_maxrss / 1024.0, walked ? "WALKED" : "ok");
  gtk_window_destroy (GTK_WINDOW (window));   /* the view owned the selection, which holds a reference */
  g_object_unref (probe.model);
  return walked ? 1 : 0;
}
