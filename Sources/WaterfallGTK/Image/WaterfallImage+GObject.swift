import CWaterfallGtk
import CWaterfallGtk4
import FoundationEssentials
import WaterfallFeed

/// The Swift logic of the C type `WaterfallImage` (see `wf_image.h`): one ``PipelineImage`` on
/// the process's ``SharedImagePipeline``, whose state is mirrored into the GObject's
/// properties and intrinsic size, a BlurHash placeholder, and the animation of an animated
/// image. The C image owns the face (retained, in a `FaceBox`); the face holds the C image
/// unretained until ``detach()``, which cancels the load.
@MainActor
final class WaterfallImageFace {
    /// The image; `nil` when the URI is not a URI at all (it then fails when loaded).
    private let image: PipelineImage?
    /// The C `WaterfallImage`; `nil` once it is disposed.
    private var owner: OpaquePointer?
    /// The BlurHash placeholder, decoded small.
    private var placeholder: Texture?
    /// The animation of an animated image, while it is loaded.
    private var animation: PaintableAnimation?
    /// Set by ``load(targetSize:)`` of an image without a URL: why it failed.
    private var refusal: String?

    init(uri: String, owner: OpaquePointer) {
        self.owner = owner
        image = URL(string: uri).map { PipelineImage(url: $0, holdsPixels: false) }
        image?.onChange = { [unowned(unsafe) self] in self.imageChanged() }
    }

    /// Whether a load was started and not cancelled since.
    var isStarted: Bool { image?.isStarted ?? (refusal != nil) }

    /// Starts the load at `targetSize` unless it is running or done.
    func load(targetSize: ImagePixelSize) {
        guard let image else {
            refusal = WaterfallStrings.current.failures.sentence(
                for: DataLoadFailure(url: URL(string: "about:blank")!, kind: .refused("not a URI")))
            sync()
            return
        }
        image.load(targetSize: targetSize)
    }

    /// Cancels the load; the placeholder shows again.
    func cancel() {
        refusal = nil
        image?.cancel()
        sync()
    }

    /// The image was drawn: loads it again if the memory cache dropped its pixels, and keeps
    /// its animation going.
    func drawn() {
        image?.reloadIfEvicted()
        animation?.drawn()
    }

    /// Decodes `blurHash` for the placeholder (`nil` or an invalid hash: the plain one).
    func setBlurHash(_ blurHash: String?) {
        let size = image?.pixelSize
        let ratio = size.map { Double($0.width) / Double(max(1, $0.height)) } ?? 1
        placeholder = Texture.placeholder(blurHash: blurHash, colorHex: nil, aspectRatio: ratio)
        if image?.texture == nil, let owner { wf_image_invalidate_contents(owner) }
    }

    /// What to draw: the picture (the animation's current frame), else the BlurHash, else `nil`.
    var picture: Texture? {
        animation?.frame ?? image?.texture ?? placeholder
    }

    private func imageChanged() {
        animation?.stop()
        animation = nil
        if let texture = image?.texture, let frames = texture.animation {
            animation = PaintableAnimation(frames, first: texture) { [unowned(unsafe) self] in
                if let owner { wf_image_invalidate_contents(owner) }
            }
        }
        sync()
    }

    /// Mirrors the image's state into the C image's properties and intrinsic size.
    private func sync() {
        guard let owner else { return }
        var loading = false
        var message = refusal
        switch image?.phase {
        case .loading: loading = true
        case .failed(let error): message = WaterfallStrings.current.failures.sentence(for: error)
        case .loaded, .idle, nil: break
        }
        let size = image?.pixelSize
        wf_image_set_intrinsic_size(owner, gint(clamping: size?.width ?? 0), gint(clamping: size?.height ?? 0))
        wf_image_sync_state(owner, loading ? 1 : 0, message != nil ? 1 : 0, message)
        if image?.texture != nil { wf_image_invalidate_contents(owner) }
    }

    /// The C image is being disposed: its load is cancelled and it is never called again.
    func detach() {
        owner = nil
        animation?.stop()
        animation = nil
        image?.onChange = nil
        image?.cancel()
    }
}

@_cdecl("waterfall_swift_image_create")
@MainActor
func waterfallSwiftImageCreate(_ owner: OpaquePointer?, _ uri: UnsafePointer<CChar>?) -> gpointer? {
    FaceBox.retain(WaterfallImageFace(uri: String(cString: uri!), owner: owner!)) { $0.detach() }
}

@_cdecl("waterfall_swift_image_load")
@MainActor
func waterfallSwiftImageLoad(_ face: gpointer?, _ width: gint, _ height: gint) {
    FaceBox<WaterfallImageFace>.face(face)?.load(targetSize: ImagePixelSize(width: Int(width), height: Int(height)))
}

@_cdecl("waterfall_swift_image_started")
@MainActor
func waterfallSwiftImageStarted(_ face: gpointer?) -> gboolean {
    FaceBox<WaterfallImageFace>.face(face)?.isStarted == true ? 1 : 0
}

@_cdecl("waterfall_swift_image_cancel")
@MainActor
func waterfallSwiftImageCancel(_ face: gpointer?) {
    FaceBox<WaterfallImageFace>.face(face)?.cancel()
}

@_cdecl("waterfall_swift_image_drawn")
@MainActor
func waterfallSwiftImageDrawn(_ face: gpointer?) {
    FaceBox<WaterfallImageFace>.face(face)?.drawn()
}

@_cdecl("waterfall_swift_image_set_blurhash")
@MainActor
func waterfallSwiftImageSetBlurHash(_ face: gpointer?, _ blurHash: UnsafePointer<CChar>?) {
    FaceBox<WaterfallImageFace>.face(face)?.setBlurHash(blurHash.map { String(cString: $0) })
}

@_cdecl("waterfall_swift_image_get_picture")
@MainActor
func waterfallSwiftImageGetPicture(_ face: gpointer?) -> OpaquePointer? {
    FaceBox<WaterfallImageFace>.face(face)?.picture?.reference.pointer
}

@_cdecl("waterfall_swift_image_unavailable_text")
@MainActor
func waterfallSwiftImageUnavailableText() -> UnsafeMutablePointer<CChar>? {
    g_strdup(WaterfallStrings.current.imageUnavailable)
}
