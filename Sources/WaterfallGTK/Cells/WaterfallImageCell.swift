import CGtk

/// A cell that shows an image scaled to cover it, a placeholder until the image is ready, and a
/// caption strip across its bottom — seed 004's shop cell: 25 px high, black at 30% behind
/// white centred text (a price).
///
/// The caption is a `GtkInscription`, GTK's text widget for recycled cells: its size does not
/// depend on its text, so rebinding a cell never re-measures it; the text is shaped when drawn.
///
/// Images load through ``loadImage(_:)``: the closure runs off the main actor, and its work is
/// cancelled when the cell is reused or given another image first, so a late image never lands
/// in a cell that already shows another item.
@MainActor
public final class WaterfallImageCell: WaterfallCell {
    /// The reuse identifier of image cells unless the data source picks another.
    public static let defaultReuseIdentifier = "WaterfallImageCell"
    /// The height of the caption strip (seed 004: 25).
    public static let captionHeight = 25

    private let picture: OpaquePointer
    private let placeholder: UnsafeMutablePointer<GtkWidget>
    private let caption: OpaquePointer
    private var imageTask: Task<Void, Never>?
    private var imageGeneration = 0

    /// Creates an image cell with an empty picture, a visible placeholder and an empty caption.
    public override init(reuseIdentifier: String = WaterfallImageCell.defaultReuseIdentifier) {
        picture = gcast(gtk_picture_new())
        placeholder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        caption = gcast(gtk_inscription_new(nil))
        super.init(reuseIdentifier: reuseIdentifier)

        gtk_picture_set_content_fit(picture, GTK_CONTENT_FIT_COVER)
        gtk_picture_set_can_shrink(picture, 1)
        setContent(picture)

        gtk_widget_add_css_class(placeholder, WaterfallStyle.ClassName.placeholder)
        gtk_widget_set_can_target(placeholder, 0)
        addOverlay(placeholder)

        let captionWidget: UnsafeMutablePointer<GtkWidget> = gcast(caption)
        gtk_widget_add_css_class(captionWidget, WaterfallStyle.ClassName.caption)
        gtk_widget_set_valign(captionWidget, GTK_ALIGN_END)
        gtk_widget_set_size_request(captionWidget, -1, gint(Self.captionHeight))
        gtk_inscription_set_xalign(caption, 0.5)
        gtk_inscription_set_yalign(caption, 0.5)
        gtk_inscription_set_text_overflow(caption, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
        gtk_widget_set_can_target(captionWidget, 0)
        addOverlay(caption)
    }

    /// The caption text (seed 004: the price).
    public func setCaption(_ text: String) {
        gtk_inscription_set_text(caption, text)
    }

    /// Shows `texture` now (or the placeholder when `nil`), cancelling any pending load.
    public func setImage(_ texture: Texture?) {
        cancelImageLoad()
        show(texture)
    }

    /// Shows the placeholder, then runs `load` off the main actor and shows its texture, unless
    /// the cell is reused or given another image first: that cancels the load's task (check
    /// `Task.isCancelled` in long work) and drops its result.
    public func loadImage(_ load: @escaping @concurrent @Sendable () async -> Texture?) {
        cancelImageLoad()
        show(nil)
        let generation = imageGeneration
        imageTask = Task { [weak self] in
            let texture = await load()
            guard let self, !Task.isCancelled, self.imageGeneration == generation else { return }
            self.imageTask = nil
            self.show(texture)
        }
    }

    /// Whether the image is shown (false while the placeholder is).
    public var hasImage: Bool { gtk_picture_get_paintable(picture) != nil }

    /// Cancels the image load and clears the picture before the cell shows another item.
    public override func prepareForReuse() {
        super.prepareForReuse()
        setImage(nil)
    }

    private func cancelImageLoad() {
        imageGeneration &+= 1
        imageTask?.cancel()
        imageTask = nil
    }

    private func show(_ texture: Texture?) {
        gtk_picture_set_paintable(picture, texture.map { gcast($0.reference.pointer) })
        gtk_widget_set_visible(placeholder, texture == nil ? 1 : 0)
    }
}
