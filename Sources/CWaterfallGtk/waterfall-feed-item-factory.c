#include "waterfall/waterfall-feed-item-factory.h"
#include "waterfall/waterfall-feed-item.h"
#include "waterfall/waterfall-image.h"
#include "wf_cell.h"

/**
 * WaterfallFeedItemFactory:
 *
 * A [class@Waterfall.ItemFactory] that shows the [class@Waterfall.FeedItem]s of a
 * [class@Waterfall.FeedModel] as [class@Waterfall.FeedWall] shows its items: the item's image,
 * scaled to cover the cell, with a caption strip across its bottom. With it, a wall over a feed
 * needs no factory of its own:
 *
 * ```python
 * feed = Waterfall.FeedModel.new(url, None)
 * view = Waterfall.MasonryView(model=Gtk.MultiSelection(model=feed),
 *                              factory=Waterfall.FeedItemFactory(),
 *                              aspect_ratio_property="aspect-ratio")
 * view.connect("load-more", lambda _view: feed.load_more())
 * view.connect("refresh", lambda _view: feed.refresh())
 * ```
 *
 * Each cell is a [class@Gtk.Picture] of a [class@Waterfall.Image] of the item's
 * [property@Waterfall.FeedItem:image-uri], decoded at the size it is drawn and showing the
 * item's [property@Waterfall.FeedItem:blurhash] until its pixels arrive, under a
 * [class@Gtk.Inscription] of the CSS class `waterfall-caption` (the wall's price strip, one
 * line, ellipsized) that says the item's [property@Waterfall.FeedItem:subtitle] (the price), or
 * its [property@Waterfall.FeedItem:title] when it has none; an item with neither has no strip.
 * The cell's [property@Waterfall.Item:accessible-label] is the title and the subtitle ("Lamp,
 * 12.00 €"), which assistive technologies read; the picture and the strip are hidden from them.
 * An unbound cell drops its image, which cancels its download and decode.
 *
 * The factory is for a view's items, whose model holds `WaterfallFeedItem`s: an item of
 * another type leaves its cell empty (the first one is reported with g_warning()). As a
 * header factory it makes empty headers. To design cells of your own, use a
 * [class@Waterfall.SignalItemFactory] or a [class@Waterfall.BuilderItemFactory].
 *
 * Since: 0.2
 */
struct _WaterfallFeedItemFactory
{
  WaterfallItemFactory parent_instance;

  gboolean show_captions;
  /* Whether a bind met an item that is not a WaterfallFeedItem (reported once). */
  gboolean warned;
};

enum {
  PROP_0,
  PROP_SHOW_CAPTIONS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (WaterfallFeedItemFactory, waterfall_feed_item_factory, WATERFALL_TYPE_ITEM_FACTORY)

/* `text`, or NULL when it is empty. */
static const char *
non_empty (const char *text)
{
  return text != NULL && *text != '\0' ? text : NULL;
}

/* Shows the caption when captions are shown and it has a text. Showing a widget puts it back
 * in the accessibility tree: the caption, whose text the cell's label says, is hidden again. */
static void
update_caption (WaterfallFeedItemFactory *self,
                GtkInscription           *caption)
{
  gboolean visible = self->show_captions && non_empty (gtk_inscription_get_text (caption)) != NULL;

  gtk_widget_set_visible (GTK_WIDGET (caption), visible);
  gtk_accessible_update_state (GTK_ACCESSIBLE (caption), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}

static void
show_captions_changed (WaterfallFeedItemFactory *self,
                       GParamSpec               *pspec,
                       GtkInscription           *caption)
{
  (void) pspec;
  update_caption (self, caption);
}

/* The picture and the caption of the cell setup made for `object`; FALSE when `object` is not
 * an item or its child is no longer that cell (the application replaced it). */
static gboolean
find_cell (GObject         *object,
           GtkPicture     **picture,
           GtkInscription **caption)
{
  GtkWidget *child, *first, *last;

  if (!WATERFALL_IS_ITEM (object))
    return FALSE;
  child = waterfall_item_get_child (WATERFALL_ITEM (object));
  if (!GTK_IS_OVERLAY (child))
    return FALSE;
  first = gtk_overlay_get_child (GTK_OVERLAY (child));
  last = gtk_widget_get_last_child (child);
  if (!GTK_IS_PICTURE (first) || !GTK_IS_INSCRIPTION (last))
    return FALSE;
  *picture = GTK_PICTURE (first);
  *caption = GTK_INSCRIPTION (last);
  return TRUE;
}

/* Empties the cell: no image (dropping it cancels its loading), no caption, no label. */
static void
clear_cell (WaterfallFeedItemFactory *self,
            WaterfallItem            *item,
            GtkPicture               *picture,
            GtkInscription           *caption)
{
  gtk_picture_set_paintable (picture, NULL);
  gtk_inscription_set_text (caption, NULL);
  update_caption (self, caption);
  waterfall_item_set_accessible_label (item, NULL);
}

static void
waterfall_feed_item_factory_setup (WaterfallItemFactory *factory,
                                   GObject              *object)
{
  WaterfallFeedItemFactory *self = WATERFALL_FEED_ITEM_FACTORY (factory);
  GtkWidget *cell, *picture, *caption;

  if (!WATERFALL_IS_ITEM (object))
    return; /* a section header: left empty */

  cell = gtk_overlay_new ();
  picture = gtk_picture_new ();
  gtk_picture_set_content_fit (GTK_PICTURE (picture), GTK_CONTENT_FIT_COVER);
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_overlay_set_child (GTK_OVERLAY (cell), picture);

  caption = gtk_inscription_new (NULL);
  gtk_widget_add_css_class (caption, "waterfall-caption");
  gtk_widget_set_valign (caption, GTK_ALIGN_END);
  gtk_widget_set_size_request (caption, -1, WF_CAPTION_HEIGHT);
  gtk_inscription_set_xalign (GTK_INSCRIPTION (caption), 0.5f);
  gtk_inscription_set_yalign (GTK_INSCRIPTION (caption), 0.5f);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (caption), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_widget_set_can_target (caption, FALSE);
  update_caption (self, GTK_INSCRIPTION (caption));
  gtk_overlay_add_overlay (GTK_OVERLAY (cell), caption);
  /* Disconnected when the caption goes (teardown drops the cell). */
  g_signal_connect_object (self, "notify::show-captions", G_CALLBACK (show_captions_changed), caption, 0);

  waterfall_item_set_child (WATERFALL_ITEM (object), cell);
}

static void
waterfall_feed_item_factory_bind (WaterfallItemFactory *factory,
                                  GObject              *object)
{
  WaterfallFeedItemFactory *self = WATERFALL_FEED_ITEM_FACTORY (factory);
  WaterfallItem *item;
  WaterfallFeedItem *feed_item;
  GObject *model_item;
  GtkPicture *picture;
  GtkInscription *caption;
  const char *title, *subtitle, *uri;
  g_autofree char *label = NULL;

  if (!find_cell (object, &picture, &caption))
    return;
  item = WATERFALL_ITEM (object);
  model_item = waterfall_item_get_item (item);
  if (!WATERFALL_IS_FEED_ITEM (model_item))
    {
      if (!self->warned)
        {
          self->warned = TRUE;
          /* g_warning() in the library's log domain, as the wall's other warnings. */
          g_log ("Waterfall", G_LOG_LEVEL_WARNING,
                 "WaterfallFeedItemFactory: item %u of the model is a %s, not a WaterfallFeedItem; "
                 "its cell stays empty (reported once per factory)",
                 waterfall_item_get_position (item),
                 model_item != NULL ? G_OBJECT_TYPE_NAME (model_item) : "NULL");
        }
      clear_cell (self, item, picture, caption);
      return;
    }

  feed_item = WATERFALL_FEED_ITEM (model_item);
  uri = non_empty (waterfall_feed_item_get_image_uri (feed_item));
  if (uri != NULL)
    {
      g_autoptr (WaterfallImage) image = waterfall_image_new_for_uri (uri);

      waterfall_image_set_blurhash (image, waterfall_feed_item_get_blurhash (feed_item));
      gtk_picture_set_paintable (picture, GDK_PAINTABLE (image));
    }
  else
    {
      gtk_picture_set_paintable (picture, NULL);
    }

  title = non_empty (waterfall_feed_item_get_title (feed_item));
  subtitle = non_empty (waterfall_feed_item_get_subtitle (feed_item));
  gtk_inscription_set_text (caption, subtitle != NULL ? subtitle : title);
  update_caption (self, caption);

  if (title != NULL && subtitle != NULL)
    label = g_strdup_printf ("%s, %s", title, subtitle);
  else
    label = g_strdup (title != NULL ? title : subtitle);
  waterfall_item_set_accessible_label (item, label);
}

static void
waterfall_feed_item_factory_unbind (WaterfallItemFactory *factory,
                                    GObject              *object)
{
  GtkPicture *picture;
  GtkInscription *caption;

  if (find_cell (object, &picture, &caption))
    clear_cell (WATERFALL_FEED_ITEM_FACTORY (factory), WATERFALL_ITEM (object), picture, caption);
}

static void
waterfall_feed_item_factory_get_property (GObject    *object,
                                          guint       prop_id,
                                          GValue     *value,
                                          GParamSpec *pspec)
{
  WaterfallFeedItemFactory *self = WATERFALL_FEED_ITEM_FACTORY (object);

  switch (prop_id)
    {
    case PROP_SHOW_CAPTIONS:
      g_value_set_boolean (value, self->show_captions);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
waterfall_feed_item_factory_set_property (GObject      *object,
                                          guint         prop_id,
                                          const GValue *value,
                                          GParamSpec   *pspec)
{
  WaterfallFeedItemFactory *self = WATERFALL_FEED_ITEM_FACTORY (object);

  switch (prop_id)
    {
    case PROP_SHOW_CAPTIONS:
      waterfall_feed_item_factory_set_show_captions (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
waterfall_feed_item_factory_class_init (WaterfallFeedItemFactoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WaterfallItemFactoryClass *factory_class = WATERFALL_ITEM_FACTORY_CLASS (klass);

  object_class->get_property = waterfall_feed_item_factory_get_property;
  object_class->set_property = waterfall_feed_item_factory_set_property;

  /* Teardown is the default one: it drops the cell. */
  factory_class->setup = waterfall_feed_item_factory_setup;
  factory_class->bind = waterfall_feed_item_factory_bind;
  factory_class->unbind = waterfall_feed_item_factory_unbind;

  /**
   * WaterfallFeedItemFactory:show-captions: (getter get_show_captions) (setter set_show_captions)
   *
   * Whether the cells show their caption strip (the item's subtitle, else its title). Changing
   * it updates the cells already made. The cells' accessible labels do not depend on it.
   *
   * Since: 0.2
   */
  properties[PROP_SHOW_CAPTIONS] =
    g_param_spec_boolean ("show-captions", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
waterfall_feed_item_factory_init (WaterfallFeedItemFactory *self)
{
  self->show_captions = TRUE;
}

/**
 * waterfall_feed_item_factory_new:
 *
 * Creates a factory that shows [class@Waterfall.FeedItem]s as the feed wall does: each item's
 * image under a caption strip of its price or title.
 *
 * Returns: (transfer full): a new `WaterfallFeedItemFactory`
 *
 * Since: 0.2
 */
WaterfallItemFactory *
waterfall_feed_item_factory_new (void)
{
  return g_object_new (WATERFALL_TYPE_FEED_ITEM_FACTORY, NULL);
}

/**
 * waterfall_feed_item_factory_get_show_captions:
 * @self: a `WaterfallFeedItemFactory`
 *
 * Returns whether the cells show their caption strip.
 *
 * Returns: the value of [property@Waterfall.FeedItemFactory:show-captions]
 *
 * Since: 0.2
 */
gboolean
waterfall_feed_item_factory_get_show_captions (WaterfallFeedItemFactory *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_ITEM_FACTORY (self), FALSE);

  return self->show_captions;
}

/**
 * waterfall_feed_item_factory_set_show_captions:
 * @self: a `WaterfallFeedItemFactory`
 * @show_captions: whether the cells show their caption strip
 *
 * Shows or hides the cells' caption strips, in the cells already made too.
 *
 * Since: 0.2
 */
void
waterfall_feed_item_factory_set_show_captions (WaterfallFeedItemFactory *self,
                                               gboolean                  show_captions)
{
  g_return_if_fail (WATERFALL_IS_FEED_ITEM_FACTORY (self));

  show_captions = !!show_captions;
  if (self->show_captions == show_captions)
    return;
  self->show_captions = show_captions;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_CAPTIONS]);
}
