#include "wf_feed_wall.h"
#include "wf_main_queue.h"

/**
 * WaterfallFeedWall:
 *
 * A complete wall over a feed of JSON or plist pages, as one widget: what a C, Python,
 * JavaScript or Vala app needs to show a feed. It loads the pages (the next one when the reader
 * nears the end), downloads, decodes and caches the images (each cell shows a placeholder of
 * the item's aspect ratio and colour until its image is ready), refreshes on pull-to-refresh,
 * F5, Ctrl+R or [method@Waterfall.FeedWall.refresh], and says what went wrong in plain words
 * ([property@Waterfall.FeedWall:error-message], and on the wall itself with Retry).
 *
 * ```python
 * wall = Waterfall.FeedWall.new("https://example.com/page/{page}.json", None)
 * wall.connect("item-activated", lambda wall, position, id, title, uri: print(title))
 * window.set_child(wall)
 * ```
 *
 * The URL is a template whose `{page}` is the 1-based page number; `http`, `https` and `file`
 * URLs are accepted (a `file` feed may name only images under its own folder). A feed without
 * `{page}` follows each page's `next` field. The schema says where the fields are in the
 * pages: %NULL for Waterfall's own format (`{"items": [{"img", "w", "h", "id", "title",
 * "price"}], "next"}`), a preset name (`unsplash`, `pexels`, `reddit`, `shopify`,
 * `pinterest`), or a mapping such as `items=data.children,img=data.url,w=data.width` (a preset
 * may come first: `reddit,title=data.author`).
 *
 * The wall's columns, spacing and empty state are the properties of its
 * [property@Waterfall.FeedWall:view]. The wall is a scrolling widget: put it straight into a
 * window or a box, not into a [class@Gtk.ScrolledWindow].
 *
 * The wall is made of the parts an app can use on their own (docs/LIST-MODELS.md, "Images and
 * feeds"): a [class@Waterfall.FeedModel] of the feed, a [class@Gtk.SingleSelection] of it as the
 * [property@Waterfall.FeedWall:view]'s model, the default [class@Waterfall.FeedItemFactory] (each
 * cell a [class@Gtk.Picture] of a [class@Waterfall.Image] under its price) and the items'
 * `aspect-ratio` as the view's [property@Waterfall.MasonryView:aspect-ratio-property]. The view
 * shows a page loading, a failed page with Retry and a failed first page as a feed model's view
 * does; the wall adds the banner with Retry for a failed refresh. Its images load through the
 * pipeline every [class@Waterfall.Image] of the process shares: one memory cache, one disk
 * cache and one set of decoder processes, however many walls and images an app shows.
 */
struct _WaterfallFeedWall
{
  GtkWidget parent_instance;

  /* The Swift logic (see wf_feed_wall.h); NULL when the URL or schema was refused. */
  gpointer face;
  char *url;
  char *schema;
  guint n_items;
  gboolean loading;
  char *error_message;
};

enum
{
  PROP_0,
  PROP_URL,
  PROP_SCHEMA,
  PROP_VIEW,
  PROP_N_ITEMS,
  PROP_LOADING,
  PROP_ERROR_MESSAGE,
  N_PROPS,
};

enum
{
  SIGNAL_ITEM_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WaterfallFeedWall, waterfall_feed_wall, GTK_TYPE_WIDGET)

/**
 * waterfall_feed_error_quark:
 *
 * The error domain of the refusals of [ctor@Waterfall.FeedWall.new].
 *
 * Returns: the quark of %WATERFALL_FEED_ERROR
 */
/* The quark's first argument is its string, in GLib's way of naming error domains. */
/* clang-format off */
G_DEFINE_QUARK (waterfall-feed-error-quark, waterfall_feed_error)
/* clang-format on */

static void
waterfall_feed_wall_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  WaterfallFeedWall *self = WATERFALL_FEED_WALL (object);
  switch (prop_id)
    {
    case PROP_URL:
      g_value_set_string (value, self->url);
      break;
    case PROP_SCHEMA:
      g_value_set_string (value, self->schema);
      break;
    case PROP_VIEW:
      g_value_set_object (value, waterfall_feed_wall_get_view (self));
      break;
    case PROP_N_ITEMS:
      g_value_set_uint (value, self->n_items);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
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
waterfall_feed_wall_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  WaterfallFeedWall *self = WATERFALL_FEED_WALL (object);
  switch (prop_id)
    {
    case PROP_URL:
      g_free (self->url);
      self->url = g_value_dup_string (value);
      break;
    case PROP_SCHEMA:
      g_free (self->schema);
      self->schema = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
    }
}

/* Set while waterfall_feed_wall_new() constructs a wall: where the refusal goes instead of a
 * warning and the error-message property. */
static GError **construct_error = NULL;

static void
waterfall_feed_wall_constructed (GObject *object)
{
  WaterfallFeedWall *self = WATERFALL_FEED_WALL (object);
  G_OBJECT_CLASS (waterfall_feed_wall_parent_class)->constructed (object);
  GError *error = NULL;
  WaterfallFeedModel *model = waterfall_feed_model_new (self->url != NULL ? self->url : "", self->schema, &error);
  if (model != NULL)
    {
      self->face = waterfall_swift_feed_wall_create (self, model);
      g_object_unref (model);
      return;
    }
  if (construct_error != NULL)
    {
      g_propagate_error (construct_error, error);
      return;
    }
  g_warning ("WaterfallFeedWall: %s; the wall stays empty", error->message);
  self->error_message = g_strdup (error->message);
  g_error_free (error);
}

static void
waterfall_feed_wall_dispose (GObject *object)
{
  WaterfallFeedWall *self = WATERFALL_FEED_WALL (object);
  if (self->face != NULL)
    {
      waterfall_swift_face_dispose (self->face);
    }
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    {
      gtk_widget_unparent (child);
    }
  G_OBJECT_CLASS (waterfall_feed_wall_parent_class)->dispose (object);
}

static void
waterfall_feed_wall_finalize (GObject *object)
{
  WaterfallFeedWall *self = WATERFALL_FEED_WALL (object);
  gpointer face = self->face;
  self->face = NULL;
  if (face != NULL)
    {
      waterfall_swift_face_release (face);
    }
  g_free (self->url);
  g_free (self->schema);
  g_free (self->error_message);
  G_OBJECT_CLASS (waterfall_feed_wall_parent_class)->finalize (object);
}

static void
waterfall_feed_wall_class_init (WaterfallFeedWallClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /* A C, Python or JavaScript program runs a plain GLib loop: let the wall's Swift main-actor
   * work (loading, decoding) run from it (see wf_main_queue.h). */
  wf_main_queue_attach ();

  object_class->constructed = waterfall_feed_wall_constructed;
  object_class->dispose = waterfall_feed_wall_dispose;
  object_class->finalize = waterfall_feed_wall_finalize;
  object_class->get_property = waterfall_feed_wall_get_property;
  object_class->set_property = waterfall_feed_wall_set_property;

  GParamFlags construct = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;
  GParamFlags readable = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  /**
   * WaterfallFeedWall:url: (getter get_url)
   *
   * The feed's URL template (`{page}` is the 1-based page number), set at construction. A URL
   * that is not `http`, `https` or `file` leaves the wall empty, with a warning and
   * [property@Waterfall.FeedWall:error-message]; [ctor@Waterfall.FeedWall.new] returns a
   * [error@Waterfall.FeedError] instead.
   */
  properties[PROP_URL] = g_param_spec_string ("url", NULL, NULL, NULL, construct);
  /**
   * WaterfallFeedWall:schema: (getter get_schema)
   *
   * Where the fields are in the feed's pages, set at construction: %NULL (the default) for
   * Waterfall's own format, a preset name (`unsplash`, `pexels`, `reddit`, `shopify`,
   * `pinterest`) or a mapping (`items=data.children,img=data.url`). A schema that is neither
   * is refused as the URL is.
   */
  properties[PROP_SCHEMA] = g_param_spec_string ("schema", NULL, NULL, NULL, construct);
  /**
   * WaterfallFeedWall:view: (getter get_view)
   *
   * The [class@Waterfall.MasonryView] showing the items: set its columns, spacing and empty
   * state there. %NULL when the wall refused its URL or schema.
   */
  properties[PROP_VIEW] = g_param_spec_object ("view", NULL, NULL, WATERFALL_TYPE_MASONRY_VIEW,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * WaterfallFeedWall:n-items: (getter get_n_items)
   *
   * The number of items loaded so far.
   */
  properties[PROP_N_ITEMS] = g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0, readable);
  /**
   * WaterfallFeedWall:loading: (getter get_loading)
   *
   * Whether a page or a refresh is loading.
   */
  properties[PROP_LOADING] = g_param_spec_boolean ("loading", NULL, NULL, FALSE, readable);
  /**
   * WaterfallFeedWall:error-message: (getter get_error_message)
   *
   * Why the last page or refresh failed, in plain words ("The server did not answer in time"),
   * or %NULL when it did not fail. The wall shows it too, with Retry; the technical details go
   * to the log. Items already loaded stay on the wall.
   */
  properties[PROP_ERROR_MESSAGE] = g_param_spec_string ("error-message", NULL, NULL, NULL, readable);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * WaterfallFeedWall::item-activated:
   * @self: the wall
   * @position: the item's position on the wall
   * @id: (nullable): the item's `id` in the feed
   * @title: (nullable): the item's title
   * @image_uri: the URI of the item's image
   *
   * Emitted when the reader activates an item: Enter, a double-click (a click with the view's
   * [property@Waterfall.MasonryView:single-click-activate]) or the view's `list.activate-item`
   * action; a click selects it.
   */
  signals[SIGNAL_ITEM_ACTIVATED] =
      g_signal_new ("item-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                    4, G_TYPE_UINT, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "waterfall-feed-wall");
}

static void
waterfall_feed_wall_init (WaterfallFeedWall *self)
{
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
}

/**
 * waterfall_feed_wall_new:
 * @url: the feed's URL template: `{page}` is the 1-based page number
 * @schema: (nullable): where the fields are in the pages: a preset name, a mapping, or %NULL
 *   for Waterfall's own format
 * @error: where a refused URL or schema is reported
 *
 * Creates a wall over the feed at @url and starts loading its first page. See
 * [property@Waterfall.FeedWall:schema] for @schema.
 *
 * Returns: (transfer floating) (nullable): a new `WaterfallFeedWall`, or %NULL with @error set
 *   ([error@Waterfall.FeedError]) when @url or @schema is refused
 */
GtkWidget *
waterfall_feed_wall_new (const char *url, const char *schema, GError **error)
{
  g_return_val_if_fail (url != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  GError *local = NULL;
  GError **outer = construct_error;
  construct_error = &local;
  GtkWidget *wall = g_object_new (WATERFALL_TYPE_FEED_WALL, "url", url, "schema", schema, NULL);
  construct_error = outer;
  if (local != NULL)
    {
      g_object_ref_sink (wall);
      g_object_unref (wall);
      g_propagate_error (error, local);
      return NULL;
    }
  return wall;
}

/**
 * waterfall_feed_wall_get_url:
 * @self: a `WaterfallFeedWall`
 *
 * Gets [property@Waterfall.FeedWall:url].
 *
 * Returns: (nullable): the feed's URL template
 */
const char *
waterfall_feed_wall_get_url (WaterfallFeedWall *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_WALL (self), NULL);
  return self->url;
}

/**
 * waterfall_feed_wall_get_schema:
 * @self: a `WaterfallFeedWall`
 *
 * Gets [property@Waterfall.FeedWall:schema].
 *
 * Returns: (nullable): the schema the wall was made with
 */
const char *
waterfall_feed_wall_get_schema (WaterfallFeedWall *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_WALL (self), NULL);
  return self->schema;
}

/**
 * waterfall_feed_wall_get_view:
 * @self: a `WaterfallFeedWall`
 *
 * Gets [property@Waterfall.FeedWall:view].
 *
 * Returns: (transfer none) (nullable): the masonry view showing the items
 */
WaterfallMasonryView *
waterfall_feed_wall_get_view (WaterfallFeedWall *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_WALL (self), NULL);
  return self->face != NULL ? waterfall_swift_feed_wall_view (self->face) : NULL;
}

/**
 * waterfall_feed_wall_get_n_items:
 * @self: a `WaterfallFeedWall`
 *
 * Gets [property@Waterfall.FeedWall:n-items].
 *
 * Returns: the number of items loaded
 */
guint
waterfall_feed_wall_get_n_items (WaterfallFeedWall *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_WALL (self), 0);
  return self->n_items;
}

/**
 * waterfall_feed_wall_get_loading:
 * @self: a `WaterfallFeedWall`
 *
 * Gets [property@Waterfall.FeedWall:loading].
 *
 * Returns: whether a page or a refresh is loading
 */
gboolean
waterfall_feed_wall_get_loading (WaterfallFeedWall *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_WALL (self), FALSE);
  return self->loading;
}

/**
 * waterfall_feed_wall_get_error_message:
 * @self: a `WaterfallFeedWall`
 *
 * Gets [property@Waterfall.FeedWall:error-message].
 *
 * Returns: (nullable): why the last operation failed, in plain words, or %NULL
 */
const char *
waterfall_feed_wall_get_error_message (WaterfallFeedWall *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_WALL (self), NULL);
  return self->error_message;
}

/**
 * waterfall_feed_wall_get_images_ready:
 * @self: a `WaterfallFeedWall`
 *
 * Whether every visible cell shows its image (or its error placeholder), at least one cell is
 * visible and nothing is moving; also %TRUE while the wall shows its empty or failed state.
 * This is the moment to take a screenshot. It is not a property (nothing notifies it): ask
 * it from a tick callback or a timeout.
 *
 * Returns: whether the visible images are ready
 */
gboolean
waterfall_feed_wall_get_images_ready (WaterfallFeedWall *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_WALL (self), FALSE);
  return self->face != NULL && waterfall_swift_feed_wall_images_ready (self->face);
}

/**
 * waterfall_feed_wall_refresh:
 * @self: a `WaterfallFeedWall`
 *
 * Loads the first page again and puts its new items at the top, keeping the reader's place,
 * as pull-to-refresh, F5 and Ctrl+R do.
 */
void
waterfall_feed_wall_refresh (WaterfallFeedWall *self)
{
  g_return_if_fail (WATERFALL_IS_FEED_WALL (self));
  if (self->face != NULL)
    {
      waterfall_swift_feed_wall_refresh (self->face);
    }
}

/**
 * waterfall_feed_wall_retry:
 * @self: a `WaterfallFeedWall`
 *
 * Runs the failed page or refresh again, as the wall's Retry button does; nothing when nothing
 * failed.
 */
void
waterfall_feed_wall_retry (WaterfallFeedWall *self)
{
  g_return_if_fail (WATERFALL_IS_FEED_WALL (self));
  if (self->face != NULL)
    {
      waterfall_swift_feed_wall_retry (self->face);
    }
}

void
wf_feed_wall_sync_state (WaterfallFeedWall *self, guint n_items, gboolean loading, const char *error_message)
{
  GObject *object = G_OBJECT (self);
  g_object_freeze_notify (object);
  if (self->n_items != n_items)
    {
      self->n_items = n_items;
      g_object_notify_by_pspec (object, properties[PROP_N_ITEMS]);
    }
  loading = loading != FALSE;
  if (self->loading != loading)
    {
      self->loading = loading;
      g_object_notify_by_pspec (object, properties[PROP_LOADING]);
    }
  if (g_strcmp0 (self->error_message, error_message) != 0)
    {
      g_free (self->error_message);
      self->error_message = g_strdup (error_message);
      g_object_notify_by_pspec (object, properties[PROP_ERROR_MESSAGE]);
    }
  g_object_thaw_notify (object);
}

void
wf_feed_wall_emit_item_activated (WaterfallFeedWall *self, guint position, const char *id, const char *title, const char *image_uri)
{
  g_signal_emit (self, signals[SIGNAL_ITEM_ACTIVATED], 0, position, id, title, image_uri);
}
