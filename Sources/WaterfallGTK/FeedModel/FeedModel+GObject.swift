import CWaterfallGtk
import CWaterfallGtk4
import WaterfallFeed

/// The Swift logic of the C type `WaterfallFeedModel` (see `wf_feed_model.h`): one
/// ``FeedModel`` whose insertions become `WaterfallFeedItem`s in the C model (one
/// `items-changed` each), whose size corrections (over the process's
/// ``SharedImagePipeline/pipeline``, which every `WaterfallImage` loads through) resize those
/// items (an `items-changed` of the same items), and whose status is mirrored into the model's
/// properties (`loading` from the call of `load_more()` or `refresh()` that starts a load, so
/// that a `WaterfallMasonryView` reading it right after its `load-more` handlers knows a page
/// is coming). The C model compacts the items far from those in use (its `held-items`) and
/// asks for the ones wanted back, whose pages the feed model fetches again
/// (``CompactingFeedList``, `FeedModel+Refetch.swift`). The C model
/// owns the face (retained, in a `FaceBox`); the face holds the C model unretained until
/// ``detach()``.
@MainActor
final class FeedModelFace {
    /// The feed; stopped once the C model is disposed.
    private let model: FeedModel
    /// The C `WaterfallFeedModel`; `nil` once it is disposed.
    private var owner: OpaquePointer?

    /// The feed model the next C model made becomes the face of, instead of one over its
    /// `uri` and `map` (``FeedListModel`` sets it right before it makes the C model).
    static var pending: FeedModel?

    init(model: FeedModel, owner: OpaquePointer) {
        self.model = model
        self.owner = owner
        model.onInsert = { [weak self] insertion in self?.insert(insertion) }
        model.onStatusChange = { [weak self] status in self?.sync(status) }
        model.onResize = { [weak self] resize in self?.resize(resize) }
        model.onRequestChange = { [weak self] in self?.requestChanged() }
        model.compactingList = self
        model.start()
        model.loadMore()
    }

    /// Inserts the new items into the C model, in one `items-changed`.
    private func insert(_ insertion: FeedModel.Insertion) {
        guard let owner else { return }
        var objects: [OpaquePointer?] = zip(insertion.items, insertion.aspectRatios).map { item, ratio in
            let size = model.knownSize(of: item)
            return Self.withColor(of: item) { color in
                wf_feed_item_new(gint64(item.deduplicationKey.hashValue), item.id, item.title, item.price,
                                 item.imageURL.absoluteString, Self.pixels(size?.width ?? 0),
                                 Self.pixels(size?.height ?? 0), ratio, item.blurHash, item.link?.absoluteString, color)
            }
        }
        wf_feed_model_insert(owner, guint(insertion.index), &objects, guint(objects.count), insertion.atTop ? 1 : 0)
    }

    /// Gives the items an image header corrected the image's size (the C model notifies their
    /// properties and emits `items-changed` of the same items once the main loop is idle).
    private func resize(_ resize: FeedModel.Resize) {
        guard let owner else { return }
        let width = Self.pixels(resize.width), height = Self.pixels(resize.height), ratio = resize.aspectRatio
        for index in resize.indices {
            wf_feed_model_resize_item(owner, guint(index), width, height, ratio)
        }
    }

    /// A feed's pixel length as `WaterfallFeedItem` keeps it: whole, 0 when unknown, at most
    /// `G_MAXINT`.
    private static func pixels(_ length: Double) -> gint {
        length.isFinite && length > 0 ? gint(clamping: Int(min(length.rounded(), Double(Int32.max)))) : 0
    }

    /// Calls `body` with the item's `#RRGGBB` colour as `WaterfallFeedItem:color` keeps it:
    /// opaque, `nil` when the feed gives none or an invalid one (as ``PlaceholderColor`` parses
    /// it for `FeedWall`).
    private static func withColor<Result>(of item: FeedItem, _ body: (UnsafePointer<GdkRGBA>?) -> Result) -> Result {
        guard let hex = item.colorHex, let color = PlaceholderColor(hex: hex) else { return body(nil) }
        let rgba = GdkRGBA(red: Float(color.red) / 255, green: Float(color.green) / 255, blue: Float(color.blue) / 255,
                           alpha: 1)
        return withUnsafePointer(to: rgba) { body($0) }
    }

    /// Mirrors the feed's status into the model's properties.
    private func sync(_ status: FeedModel.Status) {
        guard let owner else { return }
        wf_feed_model_sync_state(owner, status.isLoading ? 1 : 0, status.hasMore ? 1 : 0, status.errorMessage)
    }

    /// A load began or ended between the loader's events: `loading` follows.
    private func requestChanged() {
        sync(model.status)
    }

    /// The C model is being disposed: the loader stops, and nothing calls the model again.
    func detach() {
        owner = nil
        model.stop()
    }

    /// Loads the next page (see ``FeedModel/loadMore()``).
    func loadMore() {
        model.loadMore()
    }

    /// Loads the first page again (see ``FeedModel/refresh()``).
    func refresh() {
        model.refresh()
    }

    /// The C model asked for the compacted items at `positions` (still in use).
    func fetchAgain(at positions: UnsafeBufferPointer<guint>) {
        for position in positions { model.fetchAgain(at: Int(position)) }
    }
}

/// What the feed model asks the C model when it fetches compacted items again.
extension FeedModelFace: CompactingFeedList {
    /// The lowest position in use.
    var refetchAnchor: Int {
        owner.map { Int(wf_feed_model_get_anchor($0)) } ?? 0
    }

    func isCompacted(at index: Int) -> Bool {
        guard let owner, let position = guint(exactly: index) else { return false }
        return wf_feed_model_is_compacted(owner, position) != 0
    }

    /// Compacted and in use (a bound cell, the application holding it).
    func wantsBack(at index: Int) -> Bool {
        guard let owner, let position = guint(exactly: index) else { return false }
        return wf_feed_model_wants_back(owner, position) != 0
    }

    func keyHash(at index: Int) -> Int? {
        guard isCompacted(at: index), let owner else { return nil }
        return Int(wf_feed_model_get_key_hash(owner, guint(index)))
    }

    /// Gives the C item its strings back (each notifying; an `items-changed` of the same item
    /// follows once the main loop is idle).
    func restore(_ item: FeedItem, at index: Int) {
        guard let owner else { return }
        Self.withColor(of: item) { color in
            wf_feed_model_restore_item(owner, guint(index), item.id, item.title, item.price, item.imageURL.absoluteString,
                                       item.blurHash, item.link?.absoluteString, color)
        }
    }

    func didFetchAgain() {
        guard let owner else { return }
        wf_feed_model_compact_far_items(owner)
    }
}

@_cdecl("waterfall_swift_feed_model_create")
@MainActor
func waterfallSwiftFeedModelCreate(_ owner: OpaquePointer?, _ uri: UnsafePointer<CChar>?, _ map: UnsafePointer<CChar>?,
                                   _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> gpointer? {
    if let pending = FeedModelFace.pending {
        FeedModelFace.pending = nil
        return FaceBox.retain(FeedModelFace(model: pending, owner: owner!)) { $0.detach() }
    }
    switch FeedRefusal.loader(url: String(cString: uri!), schema: map.map { String(cString: $0) }) {
    case .success(let loader):
        return FaceBox.retain(FeedModelFace(model: FeedModel(loader: loader, pipeline: SharedImagePipeline.pipeline),
                                                   owner: owner!)) { $0.detach() }
    case .failure(let refusal):
        refusal.set(error)
        return nil
    }
}

@_cdecl("waterfall_swift_feed_model_load_more")
@MainActor
func waterfallSwiftFeedModelLoadMore(_ face: gpointer?) {
    FaceBox<FeedModelFace>.face(face)?.loadMore()
}

@_cdecl("waterfall_swift_feed_model_refresh")
@MainActor
func waterfallSwiftFeedModelRefresh(_ face: gpointer?) {
    FaceBox<FeedModelFace>.face(face)?.refresh()
}

@_cdecl("waterfall_swift_feed_model_fetch_again")
@MainActor
func waterfallSwiftFeedModelFetchAgain(_ face: gpointer?, _ positions: UnsafePointer<guint>?, _ count: guint) {
    FaceBox<FeedModelFace>.face(face)?.fetchAgain(at: UnsafeBufferPointer(start: positions, count: Int(count)))
}
