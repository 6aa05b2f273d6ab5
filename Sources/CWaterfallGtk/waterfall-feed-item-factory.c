#include "waterfall/waterfall-feed-item-factory.h"
#include "waterfall/waterfall-feed-item.h"
#include "waterfall/waterfall-image.h"
#include "wf_aspect_bin.h"
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
 * item's [property@Waterfall.FeedItem:blurhash], else its [property@Waterfall.FeedItem:color],
 * until its pixels arrive, under a [class@Gtk.Inscription] of the CSS class
 * `waterfall-caption` (the wall's price strip, one line, ellipsized) that says the item's
 * [property@Waterfall.FeedItem:subtitle] (the price), or its [property@Waterfall.FeedItem:title]
 * when it has none ([property@Waterfall.FeedItemFactory:caption-expression] says something
 * else); an item with neither has no strip. With
 * [property@Waterfall.FeedItemFactory:wrap-captions] the caption goes below the picture
 * instead, wrapped, and the picture keeps the item's
 * [property@Waterfall.FeedItem:aspect-ratio] (the wall then measures each cell). The picture
 * asks for the height its item's aspect ratio gives it at the cell's width, even before the
 * image's size is known. The cell's [property@Waterfall.Item:accessible-label] is the title
 * and the subtitle ("Lamp, 12.00 €", joined by the list separator of the user's language, as
 * the feed wall's cells say it), which assistive technologies read; the picture and the
 * captions are hidden from them. A bound cell follows its item's properties: an item that
 * comes back compacted (see [property@Waterfall.FeedModel:held-items]) shows its image and
 * captions once the model has fetched it again. An unbound cell drops its image, which
 * cancels its download and decode.
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
  gboolean wrap_captions;
  GtkExpression *caption_expression;
  /* Whether a bind met an item that is not a WaterfallFeedItem (reported once). */
  gboolean warned;
};

enum {
  PROP_0,
  PROP_SHOW_CAPTIONS,
  PROP_WRAP_CAPTIONS,
  PROP_CAPTION_EXPRESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (WaterfallFeedItemFactory, waterfall_feed_item_factory, WATERFALL_TYPE_ITEM_FACTORY)

/* The parts of a cell setup made, kept on its root (the item's child, a GtkOverlay of a
 * vertical GtkBox of the frame and the wrapped caption, under the strip). The widgets are the
 * tree's; the bound item and the binding of its aspect ratio are the cell's until unbind. */
typedef struct
{
  WfAspectBin *frame;       /* the picture's frame, as tall as the item's shape asks */
  GtkPicture *picture;
  GtkLabel *wrapped;        /* the caption below the picture (wrap-captions) */
  GtkInscription *strip;    /* the caption strip across the picture's bottom */
  WaterfallFeedItem *item;  /* the bound item, or NULL */
  GBinding *ratio;          /* item aspect-ratio → frame ratio, while bound (a weak pointer:
                             * the binding goes by itself when the frame is finalized first) */
  gulong notify_handler;    /* the item's notify → the cell, while bound */
  WaterfallFeedItemFactory *factory; /* the factory and the view's item it is bound for, */
  WaterfallItem *owner;              /* while bound (unowned: both outlive the binding) */
} FeedCell;

static G_DEFINE_QUARK (waterfall-feed-cell, feed_cell)

/* `text`, or NULL when it is empty. */
static const char *
non_empty (const char *text)
{
  return text != NULL && *text != '\0' ? text : NULL;
}

/* Forgets the bound item. */
static void
feed_cell_unbind (FeedCell *cell)
{
  GBinding *ratio = cell->ratio;

  if (ratio != NULL)
    {
      g_clear_weak_pointer (&cell->ratio);
      g_binding_unbind (ratio);
    }
  if (cell->item != NULL)
    g_clear_signal_handler (&cell->notify_handler, cell->item);
  g_clear_object (&cell->item);
  cell->factory = NULL;
  cell->owner = NULL;
}

static void
feed_cell_free (gpointer data)
{
  feed_cell_unbind (data);
  g_free (data);
}

/* The caption of `item`: the caption expression's string, else its subtitle, else its title
 * (newly allocated; NULL for none). */
static char *
caption_text (WaterfallFeedItemFactory *self,
              WaterfallFeedItem        *item)
{
  g_auto (GValue) value = G_VALUE_INIT;
  const char *subtitle;

  if (self->caption_expression == NULL)
    {
      subtitle = non_empty (waterfall_feed_item_get_subtitle (item));
      return g_strdup (subtitle != NULL ? subtitle : waterfall_feed_item_get_title (item));
    }
  if (!gtk_expression_evaluate (self->caption_expression, item, &value))
    return NULL;
  return g_value_dup_string (&value);
}

/* Shows `caption` when it has a text. Showing a widget puts it back in the accessibility tree:
 * the caption, whose text the cell's label says, is hidden again. */
static void
show_caption (GtkWidget *caption,
              gboolean   visible)
{
  gtk_widget_set_visible (caption, visible);
  gtk_accessible_update_state (GTK_ACCESSIBLE (caption), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}

/* Fills the cell's captions for its bound item (empty when none) and shows the one the
 * factory's properties ask for. */
static void
update_caption (WaterfallFeedItemFactory *self,
                FeedCell                 *cell)
{
  g_autofree char *text = cell->item != NULL ? caption_text (self, cell->item) : NULL;
  gboolean shown = self->show_captions && non_empty (text) != NULL;

  gtk_inscription_set_text (cell->strip, self->wrap_captions ? NULL : text);
  gtk_label_set_text (cell->wrapped, self->wrap_captions && text != NULL ? text : "");
  show_caption (GTK_WIDGET (cell->strip), shown && !self->wrap_captions);
  show_caption (GTK_WIDGET (cell->wrapped), shown && self->wrap_captions);
}

/* A property of the factory changed: the cells already made follow it. */
static void
factory_changed (WaterfallFeedItemFactory *self,
                 GParamSpec               *pspec,
                 GtkWidget                *root)
{
  (void) pspec;
  update_caption (self, g_object_get_qdata (G_OBJECT (root), feed_cell_quark ()));
}

/* The cell setup made for `object`; NULL when `object` is not an item or its child is no
 * longer that cell (the application replaced it). */
static FeedCell *
find_cell (GObject *object)
{
  GtkWidget *child;

  if (!WATERFALL_IS_ITEM (object))
    return NULL;
  child = waterfall_item_get_child (WATERFALL_ITEM (object));
  return child != NULL ? g_object_get_qdata (G_OBJECT (child), feed_cell_quark ()) : NULL;
}

/* Empties the cell: no item, no image (dropping it cancels its loading), no caption, no
 * label. */
static void
clear_cell (WaterfallFeedItemFactory *self,
            WaterfallItem            *item,
            FeedCell                 *cell)
{
  feed_cell_unbind (cell);
  wf_aspect_bin_set_ratio (cell->frame, 1);
  gtk_picture_set_paintable (cell->picture, NULL);
  update_caption (self, cell);
  waterfall_item_set_accessible_label (item, NULL);
}

static void
waterfall_feed_item_factory_setup (WaterfallItemFactory *factory,
                                   GObject              *object)
{
  WaterfallFeedItemFactory *self = WATERFALL_FEED_ITEM_FACTORY (factory);
  FeedCell *cell;
  GtkWidget *root, *column, *picture, *wrapped, *strip;

  if (!WATERFALL_IS_ITEM (object))
    return; /* a section header: left empty */

  cell = g_new0 (FeedCell, 1);
  root = gtk_overlay_new ();
  column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_overlay_set_child (GTK_OVERLAY (root), column);

  picture = gtk_picture_new ();
  gtk_picture_set_content_fit (GTK_PICTURE (picture), GTK_CONTENT_FIT_COVER);
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  cell->picture = GTK_PICTURE (picture);
  cell->frame = WF_ASPECT_BIN (wf_aspect_bin_new (picture));
  gtk_widget_set_vexpand (GTK_WIDGET (cell->frame), TRUE);
  gtk_box_append (GTK_BOX (column), GTK_WIDGET (cell->frame));

  /* FeedWall's wrapped caption (WaterfallImageCell). */
  wrapped = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (wrapped), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (wrapped), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (wrapped), 0);
  gtk_widget_add_css_class (wrapped, WF_WRAPPED_CAPTION_CLASS);
  cell->wrapped = GTK_LABEL (wrapped);
  gtk_box_append (GTK_BOX (column), wrapped);

  strip = gtk_inscription_new (NULL);
  gtk_widget_add_css_class (strip, WF_CAPTION_CLASS);
  gtk_widget_set_valign (strip, GTK_ALIGN_END);
  gtk_widget_set_size_request (strip, -1, WF_CAPTION_HEIGHT);
  gtk_inscription_set_xalign (GTK_INSCRIPTION (strip), 0.5f);
  gtk_inscription_set_yalign (GTK_INSCRIPTION (strip), 0.5f);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (strip), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_widget_set_can_target (strip, FALSE);
  cell->strip = GTK_INSCRIPTION (strip);
  gtk_overlay_add_overlay (GTK_OVERLAY (root), strip);

  g_object_set_qdata_full (G_OBJECT (root), feed_cell_quark (), cell, feed_cell_free);
  update_caption (self, cell);
  /* Disconnected when the cell goes (teardown drops it). */
  g_signal_connect_object (self, "notify", G_CALLBACK (factory_changed), root, 0);

  waterfall_item_set_child (WATERFALL_ITEM (object), root);
}

/* Shows the bound item's image: a Waterfall.Image of its image-uri, with its blurhash and
 * colour until the pixels arrive; none when it has no image-uri (compacted). */
static void
show_image (FeedCell *cell)
{
  const char *uri = non_empty (waterfall_feed_item_get_image_uri (cell->item));
  g_autoptr (WaterfallImage) image = uri != NULL ? waterfall_image_new_for_uri (uri) : NULL;

  if (image != NULL)
    {
      waterfall_image_set_blurhash (image, waterfall_feed_item_get_blurhash (cell->item));
      waterfall_image_set_placeholder_color (image, waterfall_feed_item_get_color (cell->item));
    }
  gtk_picture_set_paintable (cell->picture, GDK_PAINTABLE (image));
}

/* Shows the bound item's captions and says its title and subtitle in the accessible label. */
static void
show_texts (FeedCell *cell)
{
  const char *title = non_empty (waterfall_feed_item_get_title (cell->item));
  const char *subtitle = non_empty (waterfall_feed_item_get_subtitle (cell->item));
  g_autofree char *label = waterfall_swift_feed_item_accessible_label (title, subtitle);

  update_caption (cell->factory, cell);
  waterfall_item_set_accessible_label (cell->owner, non_empty (label));
}

/* A property of the bound item changed (a compacted item came back): the cell follows. Its
 * shape follows aspect-ratio through its binding. */
static void
item_notified (WaterfallFeedItem *feed_item,
               GParamSpec        *pspec,
               FeedCell          *cell)
{
  GdkPaintable *paintable = gtk_picture_get_paintable (cell->picture);
  const char *name = pspec->name;

  (void) feed_item;
  if (g_str_equal (name, "image-uri"))
    show_image (cell);
  else if (g_str_equal (name, "blurhash") && WATERFALL_IS_IMAGE (paintable))
    waterfall_image_set_blurhash (WATERFALL_IMAGE (paintable), waterfall_feed_item_get_blurhash (cell->item));
  else if (g_str_equal (name, "color") && WATERFALL_IS_IMAGE (paintable))
    waterfall_image_set_placeholder_color (WATERFALL_IMAGE (paintable), waterfall_feed_item_get_color (cell->item));
  else if (!g_str_equal (name, "width") && !g_str_equal (name, "height") && !g_str_equal (name, "aspect-ratio"))
    show_texts (cell);
}

static void
waterfall_feed_item_factory_bind (WaterfallItemFactory *factory,
                                  GObject              *object)
{
  WaterfallFeedItemFactory *self = WATERFALL_FEED_ITEM_FACTORY (factory);
  FeedCell *cell = find_cell (object);
  WaterfallItem *item;
  WaterfallFeedItem *feed_item;
  GObject *model_item;

  if (cell == NULL)
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
      clear_cell (self, item, cell);
      return;
    }

  feed_item = WATERFALL_FEED_ITEM (model_item);
  feed_cell_unbind (cell);
  cell->item = g_object_ref (feed_item);
  cell->factory = self;
  cell->owner = item;
  /* The shape follows the item's aspect ratio, which its image's header may correct. */
  g_set_weak_pointer (&cell->ratio, g_object_bind_property (feed_item, "aspect-ratio", cell->frame, "ratio",
                                                           G_BINDING_SYNC_CREATE));
  /* The rest follows its other properties: a compacted item comes back. */
  cell->notify_handler = g_signal_connect (feed_item, "notify", G_CALLBACK (item_notified), cell);

  show_image (cell);
  show_texts (cell);
}

static void
waterfall_feed_item_factory_unbind (WaterfallItemFactory *factory,
                                    GObject              *object)
{
  FeedCell *cell = find_cell (object);

  if (cell != NULL)
    clear_cell (WATERFALL_FEED_ITEM_FACTORY (factory), WATERFALL_ITEM (object), cell);
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
    case PROP_WRAP_CAPTIONS:
      g_value_set_boolean (value, self->wrap_captions);
      break;
    case PROP_CAPTION_EXPRESSION:
      gtk_value_set_expression (value, self->caption_expression);
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
    case PROP_WRAP_CAPTIONS:
      waterfall_feed_item_factory_set_wrap_captions (self, g_value_get_boolean (value));
      break;
    case PROP_CAPTION_EXPRESSION:
      waterfall_feed_item_factory_set_caption_expression (self, gtk_value_get_expression (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
waterfall_feed_item_factory_finalize (GObject *object)
{
  WaterfallFeedItemFactory *self = WATERFALL_FEED_ITEM_FACTORY (object);

  g_clear_pointer (&self->caption_expression, gtk_expression_unref);
  G_OBJECT_CLASS (waterfall_feed_item_factory_parent_class)->finalize (object);
}

static void
waterfall_feed_item_factory_class_init (WaterfallFeedItemFactoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  WaterfallItemFactoryClass *factory_class = WATERFALL_ITEM_FACTORY_CLASS (klass);

  object_class->finalize = waterfall_feed_item_factory_finalize;
  object_class->get_property = waterfall_feed_item_factory_get_property;
  object_class->set_property = waterfall_feed_item_factory_set_property;

  /* Teardown is the default one: it drops the cell. */
  factory_class->setup = waterfall_feed_item_factory_setup;
  factory_class->bind = waterfall_feed_item_factory_bind;
  factory_class->unbind = waterfall_feed_item_factory_unbind;

  /**
   * WaterfallFeedItemFactory:show-captions: (getter get_show_captions) (setter set_show_captions)
   *
   * Whether the cells show their caption (the item's subtitle, else its title, or
   * [property@Waterfall.FeedItemFactory:caption-expression]'s text): the strip across the
   * picture, or the text below it with [property@Waterfall.FeedItemFactory:wrap-captions].
   * Changing it updates the cells already made. The cells' accessible labels do not depend
   * on it.
   *
   * Since: 0.2
   */
  properties[PROP_SHOW_CAPTIONS] =
    g_param_spec_boolean ("show-captions", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /**
   * WaterfallFeedItemFactory:wrap-captions: (getter get_wrap_captions) (setter set_wrap_captions)
   *
   * Whether the captions go below the pictures, wrapped over as many lines as they need (a
   * [class@Gtk.Label] of the CSS class `waterfall-wrapped-caption`, as
   * [class@Waterfall.FeedWall] shows them with wrapped captions), instead of a one-line strip
   * across their bottom. Each picture keeps its item's
   * [property@Waterfall.FeedItem:aspect-ratio], so a cell wants the picture's height at the
   * column width plus the caption's height for that width.
   *
   * Such cells are as tall as their caption makes them, which no property of the item says:
   * a [class@Waterfall.MasonryView] showing them must leave
   * [property@Waterfall.MasonryView:aspect-ratio-property] (and the other size properties)
   * unset, so that it measures each cell once it is bound and places it at that height:
   *
   * ```python
   * factory = Waterfall.FeedItemFactory(wrap_captions=True)
   * view = Waterfall.MasonryView(model=Gtk.NoSelection(model=feed), factory=factory)
   * ```
   *
   * Changing it updates the cells already made; the wall keeps the heights it measured
   * until it places their items again (set it before the wall shows the items).
   *
   * Since: 0.2
   */
  properties[PROP_WRAP_CAPTIONS] =
    g_param_spec_boolean ("wrap-captions", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /**
   * WaterfallFeedItemFactory:caption-expression: (getter get_caption_expression) (setter set_caption_expression)
   *
   * A [class@Gtk.Expression] giving each cell's caption from its [class@Waterfall.FeedItem]
   * (the expression's `this`): a string, evaluated when the cell is bound; a %NULL string or
   * an expression that cannot be evaluated gives no caption. %NULL (the default) shows the
   * item's [property@Waterfall.FeedItem:subtitle], or its [property@Waterfall.FeedItem:title]
   * when it has none.
   *
   * ```python
   * factory.props.caption_expression = Gtk.PropertyExpression.new(Waterfall.FeedItem, None, "title")
   * ```
   *
   * Changing it updates the cells already made. The cells' accessible labels (the title and
   * the subtitle) do not depend on it.
   *
   * Since: 0.2
   */
  properties[PROP_CAPTION_EXPRESSION] =
    gtk_param_spec_expression ("caption-expression", NULL, NULL,
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

/**
 * waterfall_feed_item_factory_get_wrap_captions:
 * @self: a `WaterfallFeedItemFactory`
 *
 * Returns whether the cells wrap their captions below their pictures.
 *
 * Returns: the value of [property@Waterfall.FeedItemFactory:wrap-captions]
 *
 * Since: 0.2
 */
gboolean
waterfall_feed_item_factory_get_wrap_captions (WaterfallFeedItemFactory *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_ITEM_FACTORY (self), FALSE);

  return self->wrap_captions;
}

/**
 * waterfall_feed_item_factory_set_wrap_captions:
 * @self: a `WaterfallFeedItemFactory`
 * @wrap_captions: whether the captions go below the pictures, wrapped
 *
 * Puts the cells' captions below their pictures, wrapped, or back in a strip across them, in
 * the cells already made too. A wall showing wrapped captions must measure its cells: see
 * [property@Waterfall.FeedItemFactory:wrap-captions].
 *
 * Since: 0.2
 */
void
waterfall_feed_item_factory_set_wrap_captions (WaterfallFeedItemFactory *self,
                                               gboolean                  wrap_captions)
{
  g_return_if_fail (WATERFALL_IS_FEED_ITEM_FACTORY (self));

  wrap_captions = !!wrap_captions;
  if (self->wrap_captions == wrap_captions)
    return;
  self->wrap_captions = wrap_captions;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WRAP_CAPTIONS]);
}

/**
 * waterfall_feed_item_factory_get_caption_expression:
 * @self: a `WaterfallFeedItemFactory`
 *
 * Gets the expression that gives the cells' captions.
 *
 * Returns: (nullable) (transfer none): the value of
 *   [property@Waterfall.FeedItemFactory:caption-expression]
 *
 * Since: 0.2
 */
GtkExpression *
waterfall_feed_item_factory_get_caption_expression (WaterfallFeedItemFactory *self)
{
  g_return_val_if_fail (WATERFALL_IS_FEED_ITEM_FACTORY (self), NULL);

  return self->caption_expression;
}

/**
 * waterfall_feed_item_factory_set_caption_expression:
 * @self: a `WaterfallFeedItemFactory`
 * @expression: (nullable) (transfer none): an expression of a string on a
 *   [class@Waterfall.FeedItem], or %NULL for the item's subtitle, else its title
 *
 * Sets what the cells' captions say, in the cells already made too.
 *
 * Since: 0.2
 */
void
waterfall_feed_item_factory_set_caption_expression (WaterfallFeedItemFactory *self,
                                                    GtkExpression            *expression)
{
  g_return_if_fail (WATERFALL_IS_FEED_ITEM_FACTORY (self));
  g_return_if_fail (expression == NULL || gtk_expression_get_value_type (expression) == G_TYPE_STRING);

  if (self->caption_expression == expression)
    return;
  if (expression != NULL)
    gtk_expression_ref (expression);
  g_clear_pointer (&self->caption_expression, gtk_expression_unref);
  self->caption_expression = expression;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAPTION_EXPRESSION]);
}
