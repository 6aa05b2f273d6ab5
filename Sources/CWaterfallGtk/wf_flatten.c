#include "wf_flatten.h"

#include <math.h>
#include <sys/mman.h>

/* What a flattened child keeps between frames: the render node GTK last gave for it and the
 * node that draws it — a recording of its drawing (with cached gradients) the first frame GTK
 * gives that node, its rasterized pixels from the second frame on (`rasterized`) — and where it
 * was last drawn, in device pixels (`x`, `y`: whether it moved since). */
typedef struct
{
  GskRenderNode *source;
  GskRenderNode *flat;
  gboolean rasterized;
  int scale;
  double fraction_x, fraction_y;
  double x, y;
} WfFlatCache;

/* wf_flatten_quark (): the key of a marked child's WfFlatCache. */
static G_DEFINE_QUARK (wf_flatten_cache, wf_flatten)

static void
wf_flat_cache_free (gpointer data)
{
  WfFlatCache *cache = data;
  g_clear_pointer (&cache->source, gsk_render_node_unref);
  g_clear_pointer (&cache->flat, gsk_render_node_unref);
  g_free (cache);
}

void
wf_flatten_mark (GtkWidget *child)
{
  if (g_object_get_qdata (G_OBJECT (child), wf_flatten_quark ()) == NULL)
    {
      g_object_set_qdata_full (G_OBJECT (child), wf_flatten_quark (), g_new0 (WfFlatCache, 1), wf_flat_cache_free);
    }
}

/* Drops the raster a marked child keeps. */
static void
wf_flatten_forget (GtkWidget *child)
{
  WfFlatCache *cache = g_object_get_qdata (G_OBJECT (child), wf_flatten_quark ());
  if (cache != NULL)
    {
      g_clear_pointer (&cache->source, gsk_render_node_unref);
      g_clear_pointer (&cache->flat, gsk_render_node_unref);
      cache->rasterized = FALSE;
    }
}

gboolean
wf_flatten_is_marked (GtkWidget *child)
{
  return g_object_get_qdata (G_OBJECT (child), wf_flatten_quark ()) != NULL;
}

gboolean
wf_flatten_is_rasterized (GtkWidget *child)
{
  WfFlatCache *cache = g_object_get_qdata (G_OBJECT (child), wf_flatten_quark ());
  return cache != NULL && cache->rasterized;
}

/* wf_flatten_choice_quark (): the key of the canvas's decision, set by wf_flatten_choose
 * (absent: off). */
static G_DEFINE_QUARK (wf_flatten_choice, wf_flatten_choice)

void
wf_flatten_choose (GtkWidget *canvas)
{
  static int allowed = -1;
  if (allowed < 0)
    {
      const char *setting = g_getenv ("WATERFALL_FLATTEN");
      allowed = setting == NULL || g_strcmp0 (setting, "0") != 0;
    }
  GtkNative *native = gtk_widget_get_native (canvas);
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;
  gboolean on = allowed && renderer != NULL && GSK_IS_CAIRO_RENDERER (renderer);
  g_object_set_qdata (G_OBJECT (canvas), wf_flatten_choice_quark (), GINT_TO_POINTER (on));
  if (!on)
    {
      for (GtkWidget *child = gtk_widget_get_first_child (canvas); child != NULL; child = gtk_widget_get_next_sibling (child))
        {
          wf_flatten_forget (child);
        }
    }
}

gboolean
wf_flatten_applies (GtkWidget *canvas)
{
  return GPOINTER_TO_INT (g_object_get_qdata (G_OBJECT (canvas), wf_flatten_choice_quark ()));
}

/* ---- Gradients: rasterized once per look and pixel size, shared by every child. ---- */

/* About 70 distinct placeholder sizes of 190 × 300 px as ARGB, four times as many as masks. */
#define WF_GRADIENT_CACHE_BYTES (16 * 1024 * 1024)

/* A cached gradient: its ARGB raster, or — for a gradient between two opaque colours, the
 * usual CSS case — an A8 mask of how far each pixel lies from `from` to `to`, a quarter of
 * the memory, painted as `from` with `to` through the mask. */
typedef struct
{
  GBytes *key;
  cairo_surface_t *surface;
  gboolean is_mask;
  GdkRGBA from, to;
  gsize bytes;
} WfGradientEntry;

static GHashTable *gradient_table; /* GBytes key → GList link in gradient_order */
static GQueue gradient_order = G_QUEUE_INIT; /* most recently used first */
static gsize gradient_bytes;

static void
wf_gradient_entry_free (WfGradientEntry *entry)
{
  g_bytes_unref (entry->key);
  cairo_surface_destroy (entry->surface);
  g_free (entry);
}

/* The gradient's look relative to its bounds' origin (so equal gradients at other places
 * share one raster), its size, the device scale and where its origin falls inside a device
 * pixel (which decides the pixel centres it is sampled at). */
static GBytes *
wf_gradient_key (GskRenderNode *node, int scale, const graphene_rect_t *bounds, double fraction_x, double fraction_y)
{
  const graphene_point_t *start = gsk_linear_gradient_node_get_start (node);
  const graphene_point_t *end = gsk_linear_gradient_node_get_end (node);
  gsize count = gsk_linear_gradient_node_get_n_color_stops (node);
  const GskColorStop *stops = gsk_linear_gradient_node_get_color_stops (node, NULL);
  float header[10] = {
    bounds->size.width,
    bounds->size.height,
    start->x - bounds->origin.x,
    start->y - bounds->origin.y,
    end->x - bounds->origin.x,
    end->y - bounds->origin.y,
    (float) fraction_x,
    (float) fraction_y,
    (float) scale,
    gsk_render_node_get_node_type (node) == GSK_REPEATING_LINEAR_GRADIENT_NODE ? 1.0f : 0.0f,
  };
  GByteArray *key = g_byte_array_sized_new ((guint) (sizeof header + count * sizeof (GskColorStop)));
  g_byte_array_append (key, (const guint8 *) header, sizeof header);
  g_byte_array_append (key, (const guint8 *) stops, (guint) (count * sizeof (GskColorStop)));
  return g_byte_array_free_to_bytes (key);
}

/* Whether `node` (a linear gradient) has two stops, both opaque: then its pixels are `from`
 * and `to` mixed by one fraction, which an A8 mask holds. */
static gboolean
wf_gradient_is_two_opaque_stops (GskRenderNode *node)
{
  /* (GTK 4.8's get_color_stops leaves its count argument unset: ask for the count apart.) */
  gsize count = gsk_linear_gradient_node_get_n_color_stops (node);
  const GskColorStop *stops = gsk_linear_gradient_node_get_color_stops (node, NULL);
  return count == 2 && stops[0].color.alpha >= 1.0f && stops[1].color.alpha >= 1.0f;
}

/* Draws the mask of a two-stop gradient node as GSK's cairo code draws the node itself (the
 * same line, extend mode and stop offsets, padded to 0 and 1 as GSK pads them), with
 * transparent for the first stop's colour and opaque for the second. */
static void
wf_gradient_mask_draw (GskRenderNode *node, cairo_t *cr)
{
  const graphene_point_t *start = gsk_linear_gradient_node_get_start (node);
  const graphene_point_t *end = gsk_linear_gradient_node_get_end (node);
  const GskColorStop *stops = gsk_linear_gradient_node_get_color_stops (node, NULL);
  cairo_pattern_t *pattern = cairo_pattern_create_linear (start->x, start->y, end->x, end->y);
  if (gsk_render_node_get_node_type (node) == GSK_REPEATING_LINEAR_GRADIENT_NODE)
    {
      cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
    }
  if (stops[0].offset > 0.0f)
    {
      cairo_pattern_add_color_stop_rgba (pattern, 0.0, 0, 0, 0, 0);
    }
  cairo_pattern_add_color_stop_rgba (pattern, stops[0].offset, 0, 0, 0, 0);
  cairo_pattern_add_color_stop_rgba (pattern, stops[1].offset, 0, 0, 0, 1);
  if (stops[1].offset < 1.0f)
    {
      cairo_pattern_add_color_stop_rgba (pattern, 1.0, 0, 0, 0, 1);
    }
  cairo_set_source (cr, pattern);
  graphene_rect_t bounds;
  gsk_render_node_get_bounds (node, &bounds);
  cairo_rectangle (cr, bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);
}

/* The raster (or mask) of a gradient node whose bounds' origin lies `fraction` into a device
 * pixel, drawn by GSK's own cairo code with its origin at (0, 0) of the raster's user space. */
static const WfGradientEntry *
wf_gradient_entry (GskRenderNode *node, int scale, const graphene_rect_t *bounds, double fraction_x, double fraction_y)
{
  if (gradient_table == NULL)
    {
      gradient_table = g_hash_table_new (g_bytes_hash, g_bytes_equal);
    }
  GBytes *key = wf_gradient_key (node, scale, bounds, fraction_x, fraction_y);
  GList *link = g_hash_table_lookup (gradient_table, key);
  if (link != NULL)
    {
      g_bytes_unref (key);
      g_queue_unlink (&gradient_order, link);
      g_queue_push_head_link (&gradient_order, link);
      return link->data;
    }
  int width = MAX (1, (int) ceil (fraction_x + bounds->size.width * scale));
  int height = MAX (1, (int) ceil (fraction_y + bounds->size.height * scale));
  WfGradientEntry *entry = g_new0 (WfGradientEntry, 1);
  entry->is_mask = wf_gradient_is_two_opaque_stops (node);
  cairo_surface_t *surface =
      cairo_image_surface_create (entry->is_mask ? CAIRO_FORMAT_A8 : CAIRO_FORMAT_ARGB32, width, height);
  cairo_surface_set_device_scale (surface, scale, scale);
  cairo_surface_set_device_offset (surface, fraction_x, fraction_y);
  cairo_t *cr = cairo_create (surface);
  cairo_translate (cr, -bounds->origin.x, -bounds->origin.y);
  if (entry->is_mask)
    {
      const GskColorStop *stops = gsk_linear_gradient_node_get_color_stops (node, NULL);
      entry->from = stops[0].color;
      entry->to = stops[1].color;
      wf_gradient_mask_draw (node, cr);
    }
  else
    {
      gsk_render_node_draw (node, cr);
    }
  cairo_destroy (cr);

  entry->key = key;
  entry->surface = surface;
  entry->bytes = (gsize) cairo_image_surface_get_stride (surface) * (gsize) height;
  g_queue_push_head (&gradient_order, entry);
  g_hash_table_insert (gradient_table, key, gradient_order.head);
  gradient_bytes += entry->bytes;
  while (gradient_bytes > WF_GRADIENT_CACHE_BYTES && gradient_order.length > 1)
    {
      WfGradientEntry *oldest = g_queue_pop_tail (&gradient_order);
      g_hash_table_remove (gradient_table, oldest->key);
      gradient_bytes -= oldest->bytes;
      wf_gradient_entry_free (oldest);
    }
  return entry;
}

guint
wf_flatten_gradient_cache_count (void)
{
  return gradient_order.length;
}

/* ---- Drawing a child's node with its gradients from the cache. ---- */

/* Whether `node` holds a linear gradient below containers, clips and translations. */
static gboolean
wf_has_gradient (GskRenderNode *node)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_LINEAR_GRADIENT_NODE:
    case GSK_REPEATING_LINEAR_GRADIENT_NODE:
      return TRUE;
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        {
          if (wf_has_gradient (gsk_container_node_get_child (node, i)))
            {
              return TRUE;
            }
        }
      return FALSE;
    case GSK_CLIP_NODE:
      return wf_has_gradient (gsk_clip_node_get_child (node));
    case GSK_ROUNDED_CLIP_NODE:
      return wf_has_gradient (gsk_rounded_clip_node_get_child (node));
    case GSK_TRANSFORM_NODE:
      return gsk_transform_get_category (gsk_transform_node_get_transform (node)) >= GSK_TRANSFORM_CATEGORY_2D_TRANSLATE &&
             wf_has_gradient (gsk_transform_node_get_child (node));
    default:
      return FALSE;
    }
}

/* One corner of a rounded rectangle's path, as GSK's gsk_rounded_rect_path draws it (an arc of
 * the unit circle scaled to the corner's ellipse), so that the clip covers the same pixels. */
static void
wf_corner_arc (cairo_t *cr, double x, double y, const graphene_size_t *corner, double angle1, double angle2)
{
  if (corner->width <= 0 || corner->height <= 0)
    {
      cairo_line_to (cr, x, y);
      return;
    }
  cairo_matrix_t saved;
  cairo_get_matrix (cr, &saved);
  cairo_translate (cr, x, y);
  cairo_scale (cr, corner->width, corner->height);
  cairo_arc (cr, 0, 0, 1, angle1, angle2);
  cairo_set_matrix (cr, &saved);
}

/* GSK's path of a rounded rectangle (gsk_rounded_rect_path is private to GTK). */
static void
wf_rounded_rect_path (const GskRoundedRect *rect, cairo_t *cr)
{
  const graphene_rect_t *b = &rect->bounds;
  const graphene_size_t *c = rect->corner;
  cairo_new_sub_path (cr);
  wf_corner_arc (cr, b->origin.x + c[GSK_CORNER_TOP_LEFT].width, b->origin.y + c[GSK_CORNER_TOP_LEFT].height,
                 &c[GSK_CORNER_TOP_LEFT], G_PI, 3 * G_PI_2);
  wf_corner_arc (cr, b->origin.x + b->size.width - c[GSK_CORNER_TOP_RIGHT].width,
                 b->origin.y + c[GSK_CORNER_TOP_RIGHT].height, &c[GSK_CORNER_TOP_RIGHT], -G_PI_2, 0);
  wf_corner_arc (cr, b->origin.x + b->size.width - c[GSK_CORNER_BOTTOM_RIGHT].width,
                 b->origin.y + b->size.height - c[GSK_CORNER_BOTTOM_RIGHT].height, &c[GSK_CORNER_BOTTOM_RIGHT], 0,
                 G_PI_2);
  wf_corner_arc (cr, b->origin.x + c[GSK_CORNER_BOTTOM_LEFT].width,
                 b->origin.y + b->size.height - c[GSK_CORNER_BOTTOM_LEFT].height, &c[GSK_CORNER_BOTTOM_LEFT], G_PI_2,
                 G_PI);
  cairo_close_path (cr);
}

/* Draws `node` as GSK's cairo code does, with linear gradients from the cache. `origin_x/y`
 * is where the user-space origin of `cr` lies in device pixels. */
static void
wf_draw (GskRenderNode *node, cairo_t *cr, int scale, double origin_x, double origin_y)
{
  if (!wf_has_gradient (node))
    {
      gsk_render_node_draw (node, cr);
      return;
    }
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_LINEAR_GRADIENT_NODE:
    case GSK_REPEATING_LINEAR_GRADIENT_NODE:
      {
        graphene_rect_t bounds;
        gsk_render_node_get_bounds (node, &bounds);
        double device_x = origin_x + bounds.origin.x * scale, device_y = origin_y + bounds.origin.y * scale;
        const WfGradientEntry *entry = wf_gradient_entry (node, scale, &bounds, device_x - floor (device_x),
                                                          device_y - floor (device_y));
        cairo_save (cr);
        cairo_rectangle (cr, bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height);
        if (entry->is_mask)
          {
            /* `from`, then `to` through the mask: from · (1 − t) + to · t, the gradient's mix. */
            cairo_clip (cr);
            gdk_cairo_set_source_rgba (cr, &entry->from);
            cairo_paint (cr);
            cairo_pattern_t *mask = cairo_pattern_create_for_surface (entry->surface);
            cairo_matrix_t matrix;
            cairo_matrix_init_translate (&matrix, -bounds.origin.x, -bounds.origin.y);
            cairo_pattern_set_matrix (mask, &matrix);
            cairo_pattern_set_filter (mask, CAIRO_FILTER_NEAREST);
            gdk_cairo_set_source_rgba (cr, &entry->to);
            cairo_mask (cr, mask);
            cairo_pattern_destroy (mask);
          }
        else
          {
            cairo_set_source_surface (cr, entry->surface, bounds.origin.x, bounds.origin.y);
            cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
            cairo_fill (cr);
          }
        cairo_restore (cr);
        return;
      }
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        {
          wf_draw (gsk_container_node_get_child (node, i), cr, scale, origin_x, origin_y);
        }
      return;
    case GSK_TRANSFORM_NODE:
      {
        float dx, dy;
        gsk_transform_to_translate (gsk_transform_node_get_transform (node), &dx, &dy);
        cairo_save (cr);
        cairo_translate (cr, dx, dy);
        wf_draw (gsk_transform_node_get_child (node), cr, scale, origin_x + dx * scale, origin_y + dy * scale);
        cairo_restore (cr);
        return;
      }
    case GSK_CLIP_NODE:
      {
        /* As GSK draws a clip node: a rectangle clip around the child. */
        const graphene_rect_t *clip = gsk_clip_node_get_clip (node);
        cairo_save (cr);
        cairo_rectangle (cr, clip->origin.x, clip->origin.y, clip->size.width, clip->size.height);
        cairo_clip (cr);
        wf_draw (gsk_clip_node_get_child (node), cr, scale, origin_x, origin_y);
        cairo_restore (cr);
        return;
      }
    case GSK_ROUNDED_CLIP_NODE:
      {
        /* As GSK draws a rounded clip node: its path, clipped, around the child. */
        cairo_save (cr);
        wf_rounded_rect_path (gsk_rounded_clip_node_get_clip (node), cr);
        cairo_clip (cr);
        wf_draw (gsk_rounded_clip_node_get_child (node), cr, scale, origin_x, origin_y);
        cairo_restore (cr);
        return;
      }
    default:
      gsk_render_node_draw (node, cr);
      return;
    }
}

/* ---- Flattening a child: its node recorded, then rasterized once, until GTK gives another node. ---- */

/* A node that paints `image` (an image surface whose device offset and scale place it in user
 * space) at its place, holding its own reference to it. */
static GskRenderNode *
wf_raster_node (cairo_surface_t *image)
{
  double offset_x, offset_y, scale_x, scale_y;
  cairo_surface_get_device_offset (image, &offset_x, &offset_y);
  cairo_surface_get_device_scale (image, &scale_x, &scale_y);
  int width = cairo_image_surface_get_width (image), height = cairo_image_surface_get_height (image);
  graphene_rect_t pixels = GRAPHENE_RECT_INIT ((float) (-offset_x / scale_x), (float) (-offset_y / scale_y),
                                               (float) (width / scale_x), (float) (height / scale_y));
  GskRenderNode *flat = gsk_cairo_node_new (&pixels);
  cairo_t *flat_cr = gsk_cairo_node_get_draw_context (flat);
  cairo_set_source_surface (flat_cr, image, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (flat_cr), CAIRO_FILTER_NEAREST);
  cairo_paint (flat_cr);
  cairo_destroy (flat_cr);
  /* The node's recording refers to the raster; the recording owns a reference from now on, so
   * it is freed after the recording (destroying it first would make cairo copy it). */
  static cairo_user_data_key_t raster_key;
  cairo_surface_set_user_data (gsk_cairo_node_get_surface (flat), &raster_key, cairo_surface_reference (image),
                               (cairo_destroy_func_t) cairo_surface_destroy);
  return flat;
}

/* The largest raster, in device pixels, a child is kept as: cairo makes no image wider or
 * taller than 32767 pixels, and a cell of more than 16 megapixels (an item thousands of
 * points tall) would cost more memory than drawing it each frame. */
#define WF_RASTER_MAX_SIDE 32767
#define WF_RASTER_MAX_PIXELS (1 << 24)

/* Whether an image of `width` × `height` device pixels may be made for a child. */
static gboolean
wf_raster_fits (double width, double height)
{
  return width <= WF_RASTER_MAX_SIDE && height <= WF_RASTER_MAX_SIDE && width * height <= WF_RASTER_MAX_PIXELS;
}

/* A buffer of an image surface mapped on its own: returned to the system when the surface goes. */
typedef struct
{
  void *pixels;
  gsize bytes;
} WfRasterPages;

static void
wf_raster_pages_free (gpointer data)
{
  WfRasterPages *pages = data;
  munmap (pages->pixels, pages->bytes);
  g_free (pages);
}

/* A cleared ARGB32 image of `width` × `height` pixels whose pixels are pages of their own.
 * Rasters come and go with every bind, at the sizes of cells (about 100 KB); from malloc they
 * fragment its heap — a soak's RSS grew twice as fast per item as with glibc's mmap threshold
 * held at 64 KB (docs/PERFORMANCE.md) — where unmapped pages go back to the system at once. */
static cairo_surface_t *
wf_raster_surface (int width, int height)
{
  int stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width);
  gsize bytes = (gsize) stride * (gsize) height;
  void *pixels = mmap (NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (pixels == MAP_FAILED)
    {
      return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
    }
  cairo_surface_t *surface = cairo_image_surface_create_for_data (pixels, CAIRO_FORMAT_ARGB32, width, height, stride);
  WfRasterPages *pages = g_new (WfRasterPages, 1);
  pages->pixels = pixels;
  pages->bytes = bytes;
  static cairo_user_data_key_t pages_key;
  if (cairo_surface_set_user_data (surface, &pages_key, pages, wf_raster_pages_free) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      wf_raster_pages_free (pages);
      return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
    }
  return surface;
}

/* `node` rasterized on a grid that coincides with the device pixels: `offset_x/y` is where the
 * node's origin lies in device pixels (its fraction is what matters). The result paints the
 * raster with nearest-pixel sampling, so it shows the pixels drawing `node` in place gives. */
static GskRenderNode *
wf_rasterize (GskRenderNode *node, int scale, double offset_x, double offset_y)
{
  graphene_rect_t bounds;
  gsk_render_node_get_bounds (node, &bounds);
  double fraction_x = offset_x - floor (offset_x), fraction_y = offset_y - floor (offset_y);
  double x0 = floor (fraction_x + bounds.origin.x * scale), y0 = floor (fraction_y + bounds.origin.y * scale);
  double x1 = ceil (fraction_x + (bounds.origin.x + bounds.size.width) * scale);
  double y1 = ceil (fraction_y + (bounds.origin.y + bounds.size.height) * scale);
  if (!wf_raster_fits (x1 - x0, y1 - y0))
    {
      return gsk_render_node_ref (node);
    }
  int width = (int) (x1 - x0), height = (int) (y1 - y0);
  if (width <= 0 || height <= 0)
    {
      return gsk_render_node_ref (node);
    }
  cairo_surface_t *surface = wf_raster_surface (width, height);
  cairo_surface_set_device_scale (surface, scale, scale);
  /* User point u lands on raster pixel u · scale + fraction − x0. */
  cairo_surface_set_device_offset (surface, fraction_x - x0, fraction_y - y0);
  cairo_t *cr = cairo_create (surface);
  wf_draw (node, cr, scale, fraction_x - x0, fraction_y - y0);
  cairo_destroy (cr);

  GskRenderNode *flat = wf_raster_node (surface);
  cairo_surface_destroy (surface);
  return flat;
}

/* `node` drawn straight into a recording, with its gradients from the cache (or, with no
 * gradient, `node` itself): what a child shows the first frame it has new content. A child whose content changes every frame (a
 * jump per frame, a cell rebound at each tick) then costs no raster: it would be drawn once
 * and thrown away, and two frames' worth of them would be alive while the previous frame's
 * nodes are released. `offset_x/y` is where the node's origin lies in device pixels. */
static GskRenderNode *
wf_record (GskRenderNode *node, int scale, double offset_x, double offset_y)
{
  graphene_rect_t bounds;
  gsk_render_node_get_bounds (node, &bounds);
  if (bounds.size.width <= 0 || bounds.size.height <= 0 || !wf_has_gradient (node) ||
      !wf_raster_fits (ceil (bounds.size.width * scale), ceil (bounds.size.height * scale)))
    {
      /* Nothing to take from the cache: GSK draws the node itself, straight onto the frame (a
     * recording would cost a replay into a new image of the cell's size, then a blend; a
     * cell too large for one image is drawn as it is). */
      return gsk_render_node_ref (node);
    }
  GskRenderNode *recorded = gsk_cairo_node_new (&bounds);
  cairo_t *cr = gsk_cairo_node_get_draw_context (recorded);
  wf_draw (node, cr, scale, offset_x, offset_y);
  cairo_destroy (cr);
  return recorded;
}

/* How long one snapshot of a canvas may spend rasterizing children that hold still, µs (one
 * child at least): a screenful of new content shown a second time in place (the frame after a
 * splice) would otherwise be rasterized in one frame, 6–7 ms for a photo wall's ~50 live cells
 * on the shared 2-core VM of docs/PERFORMANCE.md (drawing, and faulting in the rasters' fresh
 * pages). The children past it keep their recording on screen, not repainted, and are
 * rasterized in the next frames (wf_flatten_continue). A child that moved is rasterized
 * whatever the budget: it is repainted anyway, and from its recording every frame until
 * rasterized (a fling's p99 frame doubled, 4.6–5.5 → 8.1–9.7 ms, when moving cells waited). */
static gint64 wf_raster_budget_us = 1000;

void
wf_flatten_set_raster_budget (gint64 microseconds)
{
  wf_raster_budget_us = microseconds;
}

/* When one snapshot of a canvas stops rasterizing, and whether a child had to wait. */
typedef struct
{
  gint64 deadline;
  gboolean rasterized_one, deferred;
} WfRasterBudget;

/* Rebuilds the allocation's transform and opacity around the child's flattened node; a
 * transform that scales or rotates keeps the vector drawing (a raster would blur). */
static GskRenderNode *
wf_flatten_node (WfFlatCache *cache, GskRenderNode *node, int scale, double offset_x, double offset_y, WfRasterBudget *budget)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_TRANSFORM_NODE:
      {
        GskTransform *transform = gsk_transform_node_get_transform (node);
        if (gsk_transform_get_category (transform) < GSK_TRANSFORM_CATEGORY_2D_TRANSLATE)
          {
            return gsk_render_node_ref (node);
          }
        float dx, dy;
        gsk_transform_to_translate (transform, &dx, &dy);
        GskRenderNode *child = wf_flatten_node (cache, gsk_transform_node_get_child (node), scale,
                                                offset_x + dx * scale, offset_y + dy * scale, budget);
        GskRenderNode *result = gsk_transform_node_new (child, transform);
        gsk_render_node_unref (child);
        return result;
      }
    case GSK_OPACITY_NODE:
      {
        GskRenderNode *child = wf_flatten_node (cache, gsk_opacity_node_get_child (node), scale, offset_x, offset_y, budget);
        GskRenderNode *result = gsk_opacity_node_new (child, gsk_opacity_node_get_opacity (node));
        gsk_render_node_unref (child);
        return result;
      }
    default:
      {
        double fraction_x = offset_x - floor (offset_x), fraction_y = offset_y - floor (offset_y);
        gboolean moved = cache->x != offset_x || cache->y != offset_y;
        cache->x = offset_x;
        cache->y = offset_y;
        if (cache->source != node || cache->scale != scale || cache->fraction_x != fraction_x ||
            cache->fraction_y != fraction_y)
          {
            /* New content: drawn directly this frame, rasterized only if it is shown again. */
            g_clear_pointer (&cache->source, gsk_render_node_unref);
            g_clear_pointer (&cache->flat, gsk_render_node_unref);
            cache->source = gsk_render_node_ref (node);
            cache->flat = wf_record (node, scale, offset_x, offset_y);
            cache->rasterized = FALSE;
            cache->scale = scale;
            cache->fraction_x = fraction_x;
            cache->fraction_y = fraction_y;
          }
        else if (!cache->rasterized && !moved && budget->rasterized_one && g_get_monotonic_time () >= budget->deadline)
          {
            budget->deferred = TRUE; /* not repainted: its recording stays on screen */
          }
        else if (!cache->rasterized)
          {
            budget->rasterized_one = TRUE;
            g_clear_pointer (&cache->flat, gsk_render_node_unref);
            cache->flat = wf_rasterize (node, scale, offset_x, offset_y);
            cache->rasterized = TRUE;
          }
        return gsk_render_node_ref (cache->flat);
      }
    }
}

/* Where `canvas`'s origin lies in its surface's device pixels, and the device scale. */
static void
wf_device_origin (GtkWidget *canvas, int *scale, double *x, double *y)
{
  *scale = gtk_widget_get_scale_factor (canvas);
  GtkNative *native = gtk_widget_get_native (canvas);
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0);
  double surface_x = 0, surface_y = 0;
  if (native != NULL)
    {
      if (!gtk_widget_compute_point (canvas, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (0, 0), &origin))
        {
          origin = GRAPHENE_POINT_INIT (0, 0);
        }
      gtk_native_get_surface_transform (native, &surface_x, &surface_y);
    }
  *x = (origin.x + surface_x) * *scale;
  *y = (origin.y + surface_y) * *scale;
}

/* Snapshots a marked child of `parent` as gtk_widget_snapshot_child does, flattened; the
 * parent's origin lies at (`origin_x`, `origin_y`) device pixels of its surface. */
static void
wf_flatten_snapshot_child (GtkWidget *parent, GtkWidget *child, GtkSnapshot *snapshot, int scale, double origin_x, double origin_y, WfRasterBudget *budget)
{
  WfFlatCache *cache = g_object_get_qdata (G_OBJECT (child), wf_flatten_quark ());
  GtkSnapshot *inner = gtk_snapshot_new ();
  gtk_widget_snapshot_child (parent, child, inner);
  GskRenderNode *node = gtk_snapshot_free_to_node (inner);
  if (node == NULL)
    {
      return;
    }
  GskRenderNode *flat = wf_flatten_node (cache, node, scale, origin_x, origin_y, budget);
  gtk_snapshot_append_node (snapshot, flat);
  gsk_render_node_unref (flat);
  gsk_render_node_unref (node);
}

/* Set on a canvas while a tick callback of wf_flatten_continue waits. */
static GQuark
wf_flatten_continue_quark (void)
{
  static GQuark quark = 0;
  if (quark == 0)
    {
      quark = g_quark_from_static_string ("wf-flatten-continue");
    }
  return quark;
}

static gboolean
wf_flatten_continue_tick (GtkWidget *canvas, GdkFrameClock *clock, gpointer user_data)
{
  gtk_widget_queue_draw (canvas);
  return G_SOURCE_REMOVE;
}

static void
wf_flatten_continue_done (gpointer canvas)
{
  g_object_set_qdata (G_OBJECT (canvas), wf_flatten_continue_quark (), NULL);
}

/* Has `canvas` drawn again at the next frame, so that the children its last snapshot left over
 * the raster budget are rasterized (a draw queued from inside a snapshot would be lost). */
static void
wf_flatten_continue (GtkWidget *canvas)
{
  if (g_object_get_qdata (G_OBJECT (canvas), wf_flatten_continue_quark ()) != NULL)
    {
      return;
    }
  g_object_set_qdata (G_OBJECT (canvas), wf_flatten_continue_quark (), GINT_TO_POINTER (TRUE));
  gtk_widget_add_tick_callback (canvas, wf_flatten_continue_tick, canvas, wf_flatten_continue_done);
}

void
wf_flatten_snapshot_children (GtkWidget *canvas, GtkSnapshot *snapshot)
{
  gboolean flatten = wf_flatten_applies (canvas);
  WfRasterBudget budget = { g_get_monotonic_time () + wf_raster_budget_us, FALSE, FALSE };
  int scale = 1;
  double origin_x = 0, origin_y = 0;
  if (flatten)
    {
      wf_device_origin (canvas, &scale, &origin_x, &origin_y);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (canvas); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (!flatten || !wf_flatten_is_marked (child))
        {
          gtk_widget_snapshot_child (canvas, child, snapshot);
        }
      else if (!gtk_widget_get_visible (child))
        {
          wf_flatten_forget (child); /* a pooled cell: its raster is not needed */
        }
      else
        {
          wf_flatten_snapshot_child (canvas, child, snapshot, scale, origin_x, origin_y, &budget);
        }
    }
  if (budget.deferred)
    {
      wf_flatten_continue (canvas);
    }
}
