#include <math.h>
#include <pango/pangocairo.h>

#include "wf_image.h"
#include "wf_main_queue.h"

/**
 * WaterfallImage:
 *
 * A [iface@Gdk.Paintable] that loads an image through Waterfall's image pipeline, for a
 * [class@Gtk.Picture] in any list view's factory: the wall's, a [class@Gtk.GridView]'s or
 * your own.
 *
 * ```python
 * picture = Gtk.Picture(paintable=Waterfall.Image.new_for_uri(uri), content_fit=Gtk.ContentFit.COVER)
 * ```
 *
 * The image loads when it is first drawn, or when [method@Waterfall.Image.load] is called. It
 * downloads (`http`, `https`) or reads (`file`) off the main thread, decodes in Waterfall's
 * sandboxed decoder processes, downscaled to [property@Waterfall.Image:size-hint], and keeps
 * the result in the process's caches: every `WaterfallImage` shares one pipeline, with one
 * memory cache of decoded images, one disk cache of downloaded data (under
 * `$XDG_CACHE_HOME/waterfall-1`), and fair use of each host. Images of the same URI and size
 * share one load. An image keeps no pixels of its own: it draws the memory cache's, so a model
 * of many images takes no more memory than the cache's bound, and an image the cache dropped
 * loads again when it is drawn.
 *
 * Until its pixels arrive it draws a placeholder: the image's
 * [property@Waterfall.Image:blurhash] when it has one, else its
 * [property@Waterfall.Image:placeholder-color] when it has one (a feed's dominant colour), else
 * the wall's gradient, in the theme's foreground colour faded over what lies behind the picture. Its intrinsic size is the
 * image's size (fitted into the size hint) as soon as the image's header has been read, before
 * it is decoded, so a picture keeps its shape. An animated GIF or WebP plays while it is drawn
 * and GTK's animations are enabled. A failed load draws the wall's failure state and sets
 * [property@Waterfall.Image:failed] and [property@Waterfall.Image:error-message].
 *
 * When the last reference to the image is dropped, or [method@Waterfall.Image.cancel] is
 * called, its download and decode are cancelled (unless another image of the same URI and size
 * still waits for them).
 *
 * Since: 0.1
 */
struct _WaterfallImage
{
  GObject parent_instance;

  /* The Swift logic (see wf_image.h). */
  gpointer face;
  char *uri;
  int size_hint;
  char *blurhash;
  GdkRGBA *placeholder_color;
  gboolean loading;
  gboolean failed;
  char *error_message;
  int intrinsic_width;
  int intrinsic_height;

  /* Set while the image is drawn: changes then are announced from an idle (GTK does not
   * allow a paintable to invalidate itself while it is drawn). */
  gboolean in_snapshot;
  guint pending_changes;
  guint pending_idle;
  /* Whether property notifications are held back until that idle. */
  gboolean notify_frozen;
};

enum
{
  PROP_0,
  PROP_URI,
  PROP_SIZE_HINT,
  PROP_BLURHASH,
  PROP_PLACEHOLDER_COLOR,
  PROP_LOADING,
  PROP_FAILED,
  PROP_ERROR_MESSAGE,
  N_PROPS,
};

/* What changed while the image was drawn (WaterfallImage.pending_changes). */
enum
{
  CHANGED_CONTENTS = 1 << 0,
  CHANGED_SIZE = 1 << 1,
};

static GParamSpec *properties[N_PROPS];

/* Stores a copy of `value` in `*string` (GLib 2.76's g_set_str); returns whether it changed. */
static gboolean
set_string (char       **string,
            const char  *value)
{
  if (g_strcmp0 (*string, value) == 0)
    return FALSE;

  g_free (*string);
  *string = g_strdup (value);
  return TRUE;
}

static void waterfall_image_paintable_init (GdkPaintableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WaterfallImage, waterfall_image, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GDK_TYPE_PAINTABLE, waterfall_image_paintable_init))

/* The largest scale factor of the default display's monitors: a drawn size times it is the
 * most device pixels the image can cover. */
static int
max_scale_factor (void)
{
  GdkDisplay *display = gdk_display_get_default ();
  if (display == NULL)
    return 1;

  GListModel *monitors = gdk_display_get_monitors (display);
  int scale = 1;
  for (guint i = 0; i < g_list_model_get_n_items (monitors); i++)
    {
      g_autoptr (GdkMonitor) monitor = g_list_model_get_item (monitors, i);
      scale = MAX (scale, gdk_monitor_get_scale_factor (monitor));
    }
  return scale;
}

/* The theme's foreground colour: a paintable has no widget and no CSS node of its own, so it
 * is the colour of a `.view` label that belongs to no window (the class gives it the theme's
 * view colour; without a parent to inherit from, a plain label's would be CSS's initial
 * white). It follows the default display's theme: light or dark, high contrast. GTK has no
 * public way to read a theme's other named colours since 4.10: the placeholder is the
 * foreground over what lies behind the picture. */
static GdkRGBA
foreground_color (void)
{
  static GtkWidget *styled = NULL;
  GdkRGBA color;

  if (styled == NULL)
    {
      styled = g_object_ref_sink (gtk_label_new (NULL));
      gtk_widget_add_css_class (styled, "view");
    }
#if GTK_CHECK_VERSION(4, 10, 0)
  gtk_widget_get_color (styled, &color);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (styled), &color);
#endif
  return color;
}

/* Adwaita's error colour for the theme the foreground belongs to: the light style's on a dark
 * foreground, the dark style's on a light one. */
static GdkRGBA
error_color (void)
{
  GdkRGBA foreground = foreground_color ();
  GdkRGBA color;
  double luminance = 0.2126 * foreground.red + 0.7152 * foreground.green + 0.0722 * foreground.blue;

  gdk_rgba_parse (&color, luminance > 0.5 ? "#ff7b63" : "#c01c28");
  return color;
}

/* `color` with its alpha scaled by `opacity`. */
static GdkRGBA
faded (const GdkRGBA *color,
       float          opacity)
{
  return (GdkRGBA) { color->red, color->green, color->blue, color->alpha * opacity };
}

/* The wall's placeholder (`.waterfall-placeholder`, a 160° linear gradient from `tint` mixed
 * into the base colour by `from` to `to`), drawn as `tint` at the opacities 1 − `from` to
 * 1 − `to` over what lies behind the picture. */
static void
snapshot_gradient (GtkSnapshot   *snapshot,
                   double         width,
                   double         height,
                   const GdkRGBA *tint,
                   float          from,
                   float          to)
{
  const double angle = 160 * G_PI / 180;
  double dx = sin (angle), dy = -cos (angle);
  double half = (fabs (width * dx) + fabs (height * dy)) / 2;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, width, height);
  graphene_point_t start = GRAPHENE_POINT_INIT (width / 2 - dx * half, height / 2 - dy * half);
  graphene_point_t end = GRAPHENE_POINT_INIT (width / 2 + dx * half, height / 2 + dy * half);
  GskColorStop stops[2] = {
    { 0, faded (tint, 1 - from) },
    { 1, faded (tint, 1 - to) },
  };

  gtk_snapshot_append_linear_gradient (snapshot, &bounds, &start, &end, stops, G_N_ELEMENTS (stops));
}

/* The wall's failure state (`.waterfall-placeholder.failed`): a gradient of the theme's error
 * colour and "Image unavailable" centred in it, in bold, when it fits. */
static void
snapshot_failure (GtkSnapshot *snapshot,
                  double       width,
                  double       height)
{
  static PangoContext *context = NULL;
  GdkRGBA error = error_color ();
  g_autofree char *text = waterfall_swift_image_unavailable_text ();
  g_autoptr (PangoLayout) layout = NULL;
  g_autoptr (PangoFontDescription) font = NULL;
  int text_width, text_height;

  snapshot_gradient (snapshot, width, height, &error, 0.88f, 0.74f);
  if (context == NULL)
    context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  layout = pango_layout_new (context);
  font = pango_font_description_from_string ("Sans Bold 11");
  pango_layout_set_font_description (layout, font);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &text_width, &text_height);
  if (text_width > width || text_height > height)
    return;

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((width - text_width) / 2, (height - text_height) / 2));
  gtk_snapshot_append_layout (snapshot, layout, &error);
  gtk_snapshot_restore (snapshot);
}

static void
waterfall_image_snapshot (GdkPaintable *paintable,
                          GdkSnapshot  *snapshot,
                          double        width,
                          double        height)
{
  WaterfallImage *self = WATERFALL_IMAGE (paintable);
  GdkPaintable *picture;

  self->in_snapshot = TRUE;
  if (!waterfall_swift_image_started (self->face))
    {
      int scale = max_scale_factor ();
      int size = self->size_hint;
      waterfall_swift_image_load (self->face,
                                  size > 0 ? size : (int) ceil (width * scale),
                                  size > 0 ? size : (int) ceil (height * scale));
    }
  waterfall_swift_image_drawn (self->face);
  self->in_snapshot = FALSE;

  if (self->failed)
    {
      snapshot_failure (GTK_SNAPSHOT (snapshot), width, height);
      return;
    }
  picture = waterfall_swift_image_get_picture (self->face);
  if (picture != NULL)
    {
      gdk_paintable_snapshot (picture, snapshot, width, height);
    }
  else if (self->placeholder_color != NULL)
    {
      gtk_snapshot_append_color (GTK_SNAPSHOT (snapshot), self->placeholder_color,
                                 &GRAPHENE_RECT_INIT (0, 0, width, height));
    }
  else
    {
      GdkRGBA foreground = foreground_color ();
      snapshot_gradient (GTK_SNAPSHOT (snapshot), width, height, &foreground, 0.92f, 0.80f);
    }
}

static GdkPaintable *
waterfall_image_get_current_image (GdkPaintable *paintable)
{
  WaterfallImage *self = WATERFALL_IMAGE (paintable);
  GdkPaintable *picture = self->failed ? NULL : waterfall_swift_image_get_picture (self->face);

  if (picture != NULL)
    return gdk_paintable_get_current_image (picture);
  return gdk_paintable_new_empty (self->intrinsic_width, self->intrinsic_height);
}

static int
waterfall_image_get_intrinsic_width (GdkPaintable *paintable)
{
  return WATERFALL_IMAGE (paintable)->intrinsic_width;
}

static int
waterfall_image_get_intrinsic_height (GdkPaintable *paintable)
{
  return WATERFALL_IMAGE (paintable)->intrinsic_height;
}

static void
waterfall_image_paintable_init (GdkPaintableInterface *iface)
{
  iface->snapshot = waterfall_image_snapshot;
  iface->get_current_image = waterfall_image_get_current_image;
  iface->get_intrinsic_width = waterfall_image_get_intrinsic_width;
  iface->get_intrinsic_height = waterfall_image_get_intrinsic_height;
}

static void
waterfall_image_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  WaterfallImage *self = WATERFALL_IMAGE (object);

  switch (prop_id)
    {
    case PROP_URI:
      g_value_set_string (value, self->uri);
      break;
    case PROP_SIZE_HINT:
      g_value_set_int (value, self->size_hint);
      break;
    case PROP_BLURHASH:
      g_value_set_string (value, self->blurhash);
      break;
    case PROP_PLACEHOLDER_COLOR:
      g_value_set_boxed (value, self->placeholder_color);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;
    case PROP_FAILED:
      g_value_set_boolean (value, self->failed);
      break;
    case PROP_ERROR_MESSAGE:
      g_value_set_string (value, self->error_message);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
waterfall_image_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  WaterfallImage *self = WATERFALL_IMAGE (object);

  switch (prop_id)
    {
    case PROP_URI:
      g_free (self->uri);
      self->uri = g_value_dup_string (value);
      break;
    case PROP_SIZE_HINT:
      waterfall_image_set_size_hint (self, g_value_get_int (value));
      break;
    case PROP_BLURHASH:
      waterfall_image_set_blurhash (self, g_value_get_string (value));
      break;
    case PROP_PLACEHOLDER_COLOR:
      waterfall_image_set_placeholder_color (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

static void
waterfall_image_constructed (GObject *object)
{
  WaterfallImage *self = WATERFALL_IMAGE (object);

  G_OBJECT_CLASS (waterfall_image_parent_class)->constructed (object);
  self->face = waterfall_swift_image_create (self, self->uri != NULL ? self->uri : "");
  if (self->blurhash != NULL)
    waterfall_swift_image_set_blurhash (self->face, self->blurhash);
}

static void
waterfall_image_dispose (GObject *object)
{
  WaterfallImage *self = WATERFALL_IMAGE (object);

  if (self->face != NULL)
    waterfall_swift_face_dispose (self->face);
  g_clear_handle_id (&self->pending_idle, g_source_remove);
  if (self->notify_frozen)
    {
      self->notify_frozen = FALSE;
      g_object_thaw_notify (object);
    }
  G_OBJECT_CLASS (waterfall_image_parent_class)->dispose (object);
}

static void
waterfall_image_finalize (GObject *object)
{
  WaterfallImage *self = WATERFALL_IMAGE (object);

  g_clear_pointer (&self->face, waterfall_swift_face_release);
  g_free (self->uri);
  g_free (self->blurhash);
  g_clear_pointer (&self->placeholder_color, gdk_rgba_free);
  g_free (self->error_message);
  G_OBJECT_CLASS (waterfall_image_parent_class)->finalize (object);
}

static void
waterfall_image_class_init (WaterfallImageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags readable = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  GParamFlags writable = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  /* A C, Python or JavaScript program runs a plain GLib loop: let the image's Swift main-actor
   * work run from it (see wf_main_queue.h). */
  wf_main_queue_attach ();

  object_class->constructed = waterfall_image_constructed;
  object_class->dispose = waterfall_image_dispose;
  object_class->finalize = waterfall_image_finalize;
  object_class->get_property = waterfall_image_get_property;
  object_class->set_property = waterfall_image_set_property;

  /**
   * WaterfallImage:uri: (getter get_uri)
   *
   * The image's URI, set at construction: `http`, `https` or `file`. Any other URI fails to
   * load (the image draws its failure state). The application's URIs are trusted as a feed's
   * own images are: a `file` URI may name any file the process can read.
   *
   * Since: 0.1
   */
  properties[PROP_URI] =
    g_param_spec_string ("uri", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * WaterfallImage:size-hint: (getter get_size_hint) (setter set_size_hint)
   *
   * The largest size, in device pixels, the image will be shown at: it is decoded downscaled
   * to fit a square of this side (never upscaled), as the wall's cells decode at their size.
   * 0 (the default) decodes to fit the size it is first drawn at (times the largest monitor
   * scale), or at its own size when [method@Waterfall.Image.load] starts it before it is
   * drawn. Changing it while the image loads or is loaded loads it again at the new size.
   *
   * Since: 0.1
   */
  properties[PROP_SIZE_HINT] =
    g_param_spec_int ("size-hint", NULL, NULL, 0, G_MAXINT, 0, writable);
  /**
   * WaterfallImage:blurhash: (getter get_blurhash) (setter set_blurhash)
   *
   * A [BlurHash](https://blurha.sh) of the image, drawn as its placeholder until its pixels
   * arrive; %NULL (the default) or a string that is not a valid BlurHash draws the plain
   * placeholder.
   *
   * Since: 0.1
   */
  properties[PROP_BLURHASH] =
    g_param_spec_string ("blurhash", NULL, NULL, NULL, writable);
  /**
   * WaterfallImage:placeholder-color: (getter get_placeholder_color) (setter set_placeholder_color)
   *
   * A colour to fill the image's place with until its pixels arrive, as the wall draws a
   * feed's dominant colour ([property@Waterfall.FeedItem:color]); %NULL (the default) draws
   * the plain placeholder. A valid [property@Waterfall.Image:blurhash] is drawn instead, and a
   * failed load draws the failure state.
   *
   * Since: 0.2
   */
  properties[PROP_PLACEHOLDER_COLOR] =
    g_param_spec_boxed ("placeholder-color", NULL, NULL, GDK_TYPE_RGBA, writable);
  /**
   * WaterfallImage:loading: (getter get_loading)
   *
   * Whether the image is being downloaded or decoded.
   *
   * Since: 0.1
   */
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE, readable);
  /**
   * WaterfallImage:failed: (getter get_failed)
   *
   * Whether the last load failed (not merely cancelled); the image then draws the failure
   * state and [property@Waterfall.Image:error-message] says why.
   *
   * Since: 0.1
   */
  properties[PROP_FAILED] =
    g_param_spec_boolean ("failed", NULL, NULL, FALSE, readable);
  /**
   * WaterfallImage:error-message: (getter get_error_message)
   *
   * Why the last load failed, in plain words ("The image from example.com could not be
   * decoded"), or %NULL when it did not fail.
   *
   * Since: 0.1
   */
  properties[PROP_ERROR_MESSAGE] =
    g_param_spec_string ("error-message", NULL, NULL, NULL, readable);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
waterfall_image_init (WaterfallImage *self)
{
}

/**
 * waterfall_image_new_for_uri:
 * @uri: the image's URI: `http`, `https` or `file`
 *
 * Creates an image of @uri. Nothing is loaded until it is drawn or
 * [method@Waterfall.Image.load] is called.
 *
 * Returns: (transfer full): a new `WaterfallImage`
 *
 * Since: 0.1
 */
WaterfallImage *
waterfall_image_new_for_uri (const char *uri)
{
  g_return_val_if_fail (uri != NULL, NULL);

  return g_object_new (WATERFALL_TYPE_IMAGE, "uri", uri, NULL);
}

/**
 * waterfall_image_new_for_file:
 * @file: the image's file
 *
 * Creates an image of @file (its URI, [method@Gio.File.get_uri]).
 *
 * Returns: (transfer full): a new `WaterfallImage`
 *
 * Since: 0.1
 */
WaterfallImage *
waterfall_image_new_for_file (GFile *file)
{
  g_autofree char *uri = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  uri = g_file_get_uri (file);
  return waterfall_image_new_for_uri (uri);
}

/**
 * waterfall_image_get_uri:
 * @self: a `WaterfallImage`
 *
 * Gets [property@Waterfall.Image:uri].
 *
 * Returns: the image's URI
 *
 * Since: 0.1
 */
const char *
waterfall_image_get_uri (WaterfallImage *self)
{
  g_return_val_if_fail (WATERFALL_IS_IMAGE (self), NULL);

  return self->uri;
}

/**
 * waterfall_image_get_size_hint:
 * @self: a `WaterfallImage`
 *
 * Gets [property@Waterfall.Image:size-hint].
 *
 * Returns: the largest size the image is decoded for, in pixels, or 0
 *
 * Since: 0.1
 */
int
waterfall_image_get_size_hint (WaterfallImage *self)
{
  g_return_val_if_fail (WATERFALL_IS_IMAGE (self), 0);

  return self->size_hint;
}

/**
 * waterfall_image_set_size_hint:
 * @self: a `WaterfallImage`
 * @size_hint: the largest size the image will be shown at, in device pixels; 0 for the size
 *   it is drawn at
 *
 * Sets [property@Waterfall.Image:size-hint]. A negative size counts as 0.
 *
 * Since: 0.1
 */
void
waterfall_image_set_size_hint (WaterfallImage *self,
                               int             size_hint)
{
  g_return_if_fail (WATERFALL_IS_IMAGE (self));

  size_hint = MAX (0, size_hint);
  if (self->size_hint == size_hint)
    return;

  self->size_hint = size_hint;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIZE_HINT]);
  if (self->face != NULL && waterfall_swift_image_started (self->face))
    {
      waterfall_swift_image_cancel (self->face);
      if (size_hint > 0)
        waterfall_swift_image_load (self->face, size_hint, size_hint);
      else
        wf_image_invalidate_contents (self);
    }
}

/**
 * waterfall_image_get_blurhash:
 * @self: a `WaterfallImage`
 *
 * Gets [property@Waterfall.Image:blurhash].
 *
 * Returns: (nullable): the BlurHash drawn until the image arrives
 *
 * Since: 0.1
 */
const char *
waterfall_image_get_blurhash (WaterfallImage *self)
{
  g_return_val_if_fail (WATERFALL_IS_IMAGE (self), NULL);

  return self->blurhash;
}

/**
 * waterfall_image_set_blurhash:
 * @self: a `WaterfallImage`
 * @blurhash: (nullable): a BlurHash of the image, or %NULL
 *
 * Sets [property@Waterfall.Image:blurhash].
 *
 * Since: 0.1
 */
void
waterfall_image_set_blurhash (WaterfallImage *self,
                              const char     *blurhash)
{
  g_return_if_fail (WATERFALL_IS_IMAGE (self));

  if (!set_string (&self->blurhash, blurhash))
    return;

  if (self->face != NULL)
    waterfall_swift_image_set_blurhash (self->face, blurhash);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BLURHASH]);
}

/**
 * waterfall_image_get_placeholder_color:
 * @self: a `WaterfallImage`
 *
 * Gets [property@Waterfall.Image:placeholder-color].
 *
 * Returns: (nullable) (transfer none): the colour drawn until the image arrives
 *
 * Since: 0.2
 */
const GdkRGBA *
waterfall_image_get_placeholder_color (WaterfallImage *self)
{
  g_return_val_if_fail (WATERFALL_IS_IMAGE (self), NULL);

  return self->placeholder_color;
}

/**
 * waterfall_image_set_placeholder_color:
 * @self: a `WaterfallImage`
 * @color: (nullable): the colour to draw until the image arrives, or %NULL for the plain
 *   placeholder
 *
 * Sets [property@Waterfall.Image:placeholder-color].
 *
 * Since: 0.2
 */
void
waterfall_image_set_placeholder_color (WaterfallImage *self,
                                       const GdkRGBA  *color)
{
  g_return_if_fail (WATERFALL_IS_IMAGE (self));

  if (self->placeholder_color == color
      || (self->placeholder_color != NULL && color != NULL && gdk_rgba_equal (self->placeholder_color, color)))
    return;

  g_clear_pointer (&self->placeholder_color, gdk_rgba_free);
  if (color != NULL)
    self->placeholder_color = gdk_rgba_copy (color);
  wf_image_invalidate_contents (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLACEHOLDER_COLOR]);
}

/**
 * waterfall_image_get_loading:
 * @self: a `WaterfallImage`
 *
 * Gets [property@Waterfall.Image:loading].
 *
 * Returns: whether the image is being downloaded or decoded
 *
 * Since: 0.1
 */
gboolean
waterfall_image_get_loading (WaterfallImage *self)
{
  g_return_val_if_fail (WATERFALL_IS_IMAGE (self), FALSE);

  return self->loading;
}

/**
 * waterfall_image_get_failed:
 * @self: a `WaterfallImage`
 *
 * Gets [property@Waterfall.Image:failed].
 *
 * Returns: whether the last load failed
 *
 * Since: 0.1
 */
gboolean
waterfall_image_get_failed (WaterfallImage *self)
{
  g_return_val_if_fail (WATERFALL_IS_IMAGE (self), FALSE);

  return self->failed;
}

/**
 * waterfall_image_get_error_message:
 * @self: a `WaterfallImage`
 *
 * Gets [property@Waterfall.Image:error-message].
 *
 * Returns: (nullable): why the last load failed, in plain words, or %NULL
 *
 * Since: 0.1
 */
const char *
waterfall_image_get_error_message (WaterfallImage *self)
{
  g_return_val_if_fail (WATERFALL_IS_IMAGE (self), NULL);

  return self->error_message;
}

/**
 * waterfall_image_load:
 * @self: a `WaterfallImage`
 *
 * Starts loading the image now, before it is drawn (at
 * [property@Waterfall.Image:size-hint], or at its own size when that is 0). Nothing happens
 * while it loads or once it has loaded; a failed or cancelled image loads again (a failure is
 * remembered for a while, and then fails again at once).
 *
 * Since: 0.1
 */
void
waterfall_image_load (WaterfallImage *self)
{
  g_return_if_fail (WATERFALL_IS_IMAGE (self));

  waterfall_swift_image_load (self->face, self->size_hint, self->size_hint);
}

/**
 * waterfall_image_cancel:
 * @self: a `WaterfallImage`
 *
 * Cancels the image's download and decode (unless another image of the same URI and size
 * waits for them) and draws the placeholder again. Drawing it or
 * [method@Waterfall.Image.load] starts it again.
 *
 * Since: 0.1
 */
void
waterfall_image_cancel (WaterfallImage *self)
{
  g_return_if_fail (WATERFALL_IS_IMAGE (self));

  waterfall_swift_image_cancel (self->face);
}

/* Announces the changes made while the image was drawn. */
static gboolean
announce_pending_changes (gpointer data)
{
  WaterfallImage *self = data;
  guint changes = self->pending_changes;

  self->pending_idle = 0;
  self->pending_changes = 0;
  if (self->notify_frozen)
    {
      self->notify_frozen = FALSE;
      g_object_thaw_notify (G_OBJECT (self));
    }
  if (changes & CHANGED_SIZE)
    gdk_paintable_invalidate_size (GDK_PAINTABLE (self));
  if (changes & CHANGED_CONTENTS)
    gdk_paintable_invalidate_contents (GDK_PAINTABLE (self));
  return G_SOURCE_REMOVE;
}

/* Invalidates `change` now, or from an idle when the image is being drawn (its property
 * notifications are then held back until the idle too). */
static void
invalidate (WaterfallImage *self,
            guint           change)
{
  if (!self->in_snapshot)
    {
      if (change & CHANGED_SIZE)
        gdk_paintable_invalidate_size (GDK_PAINTABLE (self));
      if (change & CHANGED_CONTENTS)
        gdk_paintable_invalidate_contents (GDK_PAINTABLE (self));
      return;
    }
  self->pending_changes |= change;
  if (self->pending_idle == 0)
    self->pending_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, announce_pending_changes, self, NULL);
}

/* Holds back property notifications made while the image is drawn until the idle that
 * announces its changes. */
static void
hold_notifications_while_drawn (WaterfallImage *self)
{
  if (!self->in_snapshot || self->notify_frozen)
    return;

  self->notify_frozen = TRUE;
  g_object_freeze_notify (G_OBJECT (self));
  invalidate (self, 0);
}

void
wf_image_sync_state (WaterfallImage *self,
                     gboolean        loading,
                     gboolean        failed,
                     const char     *error_message)
{
  GObject *object = G_OBJECT (self);

  hold_notifications_while_drawn (self);
  g_object_freeze_notify (object);
  loading = loading != FALSE;
  if (self->loading != loading)
    {
      self->loading = loading;
      g_object_notify_by_pspec (object, properties[PROP_LOADING]);
    }
  failed = failed != FALSE;
  if (self->failed != failed)
    {
      self->failed = failed;
      g_object_notify_by_pspec (object, properties[PROP_FAILED]);
      invalidate (self, CHANGED_CONTENTS);
    }
  if (set_string (&self->error_message, error_message))
    g_object_notify_by_pspec (object, properties[PROP_ERROR_MESSAGE]);
  g_object_thaw_notify (object);
}

void
wf_image_set_intrinsic_size (WaterfallImage *self,
                             int             width,
                             int             height)
{
  if (self->intrinsic_width == width && self->intrinsic_height == height)
    return;

  self->intrinsic_width = width;
  self->intrinsic_height = height;
  invalidate (self, CHANGED_SIZE);
}

void
wf_image_invalidate_contents (WaterfallImage *self)
{
  invalidate (self, CHANGED_CONTENTS);
}

gboolean
wf_image_is_shown (WaterfallImage *self)
{
  return self->failed || waterfall_swift_image_get_picture (self->face) != NULL;
}
