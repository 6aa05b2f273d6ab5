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
        wall.source.onStateApplied = { [weak self] state in self?.sync(state) }
        Signal.connect(wall.view.widget, "activate") { [weak self] (position: UInt32) in self?.activated(at: Int(position)) }
        gtk_widget_set_parent(wall.widget, UnsafeMutableRawPointer(owner).assumingMemoryBound(to: GtkWidget.self))
    }

    /// Mirrors the loader's `state` and the item count into the wall's properties.
    private func sync(_ state: FeedLoader.State) {
        guard let owner, let wall else { return }
        var loading = false
        var message: String?
        switch state {
        case .loading: loading = true
        case .failed(let error, _) where !error.isCancellation: message = wall.source.options.errorMessage(error)
        case .idle, .exhausted, .failed: break
        }
        wf_feed_wall_sync_state(owner, guint(clamping: wall.itemCount), loading ? 1 : 0, message)
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
        let loader = wall.loader
        Task { await loader.cancel() }
    }

    /// The wall made from `url` and `schema` (a preset name or mapping; `nil`: standard), or
    /// the refusal as a `WATERFALL_FEED_ERROR` code and message.
    static func makeWall(url: String, schema: String?) -> Result<FeedWall, FeedWallRefusal> {
        let feedSchema: FeedSchema
        do {
            feedSchema = try schema.map { try FeedSchema(mapping: $0) } ?? .standard
        } catch {
            return .failure(FeedWallRefusal(code: WATERFALL_FEED_ERROR_INVALID_SCHEMA,
                                            message: "the feed schema '\(schema ?? "")' is not valid: \(error)"))
        }
        do {
            return .success(try FeedWall(feedURL: url, schema: feedSchema))
        } catch {
            return .failure(FeedWallRefusal(code: WATERFALL_FEED_ERROR_INVALID_URL, message: error.description))
        }
    }
}

/// Why a `WaterfallFeedWall` could not be made: a `WaterfallFeedError` code and its message.
struct FeedWallRefusal: Error {
    let code: WaterfallFeedError
    let message: String
}

@_cdecl("waterfall_swift_feed_wall_create")
@MainActor
func waterfallSwiftFeedWallCreate(_ owner: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ schema: UnsafePointer<CChar>?,
                                  _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> gpointer? {
    switch FeedWallFace.makeWall(url: String(cString: url!), schema: schema.map { String(cString: $0) }) {
    case .success(let wall):
        return FaceBox.retain(FeedWallFace(wall: wall, owner: owner!)) { $0.detach() }
    case .failure(let refusal):
        g_set_error_literal(error, waterfall_feed_error_quark(), gint(refusal.code.rawValue), refusal.message)
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
