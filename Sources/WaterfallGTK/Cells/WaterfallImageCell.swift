import CWaterfallGtk
import CWaterfallGtk4
import WaterfallFeed

/// A cell that shows an image scaled to cover it, a placeholder until the image is ready, and a
/// caption strip across its bottom — seed 004's shop cell: 25 px high, black at 30% behind
/// white centred text (a price).
///
/// The caption is a `GtkInscription`, GTK's text widget for recycled cells: its size does not
/// depend on its text, so rebinding a cell never re-measures it; the text is shaped when drawn.
///
/// Images load either from an `ImagePipeline` (``loadImage(_:from:)``: a cached image shows at
/// once, otherwise the cell keeps the pipeline's `ImageTask`) or through a closure
/// (``loadImage(_:)``) that runs off the main actor. Either load is cancelled when the cell is
/// reused or given another image first, so a late image never lands in a cell that already shows
/// another item. A load that fails shows the error placeholder.
///
/// An animated GIF or WebP (a texture with an `animation`) plays on the picture's frame clock
/// with its own frame delays while the cell is mapped and GTK's `gtk-enable-animations` is on;
/// it pauses when the window is hidden or animations are turned off, and stops when the cell is
/// reused (cells off screen are reused, so nothing plays off screen).
///
/// The placeholder is a plain style, or an image set with ``setPlaceholder(_:)`` — a feed's
/// dominant colour or BlurHash (`Texture.placeholder(blurHash:colorHex:aspectRatio:)`).
///
/// A pending load holds the cell (not a weak reference: a weak reference gives the object a
/// side table for life, which leak checkers report as lost, one per cell), so a cell outlives
/// its view by at most the time its last load takes to notice cancellation.
///
/// Assistive technologies see only the cell, named by ``WaterfallCell/setAccessibleLabel(_:)`` (e.g. "title,
/// price"): the picture is presentational and the caption, whose text the label repeats, is
/// hidden from them, so nothing is read twice.
@MainActor
public final class WaterfallImageCell: WaterfallCell {
    /// The reuse identifier of image cells unless the data source picks another.
    public static let defaultReuseIdentifier = "WaterfallImageCell"
    /// The height of the caption strip (seed 004: 25), that of `WaterfallFeedItemFactory`'s cells
    /// too (`WF_CAPTION_HEIGHT`, in C).
    public static let captionHeight = Int(WF_CAPTION_HEIGHT)

    /// Where the caption goes.
    public enum CaptionStyle: Sendable {
        /// Seed 004's strip across the image's bottom, one line, ellipsized.
        case strip
        /// Below the image, wrapped over as many lines as it needs (the Pinterest look); the
        /// cell is then self-sizing: see ``measuredHeight(forWidth:)``.
        case wrappedBelow
    }

    /// Where the caption goes (fixed at creation).
    public let captionStyle: CaptionStyle
    /// The shown image's height / width, which ``measuredHeight(forWidth:)`` adds the wrapped
    /// caption to; set it when binding an item (`nil`: measure the whole widget).
    public var imageAspectRatio: Double?

    private let picture: OpaquePointer
    private let placeholder: UnsafeMutablePointer<GtkWidget>
    private let placeholderPicture: OpaquePointer
    private let errorLabel: UnsafeMutablePointer<GtkWidget>
    private let caption: OpaquePointer
    /// The wrapped caption of ``CaptionStyle/wrappedBelow``.
    private let wrappedCaption: UnsafeMutablePointer<GtkWidget>?
    /// The Swift task awaiting the current load (a closure's, or an `ImageTask`'s outcome);
    /// readable in the module so tests can wait for a cancelled load to end.
    private(set) var imageTask: Task<Void, Never>?
    /// The pipeline's handle on the current load: cancelling it stops the download and decode.
    private var pipelineTask: ImageTask<Texture>?
    private var imageGeneration = 0
    /// The animation playing, and its tick callback on the picture.
    private var player: AnimationPlayer?
    private var tickID: UInt32?

    /// Creates an image cell with an empty picture, a visible placeholder and an empty caption
    /// in `captionStyle`.
    public init(reuseIdentifier: String = WaterfallImageCell.defaultReuseIdentifier,
                captionStyle: CaptionStyle = .strip) {
        picture = gcast(gtk_picture_new())
        placeholder = gtk_overlay_new()
        placeholderPicture = gcast(gtk_picture_new())
        errorLabel = gtk_label_new(WaterfallStrings.current.imageUnavailable)
        caption = gcast(gtk_inscription_new(nil))
        self.captionStyle = captionStyle
        wrappedCaption = captionStyle == .wrappedBelow ? gtk_label_new(nil) : nil
        super.init(reuseIdentifier: reuseIdentifier)

        gtk_picture_set_content_fit(picture, GTK_CONTENT_FIT_COVER)
        gtk_picture_set_can_shrink(picture, 1)
        Accessible.setHidden(picture, true)
        if let wrappedCaption {
            let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_set_vexpand(gcast(picture), 1)
            gtk_box_append(gcast(column), gcast(picture))
            gtk_label_set_wrap(gcast(wrappedCaption), 1)
            gtk_label_set_wrap_mode(gcast(wrappedCaption), PANGO_WRAP_WORD_CHAR)
            gtk_label_set_xalign(gcast(wrappedCaption), 0)
            gtk_widget_add_css_class(wrappedCaption, WaterfallStyle.ClassName.wrappedCaption)
            gtk_box_append(gcast(column), wrappedCaption)
            Accessible.setHidden(column, true)
            setContent(column)
        } else {
            setContent(picture)
        }

        gtk_widget_add_css_class(placeholder, WaterfallStyle.ClassName.placeholder)
        gtk_widget_set_can_target(placeholder, 0)
        Accessible.setHidden(placeholder, true)
        gtk_label_set_justify(gcast(errorLabel), GTK_JUSTIFY_CENTER)
        gtk_widget_set_vexpand(errorLabel, 1)
        gtk_widget_set_valign(errorLabel, GTK_ALIGN_CENTER)
        gtk_widget_set_visible(errorLabel, 0)
        gtk_picture_set_content_fit(placeholderPicture, GTK_CONTENT_FIT_COVER)
        gtk_picture_set_can_shrink(placeholderPicture, 1)
        gtk_overlay_set_child(gcast(placeholder), gcast(placeholderPicture))
        gtk_overlay_add_overlay(gcast(placeholder), errorLabel)
        addOverlay(placeholder)

        let captionWidget: UnsafeMutablePointer<GtkWidget> = gcast(caption)
        gtk_widget_add_css_class(captionWidget, WaterfallStyle.ClassName.caption)
        gtk_widget_set_valign(captionWidget, GTK_ALIGN_END)
        gtk_widget_set_size_request(captionWidget, -1, gint(Self.captionHeight))
        gtk_inscription_set_xalign(caption, 0.5)
        gtk_inscription_set_yalign(caption, 0.5)
        gtk_inscription_set_text_overflow(caption, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
        gtk_widget_set_can_target(captionWidget, 0)
        Accessible.setHidden(captionWidget, true)
        if wrappedCaption == nil { addOverlay(caption) }
    }

    /// The caption text (seed 004: the price; wrapped below the image, any text).
    public func setCaption(_ text: String) {
        if let wrappedCaption {
            gtk_label_set_text(gcast(wrappedCaption), text)
        } else {
            gtk_inscription_set_text(caption, text)
        }
    }

    /// The text the caption shows (empty when none was set).
    public var captionText: String {
        if let wrappedCaption {
            return String(cString: gtk_label_get_text(gcast(wrappedCaption)))
        }
        return gtk_inscription_get_text(caption).map { String(cString: $0) } ?? ""
    }

    /// With ``CaptionStyle/wrappedBelow`` and an ``imageAspectRatio``: the image's height at
    /// `width` plus the wrapped caption's natural height for `width` (`gtk_widget_measure`), so
    /// the answer does not depend on whether the image has arrived. Otherwise the whole
    /// widget's natural height.
    public override func measuredHeight(forWidth width: Double) -> Double {
        guard let wrappedCaption, let ratio = imageAspectRatio, ratio.isFinite, ratio > 0 else {
            return super.measuredHeight(forWidth: width)
        }
        return (width * ratio).rounded() + Self.naturalHeight(of: wrappedCaption, forWidth: width)
    }

    /// Fills the placeholder with `texture` (scaled to cover the cell) until the image shows, or
    /// with the plain placeholder style when `nil`. Reuse clears it.
    public func setPlaceholder(_ texture: Texture?) {
        gtk_picture_set_paintable(placeholderPicture, texture.map { gcast($0.reference.pointer) })
    }

    /// Whether the placeholder has an image (a colour or BlurHash).
    public var hasPlaceholderImage: Bool { gtk_picture_get_paintable(placeholderPicture) != nil }

    /// Shows `texture` now (or the placeholder when `nil`), cancelling any pending load.
    public func setImage(_ texture: Texture?) {
        cancelImageLoad()
        show(texture)
    }

    #if compiler(>=6.2)
    /// Shows the placeholder, then runs `load` off the main actor and shows its texture, unless
    /// the cell is reused or given another image first: that cancels the load's task (check
    /// `Task.isCancelled` in long work) and drops its result.
    public func loadImage(_ load: @escaping @concurrent @Sendable () async -> Texture?) {
        startImageLoad { await load() }
    }
    #else
    // Before Swift 6.2 (no `@concurrent`) a nonisolated async closure always runs off the actor.
    public func loadImage(_ load: @escaping @Sendable () async -> Texture?) { startImageLoad(load) }
    #endif

    /// What `loadImage(_:)` does: `load` runs off the main actor.
    private func startImageLoad(_ load: @escaping @Sendable () async -> Texture?) {
        cancelImageLoad()
        show(nil)
        let generation = imageGeneration
        imageTask = Task {
            let texture = await load()
            guard !Task.isCancelled, imageGeneration == generation else { return }
            imageTask = nil
            show(texture)
        }
    }

    /// Shows the image of `request` from `pipeline`: in this call when the pipeline's memory
    /// cache has it (so it appears in the same frame as the cell), otherwise the placeholder
    /// until the pipeline's `ImageTask` finishes, then the image or the error placeholder.
    ///
    /// The cell keeps the `ImageTask` and cancels it when it is reused or given another image,
    /// which cancels the download and decode unless another request shares them. Nothing runs on
    /// the main actor meanwhile: the pipeline downloads and decodes on its own tasks.
    ///
    /// - Returns: whether the image was shown from the memory cache in this call.
    /// - Complexity: O(1) on the main actor.
    @discardableResult
    public func loadImage<Decoder: ImageDecoding>(_ request: ImageRequest, from pipeline: ImagePipeline<Decoder>) -> Bool
    where Decoder.Image == Texture {
        cancelImageLoad()
        if let cached = pipeline.cachedImage(for: request.url, size: request.targetSize) {
            show(cached.image)
            return true
        }
        show(nil)
        let task = pipeline.imageTask(for: request)
        pipelineTask = task
        let generation = imageGeneration
        imageTask = Task {
            let outcome = await task.outcome()
            guard imageGeneration == generation else { return }
            imageTask = nil
            pipelineTask = nil
            switch outcome {
            case .success(let image): show(image.image)
            case .failure(.cancelled): break
            case .failure(let error): showError(error)
            }
        }
        return false
    }

    /// Whether the image is shown (false while the placeholder is).
    public var hasImage: Bool { gtk_picture_get_paintable(picture) != nil }

    /// Whether the error placeholder is shown: the last load failed (not merely cancelled).
    public var showsError: Bool { gtk_widget_get_visible(errorLabel) != 0 }

    /// Cancels the image load and clears the picture before the cell shows another item.
    public override func prepareForReuse() {
        super.prepareForReuse()
        setImage(nil)
        setPlaceholder(nil)
    }

    private func cancelImageLoad() {
        imageGeneration &+= 1
        pipelineTask?.cancel()
        pipelineTask = nil
        imageTask?.cancel()
        imageTask = nil
    }

    /// The `GdkTexture` the picture shows (tests read its pixels).
    var displayedPaintable: OpaquePointer? { gtk_picture_get_paintable(picture) }

    /// Whether an animation is playing (or paused) in the cell.
    public var isAnimating: Bool { player != nil }

    /// The index of the animation frame shown (0 when still).
    public var animationFrameIndex: Int { player?.frameIndex ?? 0 }

    /// Advances the animation to the frame clock's `frameTime` (microseconds) as a tick does:
    /// `active` false (unmapped, animations off) holds it where it is. Tests pump frames with it.
    public func advanceAnimation(toFrameTime frameTime: Int64, active: Bool) {
        guard let player, let frame = player.tick(frameTime: frameTime, active: active) else { return }
        gtk_picture_set_paintable(picture, gcast(frame.reference.pointer))
    }

    private func play(_ animation: TextureAnimation?) {
        if let tickID { TickCallback.remove(from: picture, tickID) }
        tickID = nil
        player = animation.map(AnimationPlayer.init)
        guard player != nil else { return }
        tickID = TickCallback.add(to: picture) { [weak self] frameTime in
            guard let self else { return false }
            let widget: UnsafeMutablePointer<GtkWidget> = gcast(self.picture)
            self.advanceAnimation(toFrameTime: frameTime,
                                  active: gtk_widget_get_mapped(widget) != 0 && wf_animations_enabled(widget) != 0)
            return true
        }
    }

    private func show(_ texture: Texture?) {
        gtk_picture_set_paintable(picture, texture.map { gcast($0.reference.pointer) })
        play(texture?.animation)
        gtk_widget_set_visible(placeholder, texture == nil ? 1 : 0)
        Accessible.setHidden(placeholder, true)  // showing it puts it back in the tree
        setError(false)
    }

    /// Shows the error placeholder; its tooltip says what happened in plain words.
    private func showError(_ error: ImagePipelineError) {
        show(nil)
        setError(true)
        gtk_widget_set_tooltip_text(errorLabel, WaterfallStrings.current.failures.sentence(for: error))
    }

    /// The error placeholder's tooltip (why the image failed, in plain words), or `nil`.
    var errorTooltip: String? {
        guard showsError, let text = gtk_widget_get_tooltip_text(errorLabel) else { return nil }
        return String(cString: text)
    }

    private func setError(_ failed: Bool) {
        guard showsError != failed else { return }
        gtk_widget_set_visible(errorLabel, failed ? 1 : 0)
        // A failed image shows the error style, not its colour or BlurHash.
        gtk_widget_set_visible(gcast(placeholderPicture), failed ? 0 : 1)
        if failed {
            gtk_widget_add_css_class(placeholder, WaterfallStyle.ClassName.failed)
        } else {
            gtk_widget_remove_css_class(placeholder, WaterfallStyle.ClassName.failed)
        }
    }
}
