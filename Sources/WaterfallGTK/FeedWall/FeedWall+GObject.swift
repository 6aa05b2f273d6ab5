import CWaterfallGtk
import CWaterfallGtk4
import WaterfallFeed

/// The Swift logic of the C type `WaterfallFeedWall` (see `wf_feed_wall.h`): one ``FeedWall``
/// whose widget is the C wall's child, with the wall's state mirrored into the GObject's
/// properties and the view's `activate` into `item-activated`. The C wall owns the face (retained, in a `FaceBox`);
/// the face holds the C wall unretained until ``detach()``.
@MainActor
final class FeedWallFace {
    /// The wall; `nil` once the C wall is disposed, so no event reaches its widgets.
    private(set) var wall: FeedWall?
    /// The C `WaterfallFeedWall`; `nil` once it is disposed.
    private var owner: OpaquePointer?

    init(wall: FeedWall, owner: OpaquePointer) {
        self.wall = wall
        self.owner = owner
        wall.source.onStateApplied = { [weak self] in self?.sync() }
        // The feed's status is loading from a request on, until its end is applied (see
        // `FeedModel.onRequestChange`), which may come after the loader's last event.
        wall.source.feed.onRequestChange = { [weak self] in self?.sync() }
        Signal.connect(wall.view.widget, "activate") { [weak self] (position: UInt32) in self?.activated(at: Int(position)) }
        gtk_widget_set_parent(wall.widget, UnsafeMutableRawPointer(owner).assumingMemoryBound(to: GtkWidget.self))
    }

    /// Mirrors the feed's status and the item count into the wall's properties.
    private func sync() {
        guard let owner, let wall else { return }
        let status = wall.source.feed.status
        wf_feed_wall_sync_state(owner, guint(clamping: wall.itemCount), status.isLoading ? 1 : 0, status.errorMessage)
    }

    /// Emits `item-activated` for the item at `position`.
    private func activated(at position: Int) {
        guard let owner, let wall, let item = wall.item(at: position) else { return }
        wf_feed_wall_emit_item_activated(owner, guint(position), item.id, item.title, item.imageURL.absoluteString)
    }

    /// The C wall is being disposed: the loader stops and the wall is dropped, so nothing
    /// touches its widgets after GTK drops them.
    func detach() {
        owner = nil
        guard let wall else { return }
        self.wall = nil
        wall.source.onStateChange = nil
        wall.source.onStateApplied = nil
        wall.source.feed.stop()
    }

    /// The wall made from `url` and `schema` (a preset name or mapping; `nil`: standard), or
    /// the refusal as a `WATERFALL_FEED_ERROR` code and message.
    static func makeWall(url: String, schema: String?) -> Result<FeedWall, FeedRefusal> {
        FeedRefusal.loader(url: url, schema: schema).map { FeedWall(loader: $0) }
    }
}

@_cdecl("waterfall_swift_feed_wall_create")
@MainActor
func waterfallSwiftFeedWallCreate(_ owner: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ schema: UnsafePointer<CChar>?,
                                  _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> gpointer? {
    switch FeedWallFace.makeWall(url: String(cString: url!), schema: schema.map { String(cString: $0) }) {
    case .success(let wall):
        return FaceBox.retain(FeedWallFace(wall: wall, owner: owner!)) { $0.detach() }
    case .failure(let refusal):
        refusal.set(error)
        return nil
    }
}

@_cdecl("waterfall_swift_feed_wall_view")
@MainActor
func waterfallSwiftFeedWallView(_ face: gpointer?) -> OpaquePointer? {
    FaceBox<FeedWallFace>.face(face)?.wall.map { OpaquePointer($0.view.widget) }
}

@_cdecl("waterfall_swift_feed_wall_images_ready")
@MainActor
func waterfallSwiftFeedWallImagesReady(_ face: gpointer?) -> gboolean {
    FaceBox<FeedWallFace>.face(face)?.wall?.visibleImagesReady == true ? 1 : 0
}

@_cdecl("waterfall_swift_feed_wall_refresh")
@MainActor
func waterfallSwiftFeedWallRefresh(_ face: gpointer?) {
    FaceBox<FeedWallFace>.face(face)?.wall?.view.refresh()
}

@_cdecl("waterfall_swift_feed_wall_retry")
@MainActor
func waterfallSwiftFeedWallRetry(_ face: gpointer?) {
    FaceBox<FeedWallFace>.face(face)?.wall?.retry()
}
