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
 * Its memory stays bounded in an endless feed: the model keeps every item object, but only
 * those near the items in use whole ([property@Waterfall.FeedModel:held-items]). A farther
 * item that nothing outside the model references is compacted: while compacted its strings
 * and colour are %NULL and only its sizes stay; the model fetches it again when it is asked
 * for it ([method@Gio.ListModel.get_item], a wall binding it) and still held once the main
 * loop is idle; its properties notify when it is back, and the model emits `items-changed`
 * with the same items. [class@Waterfall.FeedItemFactory]'s cells follow; a factory of your
 * own follows [property@Waterfall.FeedItem:image-uri]'s notifications.
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
  /* Whether the feed may have more pages (has-more is also FALSE at max-items). */
  gboolean feed_has_more;
  /* How many items load-more stops at (max-items). */
  guint max_items;
  char *error_message;
  /* Positions of items resized or restored since the last items-changed of the same items,
   * and the idle source that emits it (see wf_feed_model_resize_item). */
  GArray *changed;
  guint changed_idle;
  /* How many items are kept whole around those in use (held-items). */
  guint held_items;
  /* The number of items a refresh inserted at the top: never compacted. */
  guint n_pinned;
  /* Positions of compacted items asked for since the last tidy, and the idle source that
   * compacts the far items and asks for those still in use again (see tidy). */
  GArray *wanted;
  guint tidy_idle;
};

enum {
  PROP_0,
  PROP_URI,
  PROP_MAP,
  PROP_LOADING,
  PROP_HAS_MORE,
  PROP_ERROR_MESSAGE,
  PROP_HELD_ITEMS,
  PROP_MAX_ITEMS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void schedule_tidy (WaterfallFeedModel *self);
static void note_changed (WaterfallFeedModel *self, guint position);

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
  WaterfallFeedItem *item;

  if (position >= self->items->len)
    return NULL;

  item = g_ptr_array_index (self->items, position);
  if (wf_feed_item_is_compacted (item))
    {
      /* Fetched again if the caller still holds it once the main loop is idle. */
      g_array_append_val (self->wanted, position);
      schedule_tidy (self);
    }
  return g_object_ref (item);
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
    case PROP_HELD_ITEMS:
      g_value_set_uint (value, self->held_items);
      break;
    case PROP_MAX_ITEMS:
      g_value_set_uint (value, self->max_items);
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
    case PROP_HELD_ITEMS:
      waterfall_feed_model_set_held_items (self, g_value_get_uint (value));
      break;
    case PROP_MAX_ITEMS:
      waterfall_feed_model_set_max_items (self, g_value_get_uint (value));
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

  self->has_more = self->feed_has_more = FALSE;
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
  g_clear_handle_id (&self->changed_idle, g_source_remove);
  g_clear_handle_id (&self->tidy_idle, g_source_remove);
  g_array_set_size (self->changed, 0);
  g_array_set_size (self->wanted, 0);

  G_OBJECT_CLASS (waterfall_feed_model_parent_class)->dispose (object);
}

static void
waterfall_feed_model_finalize (GObject *object)
{
  WaterfallFeedModel *self = WATERFALL_FEED_MODEL (object);

  /* Dispose removed them, but its face's detach (or a holder calling get_item on the disposed
   * model) may have scheduled them again: an idle that ran after this would read freed memory. */
  g_clear_handle_id (&self->changed_idle, g_source_remove);
  g_clear_handle_id (&self->tidy_idle, g_source_remove);
  g_clear_pointer (&self->face, waterfall_swift_face_release);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->changed, g_array_unref);
  g_clear_pointer (&self->wanted, g_array_unref);
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
   * [error@Waterfall.FeedError] instead. %NULL for a model a Swift app made over a loader of
   * its own (`FeedListModel`).
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
   * Whether the feed may have more pages: %FALSE once its last page is loaded, once the model
   * holds [property@Waterfall.FeedModel:max-items] items (and when the model refused its URI
   * or map). A refresh can still bring new items.
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
  /**
   * WaterfallFeedModel:held-items: (getter get_held_items) (setter set_held_items)
   *
   * How many items the model keeps whole around those in use, at least 200 (2000 by
   * default), so that an endless feed takes bounded memory. The model keeps every item
   * object, but an item that nothing outside the model references (no bound cell, no
   * application reference) and that is farther than half this number of positions from
   * every position in use (from 0 when none is) is compacted: its strings and colour are let go
   * and read as %NULL, and only its sizes stay (about 120 bytes instead of about 400 for a
   * photo API's item). When the model is asked for a compacted item
   * ([method@Gio.ListModel.get_item]: a wall binding it) and the caller still holds it once
   * the main loop is idle, the model fetches its page
   * again, finds it (by its `id`, else its image) and gives it its strings back: its
   * properties notify and the model emits [signal@Gio.ListModel::items-changed] with the same
   * items at their positions. A page that fails to load again leaves its items compacted
   * until one is asked for again; an item the feed no longer has stays compacted. Items a
   * refresh inserted are never compacted.
   *
   * A filter or a sorter over the items' strings sees %NULL for compacted items: set
   * %G_MAXUINT to keep every item whole.
   *
   * Since: 0.3
   */
  properties[PROP_HELD_ITEMS] =
    g_param_spec_uint ("held-items", NULL, NULL, WF_FEED_MODEL_MIN_HELD_ITEMS, G_MAXUINT, 2000,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * WaterfallFeedModel:max-items: (getter get_max_items) (setter set_max_items)
   *
   * How many items the model loads at most (250000 by default, as
   * [class@Waterfall.FeedWall]): once it holds that many, [method@Waterfall.FeedModel.load_more]
   * does nothing and [property@Waterfall.FeedModel:has-more] is %FALSE, as at the feed's end,
   * so that an endless feed's items (a few hundred bytes each, even compacted: see
   * [property@Waterfall.FeedModel:held-items]) stay bounded. A refresh still inserts its new
   * items.
   *
   * Since: 0.3
   */
  properties[PROP_MAX_ITEMS] =
    g_param_spec_uint ("max-items", NULL, NULL, 1, G_MAXUINT, 250000,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
waterfall_feed_model_init (WaterfallFeedModel *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->changed = g_array_new (FALSE, FALSE, sizeof (guint));
  self->wanted = g_array_new (FALSE, FALSE, sizeof (guint));
  self->held_items = 2000;
  self->max_items = 250000;
  self->has_more = self->feed_has_more = TRUE;
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
 * Nothing happens once the feed has no more pages or the model holds
 * [property@Waterfall.FeedModel:max-items] items, and a call while a page loads joins it.
 * Connect it to [signal@Waterfall.MasonryView::load-more].
 *
 * Since: 0.1
 */
void
waterfall_feed_model_load_more (WaterfallFeedModel *self)
{
  g_return_if_fail (WATERFALL_IS_FEED_MODEL (self));

  if (self->face != NULL && self->items->len < self->max_items)
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

/**
 * waterfall_feed_model_get_held_items:
 * @self: a `WaterfallFeedModel`
 *
 * Gets [property@Waterfall.FeedModel:held-items].
 *
 * Returns: how many items the model keeps whole around those in use
 *
 * Since: 0.3
 */
guint
waterfall_feed_model_get_held_items (WaterfallFeedModel *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_MODEL (self), 0);

  return self->held_items;
}

/**
 * waterfall_feed_model_set_held_items:
 * @self: a `WaterfallFeedModel`
 * @held_items: how many items to keep whole around those in use, at least 200
 *
 * Sets [property@Waterfall.FeedModel:held-items]; a smaller number compacts the items now
 * beyond it once the main loop is idle.
 *
 * Since: 0.3
 */
void
waterfall_feed_model_set_held_items (WaterfallFeedModel *self,
                                     guint               held_items)
{
  g_return_if_fail (WATERFALL_IS_FEED_MODEL (self));
  g_return_if_fail (held_items >= WF_FEED_MODEL_MIN_HELD_ITEMS);

  if (self->held_items == held_items)
    return;
  self->held_items = held_items;
  schedule_tidy (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HELD_ITEMS]);
}

/* has-more: the feed's, unless the model holds max-items items. */
static void
update_has_more (WaterfallFeedModel *self)
{
  gboolean has_more = self->feed_has_more && self->items->len < self->max_items;

  if (self->has_more == has_more)
    return;
  self->has_more = has_more;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_MORE]);
}

/**
 * waterfall_feed_model_get_max_items:
 * @self: a `WaterfallFeedModel`
 *
 * Gets [property@Waterfall.FeedModel:max-items].
 *
 * Returns: how many items the model loads at most
 *
 * Since: 0.3
 */
guint
waterfall_feed_model_get_max_items (WaterfallFeedModel *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_MODEL (self), 0);

  return self->max_items;
}

/**
 * waterfall_feed_model_set_max_items:
 * @self: a `WaterfallFeedModel`
 * @max_items: how many items to load at most, at least 1
 *
 * Sets [property@Waterfall.FeedModel:max-items]; [property@Waterfall.FeedModel:has-more]
 * follows.
 *
 * Since: 0.3
 */
void
waterfall_feed_model_set_max_items (WaterfallFeedModel *self,
                                    guint               max_items)
{
  g_return_if_fail (WATERFALL_IS_FEED_MODEL (self));
  g_return_if_fail (max_items >= 1);

  if (self->max_items == max_items)
    return;
  self->max_items = max_items;
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_ITEMS]);
  update_has_more (self);
  g_object_thaw_notify (G_OBJECT (self));
}

/* Whether something outside the model references `item` (a bound cell, the application). */
static gboolean
in_use (WaterfallFeedItem *item)
{
  return g_atomic_int_get (&G_OBJECT (item)->ref_count) > 1;
}

guint
wf_feed_model_get_anchor (WaterfallFeedModel *self)
{
  for (guint i = 0; i < self->items->len; i++)
    {
      if (in_use (g_ptr_array_index (self->items, i)))
        return i;
    }
  return 0;
}

gboolean
wf_feed_model_is_compacted (WaterfallFeedModel *self,
                            guint               position)
{
  return position < self->items->len && wf_feed_item_is_compacted (g_ptr_array_index (self->items, position));
}

gboolean
wf_feed_model_wants_back (WaterfallFeedModel *self,
                          guint               position)
{
  return wf_feed_model_is_compacted (self, position) && in_use (g_ptr_array_index (self->items, position));
}

gint64
wf_feed_model_get_key_hash (WaterfallFeedModel *self,
                            guint               position)
{
  g_return_val_if_fail (position < self->items->len, 0);

  return wf_feed_item_get_key_hash (g_ptr_array_index (self->items, position));
}

void
wf_feed_model_compact_far_items (WaterfallFeedModel *self)
{
  guint n = self->items->len, radius = self->held_items / 2, next = 0;
  g_autoptr (GArray) used = g_array_new (FALSE, FALSE, sizeof (guint));

  /* The positions in use, ascending; none in use: as if position 0 were. */
  for (guint i = 0; i < n; i++)
    {
      if (in_use (g_ptr_array_index (self->items, i)))
        g_array_append_val (used, i);
    }
  if (used->len == 0)
    g_array_append_val (used, next);

  for (guint i = self->n_pinned; i < n; i++)
    {
      WaterfallFeedItem *item = g_ptr_array_index (self->items, i);
      gboolean near;

      /* `next` indexes the first position in use at or after i. */
      while (next < used->len && g_array_index (used, guint, next) < i)
        next++;
      near = (next < used->len && g_array_index (used, guint, next) - i <= radius) ||
             (next > 0 && i - g_array_index (used, guint, next - 1) <= radius);
      if (!near && !wf_feed_item_is_compacted (item) && !in_use (item))
        wf_feed_item_compact (item);
    }
}

/* Compacts the far items, then asks for the compacted items asked for (get_item) that are still
 * in use to be fetched again. */
static gboolean
tidy (gpointer user_data)
{
  WaterfallFeedModel *self = user_data;
  g_autoptr (GArray) wanted = g_steal_pointer (&self->wanted);
  g_autoptr (GArray) still = g_array_new (FALSE, FALSE, sizeof (guint));

  self->tidy_idle = 0;
  self->wanted = g_array_new (FALSE, FALSE, sizeof (guint));
  wf_feed_model_compact_far_items (self);
  for (guint i = 0; i < wanted->len; i++)
    {
      guint position = g_array_index (wanted, guint, i);

      if (wf_feed_model_wants_back (self, position))
        g_array_append_val (still, position);
    }
  if (still->len > 0 && self->face != NULL)
    waterfall_swift_feed_model_fetch_again (self->face, (const guint *) still->data, still->len);
  return G_SOURCE_REMOVE;
}

/* Tidies once the main loop is idle (after the changes of this turn). */
static void
schedule_tidy (WaterfallFeedModel *self)
{
  if (self->tidy_idle == 0)
    self->tidy_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, tidy, self, NULL);
}

void
wf_feed_model_restore_item (WaterfallFeedModel *self,
                            guint               position,
                            const char         *id,
                            const char         *title,
                            const char         *subtitle,
                            const char         *image_uri,
                            const char         *blurhash,
                            const char         *link,
                            const GdkRGBA      *color)
{
  g_return_if_fail (position < self->items->len);

  wf_feed_item_restore (g_ptr_array_index (self->items, position), id, title, subtitle, image_uri, blurhash,
                        link, color);
  note_changed (self, position);
}

static int
compare_positions (gconstpointer a,
                   gconstpointer b)
{
  guint first = *(const guint *) a, second = *(const guint *) b;

  return first < second ? -1 : first > second;
}

/* Emits the pending changes of the same items (corrections, restorations): one
 * items-changed (position, n, n) per run of adjacent positions. */
static void
emit_changed (WaterfallFeedModel *self)
{
  g_autoptr (GArray) positions = g_steal_pointer (&self->changed);
  guint i = 0;

  self->changed = g_array_new (FALSE, FALSE, sizeof (guint));
  g_clear_handle_id (&self->changed_idle, g_source_remove);
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
emit_changed_idle (gpointer user_data)
{
  WaterfallFeedModel *self = user_data;

  self->changed_idle = 0;
  emit_changed (self);
  return G_SOURCE_REMOVE;
}

/* The item at `position` changed, the same object: items-changed (position, 1, 1) once the main
 * loop is idle, with the other changes of this turn. */
static void
note_changed (WaterfallFeedModel *self,
              guint               position)
{
  g_array_append_val (self->changed, position);
  if (self->changed_idle == 0)
    self->changed_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, emit_changed_idle, self, NULL);
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
  note_changed (self, position);
}

void
wf_feed_model_insert (WaterfallFeedModel  *self,
                      guint                position,
                      WaterfallFeedItem  **items,
                      guint                n_items,
                      gboolean             at_top)
{
  guint old_len = self->items->len;

  g_return_if_fail (position <= old_len);

  if (n_items == 0)
    return;
  /* Changes still pending name positions as they were before this insertion; so do the
   * compacted items asked for. */
  if (self->changed->len > 0)
    emit_changed (self);
  if (position < old_len)
    g_array_set_size (self->wanted, 0);
  if (at_top)
    self->n_pinned += n_items;

  g_ptr_array_set_size (self->items, old_len + n_items);
  memmove (self->items->pdata + position + n_items, self->items->pdata + position,
           (old_len - position) * sizeof (gpointer));
  memcpy (self->items->pdata + position, items, n_items * sizeof (gpointer));
  g_list_model_items_changed (G_LIST_MODEL (self), position, 0, n_items);
  update_has_more (self);
  schedule_tidy (self);
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
  self->feed_has_more = has_more != FALSE;
  update_has_more (self);
  if (g_strcmp0 (self->error_message, error_message) != 0)
    {
      g_free (self->error_message);
      self->error_message = g_strdup (error_message);
      g_object_notify_by_pspec (object, properties[PROP_ERROR_MESSAGE]);
    }
  g_object_thaw_notify (object);
}
