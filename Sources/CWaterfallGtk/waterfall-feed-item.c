#include "waterfall/waterfall-feed-item.h"
#include "wf_feed_model.h"

/**
 * WaterfallFeedItem:
 *
 * One item of a [class@Waterfall.FeedModel]: what the feed says of it, read-only.
 *
 * [property@Waterfall.FeedItem:aspect-ratio] is always usable for
 * [property@Waterfall.MasonryView:aspect-ratio-property]: the image's own width divided by its
 * height when the feed gives its size, else an estimate (the median of the sizes known so
 * far, its own page's included; 1 before there is any), as [class@Waterfall.FeedWall] lays
 * such items out. [property@Waterfall.FeedItem:width] and [property@Waterfall.FeedItem:height]
 * are then 0 — until the image's header is read (a `WaterfallImage` of
 * [property@Waterfall.FeedItem:image-uri] loading it reads it): then the item's three sizes
 * become the image's, each notified, and the model emits [signal@Gio.ListModel::items-changed]
 * with the same item at its position, so that a [class@Waterfall.MasonryView] lays it out
 * again without rebinding its cell or moving what the reader sees.
 *
 * In a long feed the model keeps only the items near those in use whole (see
 * [property@Waterfall.FeedModel:held-items]): while an item is compacted, its strings
 * ([property@Waterfall.FeedItem:id], [property@Waterfall.FeedItem:title],
 * [property@Waterfall.FeedItem:subtitle], [property@Waterfall.FeedItem:image-uri],
 * [property@Waterfall.FeedItem:blurhash], [property@Waterfall.FeedItem:link]) and its
 * [property@Waterfall.FeedItem:color] are %NULL and only its sizes stay. The model fetches it
 * again when it is asked for it (a cell bound to it, or an application holding it); its
 * properties notify when it is back. Keep a reference to an item you want to stay whole.
 *
 * Since: 0.1
 */
struct _WaterfallFeedItem
{
  GObject parent_instance;

  char *id;
  char *title;
  char *subtitle;
  char *image_uri;
  int width;
  int height;
  double aspect_ratio;
  char *blurhash;
  char *link;
  GdkRGBA *color;
  /* The feed item's deduplication key hash, to find it in its page fetched again. */
  gint64 key_hash;
  /* Whether its strings and colour were let go (wf_feed_item_compact). */
  gboolean compacted;
};

enum {
  PROP_0,
  PROP_ID,
  PROP_TITLE,
  PROP_SUBTITLE,
  PROP_IMAGE_URI,
  PROP_WIDTH,
  PROP_HEIGHT,
  PROP_ASPECT_RATIO,
  PROP_BLURHASH,
  PROP_LINK,
  PROP_COLOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (WaterfallFeedItem, waterfall_feed_item, G_TYPE_OBJECT)

static void
waterfall_feed_item_finalize (GObject *object)
{
  WaterfallFeedItem *self = WATERFALL_FEED_ITEM (object);

  g_free (self->id);
  g_free (self->title);
  g_free (self->subtitle);
  g_free (self->image_uri);
  g_free (self->blurhash);
  g_free (self->link);
  g_clear_pointer (&self->color, gdk_rgba_free);

  G_OBJECT_CLASS (waterfall_feed_item_parent_class)->finalize (object);
}

static void
waterfall_feed_item_get_property (GObject    *object,
                                  guint       property_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  WaterfallFeedItem *self = WATERFALL_FEED_ITEM (object);

  switch (property_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_SUBTITLE:
      g_value_set_string (value, self->subtitle);
      break;
    case PROP_IMAGE_URI:
      g_value_set_string (value, self->image_uri);
      break;
    case PROP_WIDTH:
      g_value_set_int (value, self->width);
      break;
    case PROP_HEIGHT:
      g_value_set_int (value, self->height);
      break;
    case PROP_ASPECT_RATIO:
      g_value_set_double (value, self->aspect_ratio);
      break;
    case PROP_BLURHASH:
      g_value_set_string (value, self->blurhash);
      break;
    case PROP_LINK:
      g_value_set_string (value, self->link);
      break;
    case PROP_COLOR:
      g_value_set_boxed (value, self->color);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
    }
}

static void
waterfall_feed_item_set_property (GObject      *object,
                                  guint         property_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  WaterfallFeedItem *self = WATERFALL_FEED_ITEM (object);

  switch (property_id)
    {
    case PROP_ID:
      self->id = g_value_dup_string (value);
      break;
    case PROP_TITLE:
      self->title = g_value_dup_string (value);
      break;
    case PROP_SUBTITLE:
      self->subtitle = g_value_dup_string (value);
      break;
    case PROP_IMAGE_URI:
      self->image_uri = g_value_dup_string (value);
      break;
    case PROP_WIDTH:
      self->width = g_value_get_int (value);
      break;
    case PROP_HEIGHT:
      self->height = g_value_get_int (value);
      break;
    case PROP_ASPECT_RATIO:
      self->aspect_ratio = g_value_get_double (value);
      break;
    case PROP_BLURHASH:
      self->blurhash = g_value_dup_string (value);
      break;
    case PROP_LINK:
      self->link = g_value_dup_string (value);
      break;
    case PROP_COLOR:
      self->color = g_value_dup_boxed (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
    }
}

static void
waterfall_feed_item_class_init (WaterfallFeedItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = waterfall_feed_item_finalize;
  object_class->get_property = waterfall_feed_item_get_property;
  object_class->set_property = waterfall_feed_item_set_property;

  /**
   * WaterfallFeedItem:id: (getter get_id)
   *
   * The item's identity in the feed, or %NULL (also while the item is compacted: see
 * [class@Waterfall.FeedItem]).
   *
   * Since: 0.1
   */
  properties[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  /**
   * WaterfallFeedItem:title: (getter get_title)
   *
   * The item's title (HTML entities decoded), or %NULL.
   *
   * Since: 0.1
   */
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  /**
   * WaterfallFeedItem:subtitle: (getter get_subtitle)
   *
   * The item's second line: the feed's `price` (the shop's price tag), or %NULL.
   *
   * Since: 0.1
   */
  properties[PROP_SUBTITLE] = g_param_spec_string ("subtitle", NULL, NULL, NULL, flags);
  /**
   * WaterfallFeedItem:image-uri: (getter get_image_uri)
   *
   * The absolute URI of the item's image; %NULL while the item is compacted (see
 * [class@Waterfall.FeedItem]): the model fetches it again when it is asked for the item, and
 * the property notifies when it is back.
   *
   * Since: 0.1
   */
  properties[PROP_IMAGE_URI] = g_param_spec_string ("image-uri", NULL, NULL, NULL, flags);
  /**
   * WaterfallFeedItem:width: (getter get_width)
   *
   * The image's width in pixels as the feed gives it, else as its header tells it once read
   * (notified then); 0 while unknown.
   *
   * Since: 0.1
   */
  properties[PROP_WIDTH] = g_param_spec_int ("width", NULL, NULL, 0, G_MAXINT, 0, flags);
  /**
   * WaterfallFeedItem:height: (getter get_height)
   *
   * The image's height in pixels as the feed gives it, else as its header tells it once read
   * (notified then); 0 while unknown.
   *
   * Since: 0.1
   */
  properties[PROP_HEIGHT] = g_param_spec_int ("height", NULL, NULL, 0, G_MAXINT, 0, flags);
  /**
   * WaterfallFeedItem:aspect-ratio: (getter get_aspect_ratio)
   *
   * The image's width divided by its height, between 0.001 and 1000: its own when the feed
   * gives its size, else an estimate until the image's header is read, then the image's own
   * (notified, and the model emits [signal@Gio.ListModel::items-changed] with the same item).
   * Made for [property@Waterfall.MasonryView:aspect-ratio-property].
   *
   * Since: 0.1
   */
  properties[PROP_ASPECT_RATIO] = g_param_spec_double ("aspect-ratio", NULL, NULL, 0.001, 1000, 1, flags);
  /**
   * WaterfallFeedItem:blurhash: (getter get_blurhash)
   *
   * A [BlurHash](https://blurha.sh) of the image, to show until it is loaded, or %NULL.
   *
   * Since: 0.1
   */
  properties[PROP_BLURHASH] = g_param_spec_string ("blurhash", NULL, NULL, NULL, flags);
  /**
   * WaterfallFeedItem:link: (getter get_link)
   *
   * The absolute URI of the web page the item stands for (the feed's `link`), or %NULL.
   *
   * Since: 0.1
   */
  properties[PROP_LINK] = g_param_spec_string ("link", NULL, NULL, NULL, flags);
  /**
   * WaterfallFeedItem:color: (getter get_color)
   *
   * The image's dominant colour as the feed gives it (its `color` field, `#RRGGBB`: Unsplash's
   * `color`, Pexels' `avg_color`), to fill its place until it is loaded, or %NULL when the
   * feed gives none or not in that form. Made for [property@Waterfall.Image:placeholder-color].
   *
   * Since: 0.2
   */
  properties[PROP_COLOR] = g_param_spec_boxed ("color", NULL, NULL, GDK_TYPE_RGBA, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
waterfall_feed_item_init (WaterfallFeedItem *self)
{
  self->aspect_ratio = 1;
}

/**
 * waterfall_feed_item_get_id:
 * @self: a `WaterfallFeedItem`
 *
 * Gets [property@Waterfall.FeedItem:id].
 *
 * Returns: (nullable): the item's identity in the feed
 *
 * Since: 0.1
 */
const char *
waterfall_feed_item_get_id (WaterfallFeedItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_ITEM (self), NULL);

  return self->id;
}

/**
 * waterfall_feed_item_get_title:
 * @self: a `WaterfallFeedItem`
 *
 * Gets [property@Waterfall.FeedItem:title].
 *
 * Returns: (nullable): the item's title
 *
 * Since: 0.1
 */
const char *
waterfall_feed_item_get_title (WaterfallFeedItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_ITEM (self), NULL);

  return self->title;
}

/**
 * waterfall_feed_item_get_subtitle:
 * @self: a `WaterfallFeedItem`
 *
 * Gets [property@Waterfall.FeedItem:subtitle].
 *
 * Returns: (nullable): the item's second line (its price in a shop)
 *
 * Since: 0.1
 */
const char *
waterfall_feed_item_get_subtitle (WaterfallFeedItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_ITEM (self), NULL);

  return self->subtitle;
}

/**
 * waterfall_feed_item_get_image_uri:
 * @self: a `WaterfallFeedItem`
 *
 * Gets [property@Waterfall.FeedItem:image-uri].
 *
 * Returns: (nullable): the URI of the item's image
 *
 * Since: 0.1
 */
const char *
waterfall_feed_item_get_image_uri (WaterfallFeedItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_ITEM (self), NULL);

  return self->image_uri;
}

/**
 * waterfall_feed_item_get_width:
 * @self: a `WaterfallFeedItem`
 *
 * Gets [property@Waterfall.FeedItem:width].
 *
 * Returns: the image's width in pixels, or 0 while unknown
 *
 * Since: 0.1
 */
int
waterfall_feed_item_get_width (WaterfallFeedItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_ITEM (self), 0);

  return self->width;
}

/**
 * waterfall_feed_item_get_height:
 * @self: a `WaterfallFeedItem`
 *
 * Gets [property@Waterfall.FeedItem:height].
 *
 * Returns: the image's height in pixels, or 0 while unknown
 *
 * Since: 0.1
 */
int
waterfall_feed_item_get_height (WaterfallFeedItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_ITEM (self), 0);

  return self->height;
}

/**
 * waterfall_feed_item_get_aspect_ratio:
 * @self: a `WaterfallFeedItem`
 *
 * Gets [property@Waterfall.FeedItem:aspect-ratio].
 *
 * Returns: the image's width divided by its height, or its estimate
 *
 * Since: 0.1
 */
double
waterfall_feed_item_get_aspect_ratio (WaterfallFeedItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_ITEM (self), 1);

  return self->aspect_ratio;
}

/**
 * waterfall_feed_item_get_blurhash:
 * @self: a `WaterfallFeedItem`
 *
 * Gets [property@Waterfall.FeedItem:blurhash].
 *
 * Returns: (nullable): the image's BlurHash
 *
 * Since: 0.1
 */
const char *
waterfall_feed_item_get_blurhash (WaterfallFeedItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_ITEM (self), NULL);

  return self->blurhash;
}

/**
 * waterfall_feed_item_get_link:
 * @self: a `WaterfallFeedItem`
 *
 * Gets [property@Waterfall.FeedItem:link].
 *
 * Returns: (nullable): the URI of the item's web page
 *
 * Since: 0.1
 */
const char *
waterfall_feed_item_get_link (WaterfallFeedItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_ITEM (self), NULL);

  return self->link;
}

/**
 * waterfall_feed_item_get_color:
 * @self: a `WaterfallFeedItem`
 *
 * Gets [property@Waterfall.FeedItem:color].
 *
 * Returns: (nullable) (transfer none): the image's dominant colour, opaque
 *
 * Since: 0.2
 */
const GdkRGBA *
waterfall_feed_item_get_color (WaterfallFeedItem *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_ITEM (self), NULL);

  return self->color;
}

void
wf_feed_item_set_size (WaterfallFeedItem *self,
                       int                width,
                       int                height,
                       double             aspect_ratio)
{
  GObject *object = G_OBJECT (self);

  g_return_if_fail (WATERFALL_IS_FEED_ITEM (self));

  g_object_freeze_notify (object);
  if (self->width != width)
    {
      self->width = width;
      g_object_notify_by_pspec (object, properties[PROP_WIDTH]);
    }
  if (self->height != height)
    {
      self->height = height;
      g_object_notify_by_pspec (object, properties[PROP_HEIGHT]);
    }
  if (self->aspect_ratio != aspect_ratio)
    {
      self->aspect_ratio = aspect_ratio;
      g_object_notify_by_pspec (object, properties[PROP_ASPECT_RATIO]);
    }
  g_object_thaw_notify (object);
}

WaterfallFeedItem *
wf_feed_item_new (gint64         key_hash,
                  const char    *id,
                  const char    *title,
                  const char    *subtitle,
                  const char    *image_uri,
                  int            width,
                  int            height,
                  double         aspect_ratio,
                  const char    *blurhash,
                  const char    *link,
                  const GdkRGBA *color)
{
  WaterfallFeedItem *self = g_object_new (WATERFALL_TYPE_FEED_ITEM,
                                          "id", id,
                                          "title", title,
                                          "subtitle", subtitle,
                                          "image-uri", image_uri,
                                          "width", width,
                                          "height", height,
                                          "aspect-ratio", aspect_ratio,
                                          "blurhash", blurhash,
                                          "link", link,
                                          "color", color,
                                          NULL);

  self->key_hash = key_hash;
  return self;
}

gint64
wf_feed_item_get_key_hash (WaterfallFeedItem *self)
{
  return self->key_hash;
}

gboolean
wf_feed_item_is_compacted (WaterfallFeedItem *self)
{
  return self->compacted;
}

/* Replaces the string in `field` with a copy of `value`, notifying `property` when it changed. */
static void
replace_string (WaterfallFeedItem *self,
                char             **field,
                const char        *value,
                guint              property)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[property]);
}

void
wf_feed_item_restore (WaterfallFeedItem *self,
                      const char        *id,
                      const char        *title,
                      const char        *subtitle,
                      const char        *image_uri,
                      const char        *blurhash,
                      const char        *link,
                      const GdkRGBA     *color)
{
  GObject *object = G_OBJECT (self);

  self->compacted = FALSE;
  g_object_freeze_notify (object);
  replace_string (self, &self->id, id, PROP_ID);
  replace_string (self, &self->title, title, PROP_TITLE);
  replace_string (self, &self->subtitle, subtitle, PROP_SUBTITLE);
  replace_string (self, &self->image_uri, image_uri, PROP_IMAGE_URI);
  replace_string (self, &self->blurhash, blurhash, PROP_BLURHASH);
  replace_string (self, &self->link, link, PROP_LINK);
  if (!(self->color == NULL ? color == NULL : color != NULL && gdk_rgba_equal (self->color, color)))
    {
      g_clear_pointer (&self->color, gdk_rgba_free);
      self->color = color != NULL ? gdk_rgba_copy (color) : NULL;
      g_object_notify_by_pspec (object, properties[PROP_COLOR]);
    }
  g_object_thaw_notify (object);
}

void
wf_feed_item_compact (WaterfallFeedItem *self)
{
  wf_feed_item_restore (self, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  self->compacted = TRUE;
}
