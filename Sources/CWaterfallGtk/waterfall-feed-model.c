#include "wf_feed_model.h"
#include "wf_main_queue.h"

#include <string.h>

/**
 * WaterfallFeedModel:
 *
 * A feed of JSON or plist pages as a [iface@Gio.ListModel] of [class@Waterfall.FeedItem]: what
 * [class@Waterfall.FeedWall] shows, for an app that wants its own cells, a
 * [class@Gtk.MultiSelection], a [class@Gtk.FilterListModel] or a [class@Gtk.GridView].
 *
 * ```python
 * feed = Waterfall.FeedModel.new("https://example.com/page/{page}.json", None)
 * view = Waterfall.MasonryView(model=Gtk.MultiSelection(model=feed), factory=factory,
 *                              aspect_ratio_property="aspect-ratio")
 * view.connect("load-more", lambda _view: feed.load_more())
 * view.connect("refresh", lambda _view: feed.refresh())
 * ```
 *
 * The model loads its first page as soon as it is made, the next one on
 * [method@Waterfall.FeedModel.load_more] (a [class@Waterfall.MasonryView] asks through its
 * [signal@Waterfall.MasonryView::load-more] signal when the reader nears the end) and the
 * first page again on [method@Waterfall.FeedModel.refresh], whose new items are inserted at
 * position 0 in one [signal@Gio.ListModel::items-changed]: the wall keeps the reader's place.
 * A page's items are appended in one `items-changed` too. Items the feed repeats (the same
 * `id`, else the same image) are left out.
 *
 * The URI and the map are those of [class@Waterfall.FeedWall] (and of the demo's `--feed` and
 * `--map`): `{page}` in the URI is the 1-based page number, and a feed without it follows each
 * page's `next`. When a page fails, [property@Waterfall.FeedModel:error-message] says why in
 * plain words and every item loaded stays; the next [method@Waterfall.FeedModel.load_more]
 * asks for that page again.
 *
 * A [class@Waterfall.MasonryView] whose model shows a feed model (directly under its
 * selection model, or through filter, sort and other list models) follows its state with no
 * more code than the two handlers above: a spinner in the footer while a page loads, the
 * feed's [property@Waterfall.FeedModel:error-message] with Retry when one fails (the centred
 * status page when nothing loaded yet), the view's empty state for a feed without items, and
 * the pull-to-refresh header until a refresh ends.
 *
 * An item the feed gives no size is laid out at an estimate until its image's header is read
 * (a `WaterfallImage` of its [property@Waterfall.FeedItem:image-uri] loading it, through the
 * process's shared image pipeline): then its [property@Waterfall.FeedItem:width],
 * [property@Waterfall.FeedItem:height] and [property@Waterfall.FeedItem:aspect-ratio] become
 * the image's and the model emits `items-changed (position, 1, 1)` with the same item — the
 * corrections of one main-loop turn in one `items-changed` per run of adjacent positions.
 *
 * Since: 0.1
 */
struct _WaterfallFeedModel
{
  GObject parent_instance;

  /* The Swift logic (see wf_feed_model.h); NULL when the URI or map was refused. */
  gpointer face;
  char *uri;
  char *map;
  GPtrArray *items;
  gboolean loading;
  gboolean has_more;
  char *error_message;
  /* Positions of items resized since the last items-changed of corrections, and the idle
   * source that emits it (see wf_feed_model_resize_item). */
  GArray *resized;
  guint resized_idle;
};

enum {
  PROP_0,
  PROP_URI,
  PROP_MAP,
  PROP_LOADING,
  PROP_HAS_MORE,
  PROP_ERROR_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void waterfall_feed_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WaterfallFeedModel, waterfall_feed_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, waterfall_feed_model_list_model_init))

static GType
waterfall_feed_model_get_item_type (GListModel *list)
{
  return WATERFALL_TYPE_FEED_ITEM;
}

static guint
waterfall_feed_model_get_n_items (GListModel *list)
{
  return WATERFALL_FEED_MODEL (list)->items->len;
}

static gpointer
waterfall_feed_model_get_item (GListModel *list,
                               guint       position)
{
  WaterfallFeedModel *self = WATERFALL_FEED_MODEL (list);

  if (position >= self->items->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
waterfall_feed_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = waterfall_feed_model_get_item_type;
  iface->get_n_items = waterfall_feed_model_get_n_items;
  iface->get_item = waterfall_feed_model_get_item;
}

static void
waterfall_feed_model_get_property (GObject    *object,
                                   guint       property_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  WaterfallFeedModel *self = WATERFALL_FEED_MODEL (object);

  switch (property_id)
    {
    case PROP_URI:
      g_value_set_string (value, self->uri);
      break;
    case PROP_MAP:
      g_value_set_string (value, self->map);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;
    case PROP_HAS_MORE:
      g_value_set_boolean (value, self->has_more);
      break;
    case PROP_ERROR_MESSAGE:
      g_value_set_string (value, self->error_message);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
    }
}

static void
waterfall_feed_model_set_property (GObject      *object,
                                   guint         property_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  WaterfallFeedModel *self = WATERFALL_FEED_MODEL (object);

  switch (property_id)
    {
    case PROP_URI:
      g_free (self->uri);
      self->uri = g_value_dup_string (value);
      break;
    case PROP_MAP:
      g_free (self->map);
      self->map = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
    }
}

/* Set while waterfall_feed_model_new() constructs a model: where the refusal goes instead of
 * a warning and the error-message property. */
static GError **construct_error = NULL;

static void
waterfall_feed_model_constructed (GObject *object)
{
  WaterfallFeedModel *self = WATERFALL_FEED_MODEL (object);
  g_autoptr (GError) error = NULL;

  G_OBJECT_CLASS (waterfall_feed_model_parent_class)->constructed (object);

  self->face = waterfall_swift_feed_model_create (self, self->uri != NULL ? self->uri : "", self->map, &error);
  if (error == NULL)
    return;

  self->has_more = FALSE;
  if (construct_error != NULL)
    {
      g_propagate_error (construct_error, g_steal_pointer (&error));
      return;
    }
  g_warning ("WaterfallFeedModel: %s; the model stays empty", error->message);
  self->error_message = g_strdup (error->message);
}

static void
waterfall_feed_model_dispose (GObject *object)
{
  WaterfallFeedModel *self = WATERFALL_FEED_MODEL (object);

  if (self->face != NULL)
    waterfall_swift_face_dispose (self->face);
  g_clear_handle_id (&self->resized_idle, g_source_remove);
  g_array_set_size (self->resized, 0);

  G_OBJECT_CLASS (waterfall_feed_model_parent_class)->dispose (object);
}

static void
waterfall_feed_model_finalize (GObject *object)
{
  WaterfallFeedModel *self = WATERFALL_FEED_MODEL (object);

  g_clear_pointer (&self->face, waterfall_swift_face_release);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->resized, g_array_unref);
  g_free (self->uri);
  g_free (self->map);
  g_free (self->error_message);

  G_OBJECT_CLASS (waterfall_feed_model_parent_class)->finalize (object);
}

static void
waterfall_feed_model_class_init (WaterfallFeedModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags construct = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;
  GParamFlags readable = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  /* A C, Python or JavaScript program runs a plain GLib loop: let the model's Swift main-actor
   * work (loading) run from it (see wf_main_queue.h). */
  wf_main_queue_attach ();

  object_class->constructed = waterfall_feed_model_constructed;
  object_class->dispose = waterfall_feed_model_dispose;
  object_class->finalize = waterfall_feed_model_finalize;
  object_class->get_property = waterfall_feed_model_get_property;
  object_class->set_property = waterfall_feed_model_set_property;

  /**
   * WaterfallFeedModel:uri: (getter get_uri)
   *
   * The feed's URI, set at construction: an `http`, `https` or `file` URI whose `{page}` is
   * the 1-based page number; without `{page}` each page's `next` is followed. A URI that is
   * none of these leaves the model empty, with a warning and
   * [property@Waterfall.FeedModel:error-message]; [ctor@Waterfall.FeedModel.new] returns a
   * [error@Waterfall.FeedError] instead.
   *
   * Since: 0.1
   */
  properties[PROP_URI] = g_param_spec_string ("uri", NULL, NULL, NULL, construct);
  /**
   * WaterfallFeedModel:map: (getter get_map)
   *
   * Where the fields are in the feed's pages, set at construction: %NULL (the default) for
   * Waterfall's own format, a preset name (`unsplash`, `pexels`, `reddit`, `shopify`,
   * `pinterest`) or a mapping (`items=data.children,img=data.url,link=data.permalink`), as
   * [property@Waterfall.FeedWall:schema]. A map that is neither is refused as the URI is.
   *
   * Since: 0.1
   */
  properties[PROP_MAP] = g_param_spec_string ("map", NULL, NULL, NULL, construct);
  /**
   * WaterfallFeedModel:loading: (getter get_loading)
   *
   * Whether a page or a refresh is loading: %TRUE from the call of
   * [method@Waterfall.FeedModel.load_more] or [method@Waterfall.FeedModel.refresh] that
   * starts one (and from construction, for the first page) until it has ended, its items
   * inserted and [property@Waterfall.FeedModel:error-message] set; while it is %TRUE,
   * [property@Waterfall.FeedModel:error-message] is %NULL.
   *
   * Since: 0.1
   */
  properties[PROP_LOADING] = g_param_spec_boolean ("loading", NULL, NULL, FALSE, readable);
  /**
   * WaterfallFeedModel:has-more: (getter get_has_more)
   *
   * Whether the feed may have more pages: %FALSE once its last page is loaded (and when the
   * model refused its URI or map). A refresh can still bring new items.
   *
   * Since: 0.1
   */
  properties[PROP_HAS_MORE] = g_param_spec_boolean ("has-more", NULL, NULL, TRUE, readable);
  /**
   * WaterfallFeedModel:error-message: (getter get_error_message)
   *
   * Why the last page or refresh failed, in plain words ("127.0.0.1 took too long to
   * answer. Try again later."), as [class@Waterfall.FeedWall] says it, or %NULL when it did
   * not fail. The items already loaded stay; the technical details go to the log.
   *
   * Since: 0.1
   */
  properties[PROP_ERROR_MESSAGE] = g_param_spec_string ("error-message", NULL, NULL, NULL, readable);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
waterfall_feed_model_init (WaterfallFeedModel *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->resized = g_array_new (FALSE, FALSE, sizeof (guint));
  self->has_more = TRUE;
}

/**
 * waterfall_feed_model_new:
 * @uri: the feed's URI: `{page}` is the 1-based page number
 * @map: (nullable): where the fields are in the pages: a preset name, a mapping, or %NULL
 *   for Waterfall's own format
 * @error: where a refused URI or map is reported
 *
 * Creates a model of the feed at @uri and starts loading its first page. See
 * [property@Waterfall.FeedModel:map] for @map.
 *
 * Returns: (transfer full) (nullable): a new `WaterfallFeedModel`, or %NULL with @error set
 *   ([error@Waterfall.FeedError]) when @uri or @map is refused
 *
 * Since: 0.1
 */
WaterfallFeedModel *
waterfall_feed_model_new (const char  *uri,
                          const char  *map,
                          GError     **error)
{
  WaterfallFeedModel *model;
  GError *local = NULL;
  GError **outer = construct_error;

  g_return_val_if_fail (uri != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  construct_error = &local;
  model = g_object_new (WATERFALL_TYPE_FEED_MODEL, "uri", uri, "map", map, NULL);
  construct_error = outer;
  if (local != NULL)
    {
      g_object_unref (model);
      g_propagate_error (error, local);
      return NULL;
    }
  return model;
}

/**
 * waterfall_feed_model_get_uri:
 * @self: a `WaterfallFeedModel`
 *
 * Gets [property@Waterfall.FeedModel:uri].
 *
 * Returns: (nullable): the feed's URI
 *
 * Since: 0.1
 */
const char *
waterfall_feed_model_get_uri (WaterfallFeedModel *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_MODEL (self), NULL);

  return self->uri;
}

/**
 * waterfall_feed_model_get_map:
 * @self: a `WaterfallFeedModel`
 *
 * Gets [property@Waterfall.FeedModel:map].
 *
 * Returns: (nullable): the map the model was made with
 *
 * Since: 0.1
 */
const char *
waterfall_feed_model_get_map (WaterfallFeedModel *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_MODEL (self), NULL);

  return self->map;
}

/**
 * waterfall_feed_model_get_loading:
 * @self: a `WaterfallFeedModel`
 *
 * Gets [property@Waterfall.FeedModel:loading].
 *
 * Returns: whether a page or a refresh is loading
 *
 * Since: 0.1
 */
gboolean
waterfall_feed_model_get_loading (WaterfallFeedModel *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_MODEL (self), FALSE);

  return self->loading;
}

/**
 * waterfall_feed_model_get_has_more:
 * @self: a `WaterfallFeedModel`
 *
 * Gets [property@Waterfall.FeedModel:has-more].
 *
 * Returns: whether the feed may have more pages
 *
 * Since: 0.1
 */
gboolean
waterfall_feed_model_get_has_more (WaterfallFeedModel *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_MODEL (self), FALSE);

  return self->has_more;
}

/**
 * waterfall_feed_model_get_error_message:
 * @self: a `WaterfallFeedModel`
 *
 * Gets [property@Waterfall.FeedModel:error-message].
 *
 * Returns: (nullable): why the last page or refresh failed, in plain words, or %NULL
 *
 * Since: 0.1
 */
const char *
waterfall_feed_model_get_error_message (WaterfallFeedModel *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_MODEL (self), NULL);

  return self->error_message;
}

/**
 * waterfall_feed_model_load_more:
 * @self: a `WaterfallFeedModel`
 *
 * Loads the next page and appends its items; after a failed page, loads that page again.
 * Nothing happens once the feed has no more pages, and a call while a page loads joins it.
 * Connect it to [signal@Waterfall.MasonryView::load-more].
 *
 * Since: 0.1
 */
void
waterfall_feed_model_load_more (WaterfallFeedModel *self)
{
  g_return_if_fail (WATERFALL_IS_FEED_MODEL (self));

  if (self->face != NULL)
    waterfall_swift_feed_model_load_more (self->face);
}

/**
 * waterfall_feed_model_refresh:
 * @self: a `WaterfallFeedModel`
 *
 * Loads the first page again and inserts its new items at position 0, in one
 * [signal@Gio.ListModel::items-changed]. Connect it to [signal@Waterfall.MasonryView::refresh].
 *
 * Since: 0.1
 */
void
waterfall_feed_model_refresh (WaterfallFeedModel *self)
{
  g_return_if_fail (WATERFALL_IS_FEED_MODEL (self));

  if (self->face != NULL)
    waterfall_swift_feed_model_refresh (self->face);
}

WaterfallFeedItem *
wf_feed_item_new (const char    *id,
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
  return g_object_new (WATERFALL_TYPE_FEED_ITEM,
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
}

static int
compare_positions (gconstpointer a,
                   gconstpointer b)
{
  guint first = *(const guint *) a, second = *(const guint *) b;

  return first < second ? -1 : first > second;
}

/* Emits the pending corrections: one items-changed (position, n, n) per run of adjacent
 * positions, the items the same. */
static void
emit_resized (WaterfallFeedModel *self)
{
  g_autoptr (GArray) positions = g_steal_pointer (&self->resized);
  guint i = 0;

  self->resized = g_array_new (FALSE, FALSE, sizeof (guint));
  g_clear_handle_id (&self->resized_idle, g_source_remove);
  g_array_sort (positions, compare_positions);
  while (i < positions->len)
    {
      guint start = g_array_index (positions, guint, i), end = start + 1;

      for (i++; i < positions->len && g_array_index (positions, guint, i) <= end; i++)
        end = g_array_index (positions, guint, i) + 1;
      g_list_model_items_changed (G_LIST_MODEL (self), start, end - start, end - start);
    }
}

static gboolean
emit_resized_idle (gpointer user_data)
{
  WaterfallFeedModel *self = user_data;

  self->resized_idle = 0;
  emit_resized (self);
  return G_SOURCE_REMOVE;
}

void
wf_feed_model_resize_item (WaterfallFeedModel *self,
                           guint               position,
                           int                 width,
                           int                 height,
                           double              aspect_ratio)
{
  g_return_if_fail (position < self->items->len);

  wf_feed_item_set_size (g_ptr_array_index (self->items, position), width, height, aspect_ratio);
  g_array_append_val (self->resized, position);
  if (self->resized_idle == 0)
    self->resized_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, emit_resized_idle, self, NULL);
}

void
wf_feed_model_insert (WaterfallFeedModel  *self,
                      guint                position,
                      WaterfallFeedItem  **items,
                      guint                n_items)
{
  guint old_len = self->items->len;

  g_return_if_fail (position <= old_len);

  if (n_items == 0)
    return;
  /* Corrections still pending name positions as they were before this insertion. */
  if (self->resized->len > 0)
    emit_resized (self);

  g_ptr_array_set_size (self->items, old_len + n_items);
  memmove (self->items->pdata + position + n_items, self->items->pdata + position,
           (old_len - position) * sizeof (gpointer));
  memcpy (self->items->pdata + position, items, n_items * sizeof (gpointer));
  g_list_model_items_changed (G_LIST_MODEL (self), position, 0, n_items);
}

GListModel *
wf_list_model_get_wrapped (GObject *object)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (object), "model");
  GListModel *wrapped = NULL;

  if (pspec == NULL || (pspec->flags & G_PARAM_READABLE) == 0 || !g_type_is_a (pspec->value_type, G_TYPE_LIST_MODEL))
    return NULL;
  g_object_get (object, "model", &wrapped, NULL);
  /* The wrapper keeps its model: hand back a borrowed pointer. */
  if (wrapped != NULL)
    g_object_unref (wrapped);
  return wrapped;
}

void
wf_feed_model_sync_state (WaterfallFeedModel *self,
                          gboolean            loading,
                          gboolean            has_more,
                          const char         *error_message)
{
  GObject *object = G_OBJECT (self);

  g_object_freeze_notify (object);
  loading = loading != FALSE;
  if (self->loading != loading)
    {
      self->loading = loading;
      g_object_notify_by_pspec (object, properties[PROP_LOADING]);
    }
  has_more = has_more != FALSE;
  if (self->has_more != has_more)
    {
      self->has_more = has_more;
      g_object_notify_by_pspec (object, properties[PROP_HAS_MORE]);
    }
  if (g_strcmp0 (self->error_message, error_message) != 0)
    {
      g_free (self->error_message);
      self->error_message = g_strdup (error_message);
      g_object_notify_by_pspec (object, properties[PROP_ERROR_MESSAGE]);
    }
  g_object_thaw_notify (object);
}
