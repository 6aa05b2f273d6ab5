import CWaterfallGtk
import CWaterfallGtk4
import WaterfallFeed

/// A `WaterfallFeedModel` — the `GListModel` of `WaterfallFeedItem`s a C, Python or JavaScript
/// app makes from a URI — over any `FeedLoader`, for a Swift app: a folder (`FolderFeed`),
/// pages of the app's own (`FeedPageProviding`) or a URL with a `FeedSchema`, with the app's
/// own failure sentences. It behaves as the URI's model does (docs/LIST-MODELS.md, "Feeds as a
/// list model"): it loads its first page at once, the next on ``loadMore()`` (connect the
/// view's `load-more` to it) and the first again on ``refresh()``, corrects the sizes the feed
/// did not give from the image headers of the process's ``SharedImagePipeline/pipeline`` (which
/// every `WaterfallImage` loads through), and keeps its memory bounded (`held-items`).
///
/// ```swift
/// let feed = FeedListModel(loader: FeedLoader(provider: FolderFeed(directory: photos)))
/// let selection = gtk_multi_selection_new(feed.retainedModel())!, factory = waterfall_feed_item_factory_new()!
/// let view = WaterfallView(model: selection, factory: factory)   // which takes its own references
/// g_object_unref(selection.gpointer)
/// g_object_unref(factory)
/// view.listModelSource.aspectRatioProperty = "aspect-ratio"
/// Signal.connect(view.widget, "load-more") { feed.loadMore() }
/// ```
@MainActor
public final class FeedListModel {
    /// The `WaterfallFeedModel`, which this object holds a reference to.
    public var model: OpaquePointer { reference.pointer }
    private let reference: GObjectRef<OpaquePointer>

    /// A model over `loader` whose failures say `errorMessage(error)` in its `error-message`
    /// (default: the plain sentences of ``WaterfallStrings/failures``); it starts loading its
    /// first page.
    public init(loader: FeedLoader,
                errorMessage: @escaping @MainActor (FeedError) -> String = { WaterfallStrings.current.failures.sentence(for: $0) }) {
        FeedModelFace.pending = FeedModel(loader: loader, pipeline: SharedImagePipeline.pipeline, errorMessage: errorMessage)
        reference = GObjectRef(adopting: OpaquePointer(g_object_new_with_properties(waterfall_feed_model_get_type(), 0, nil, nil)!))
    }

    /// A new reference to ``model``, for a call that takes one (`gtk_multi_selection_new`).
    public func retainedModel() -> OpaquePointer {
        g_object_ref(model.gpointer)
        return model
    }

    /// The number of items (`g_list_model_get_n_items`).
    public var itemCount: Int { Int(g_list_model_get_n_items(gcast(model))) }

    /// The item at `position` as a `FeedItem` (its id, image URL, size as the model has it —
    /// corrected from the image's header when the feed gave none —, price, title, colour,
    /// BlurHash and link); `nil` when `position` is out of range or the item is compacted (see
    /// the model's `held-items`). For a view's `activate` or a selection.
    public func item(at position: Int) -> FeedItem? {
        guard position >= 0, position < itemCount, let object = g_list_model_get_item(gcast(model), guint(position)) else {
            return nil
        }
        defer { g_object_unref(object) }
        return FeedItem(feedItem: OpaquePointer(object))
    }

    /// Loads the next page (`waterfall_feed_model_load_more`).
    public func loadMore() {
        waterfall_feed_model_load_more(model)
    }

    /// Loads the first page again; its new items go to position 0 (`waterfall_feed_model_refresh`).
    public func refresh() {
        waterfall_feed_model_refresh(model)
    }
}
