import CWaterfallGtk
import CWaterfallGtk4
import WaterfallFeed

/// The Swift logic of the C type `WaterfallFeedWall` (see `wf_feed_wall.h`): the wall is made of
/// the library's public parts, as an app would make it — its `WaterfallFeedModel`, a
/// `GtkSingleSelection` of it, a ``WaterfallView`` (`WaterfallMasonryView`) with the default
/// `WaterfallFeedItemFactory` (each cell a `GtkPicture` of a `WaterfallImage` under its price
/// strip) sized by the items' `aspect-ratio`, inside a scrolled window — plus the
/// ``ErrorBanner`` that says why a refresh failed. The view shows the feed's loading, failures
/// with Retry and its end itself (see `WaterfallListModelSource+Feed.swift`); the face connects
/// `load-more` and `refresh` to the model, mirrors the model into the wall's properties and the
/// view's `activate` into `item-activated`. The C wall owns the face (retained, in a `FaceBox`);
/// the face holds the C wall unretained until ``detach()``.
@MainActor
final class FeedWallFace {
    /// The view; `nil` once the C wall is disposed, so no event reaches its widgets.
    private(set) var view: WaterfallView<WaterfallItemCell>?
    /// The C `WaterfallFeedModel` (a reference).
    private let model: GObjectRef<OpaquePointer>
    /// The bar that says why a refresh failed, with Retry.
    private var banner: ErrorBanner?
    /// The C `WaterfallFeedWall`; `nil` once it is disposed.
    private var owner: OpaquePointer?
    /// The model's signal handlers.
    private var handlers: [UInt] = []

    init(model feedModel: OpaquePointer, owner: OpaquePointer) {
        model = GObjectRef(sinking: feedModel)
        self.owner = owner
        g_object_ref(feedModel.gpointer)   // the selection's, which takes it
        let selection = gtk_single_selection_new(gcast(feedModel))!
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        let factory = waterfall_feed_item_factory_new()!
        let view = WaterfallView(model: selection, factory: factory)
        g_object_unref(selection.gpointer)
        g_object_unref(factory)
        self.view = view
        view.listModelSource.aspectRatioProperty = "aspect-ratio"
        waterfall_masonry_view_set_enable_pull_to_refresh(view.masonryView, 1)
        // A feed has no end: Tab leaves the wall instead of walking every item.
        view.tabsThroughItems = false
        view.emptyState = WaterfallStatus(title: WaterfallStrings.current.emptyFeed, iconName: "image-x-generic-symbolic")
        let banner = ErrorBanner { [weak self] in self?.retry() }
        self.banner = banner
        view.listModelSource.onRefreshFailure = { [banner, view] message in
            banner.show(message)
            view.announce(message)
        }
        Signal.connect(view.widget, "load-more") { [weak self] in self.map { waterfall_feed_model_load_more($0.model.pointer) } }
        Signal.connect(view.widget, "refresh") { [weak self] in self.map { waterfall_feed_model_refresh($0.model.pointer) } }
        Signal.connect(view.widget, "activate") { [weak self] (position: UInt32) in self?.activated(at: position) }
        handlers = ["notify::loading", "notify::error-message"].map { name in
            Signal.connect(feedModel, name) { [weak self] in self?.sync() }
        }
        let itemsChanged: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, _, _, _, data in
            let box = CallbackBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { box.handler() }
        }
        let syncItems: @MainActor () -> Void = { [weak self] in self?.sync() }
        handlers.append(Signal.connect(feedModel, "items-changed", syncItems, unsafeBitCast(itemsChanged, to: GCallback.self)))

        // A group: GTK 4.8 would name a plain overlay "GtkOverlay" for assistive technologies.
        let overlay = Accessible.widget(ofType: gtk_overlay_get_type(), role: GTK_ACCESSIBLE_ROLE_GROUP)
        gtk_overlay_set_child(gcast(overlay), view.scrolledWindow)
        gtk_overlay_add_overlay(gcast(overlay), banner.widget)
        gtk_widget_set_parent(overlay, UnsafeMutableRawPointer(owner).assumingMemoryBound(to: GtkWidget.self))
        sync()
    }

    /// Mirrors the model's item count, loading state and failure into the wall's properties; a
    /// load that ended well hides the banner.
    private func sync() {
        guard let owner else { return }
        let feed = model.pointer
        let loading = waterfall_feed_model_get_loading(feed) != 0
        let message = waterfall_feed_model_get_error_message(feed)
        if !loading, message == nil { banner?.hide() }
        wf_feed_wall_sync_state(owner, g_list_model_get_n_items(gcast(feed)), loading ? 1 : 0, message)
    }

    /// Emits `item-activated` for the item at `position`.
    private func activated(at position: UInt32) {
        guard let owner, let object = g_list_model_get_item(gcast(model.pointer), position) else { return }
        defer { g_object_unref(object) }
        let item = OpaquePointer(object)
        wf_feed_wall_emit_item_activated(owner, position, waterfall_feed_item_get_id(item), waterfall_feed_item_get_title(item),
                                         waterfall_feed_item_get_image_uri(item))
    }

    /// Runs the failed operation again, as the banner's and the footer's Retry do: a failed page
    /// through the view (which asks the model again), a failed refresh on the model; nothing
    /// when nothing failed.
    func retry() {
        guard let view, waterfall_feed_model_get_error_message(model.pointer) != nil else { return }
        if view.model.loadMoreState == .failed {
            view.model.retryLoadingMore()
        } else {
            banner?.hide()
            waterfall_feed_model_refresh(model.pointer)
        }
    }

    /// Whether every visible picture shows its image or its failure (see
    /// ``WaterfallView/visiblePicturesReady``).
    var imagesReady: Bool { view?.visiblePicturesReady ?? false }

    /// The C wall is being disposed: nothing touches its widgets or calls it again, and the
    /// model stops following the view.
    func detach() {
        owner = nil
        for handler in handlers { Signal.disconnect(model.pointer, handler) }
        handlers = []
        view?.listModelSource.onRefreshFailure = nil
        view = nil
        banner = nil
    }
}

@_cdecl("waterfall_swift_feed_wall_create")
@MainActor
func waterfallSwiftFeedWallCreate(_ owner: OpaquePointer?, _ model: OpaquePointer?) -> gpointer? {
    FaceBox.retain(FeedWallFace(model: model!, owner: owner!)) { $0.detach() }
}

@_cdecl("waterfall_swift_feed_wall_view")
@MainActor
func waterfallSwiftFeedWallView(_ face: gpointer?) -> OpaquePointer? {
    FaceBox<FeedWallFace>.face(face)?.view.map { OpaquePointer($0.widget) }
}

@_cdecl("waterfall_swift_feed_wall_images_ready")
@MainActor
func waterfallSwiftFeedWallImagesReady(_ face: gpointer?) -> gboolean {
    FaceBox<FeedWallFace>.face(face)?.imagesReady == true ? 1 : 0
}

@_cdecl("waterfall_swift_feed_wall_refresh")
@MainActor
func waterfallSwiftFeedWallRefresh(_ face: gpointer?) {
    FaceBox<FeedWallFace>.face(face)?.view?.refresh()
}

@_cdecl("waterfall_swift_feed_wall_retry")
@MainActor
func waterfallSwiftFeedWallRetry(_ face: gpointer?) {
    FaceBox<FeedWallFace>.face(face)?.retry()
}
