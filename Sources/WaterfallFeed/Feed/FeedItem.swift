import Foundation

/// One entry of a feed: an image URL with the image's pixel size, known before the image loads
/// so a layout can place the item without moving it later, plus optional caption fields.
///
/// In a page document the keys are `img`, `w`, `h`, `price`, `title`, `id`, `color` and
/// `blur_hash` (see `FeedItem+Codable.swift`).
public struct FeedItem: Sendable, Hashable {
    /// The item's identity as given by the feed (`id`, a string or a number; numbers are kept in
    /// their shortest decimal form, so `42` and `"42"` are the same id), or `nil`.
    public var id: String?
    /// The absolute image URL (`img`, resolved against the page URL when relative).
    public var imageURL: URL
    /// The image's width in pixels (`w`).
    public var pixelWidth: Double
    /// The image's height in pixels (`h`).
    public var pixelHeight: Double
    /// The price caption (`price`, a string or a number in the document), or `nil`.
    public var price: String?
    /// The title (`title`), or `nil`.
    public var title: String?
    /// The image's dominant colour as `#RRGGBB` (`color`, as Unsplash gives it), filling the
    /// placeholder until the image loads (see `PlaceholderColor`), or `nil`.
    public var colorHex: String?
    /// A BlurHash of the image (`blur_hash`), decoded into a blurred placeholder (see
    /// `BlurHash`), or `nil`.
    public var blurHash: String?

    /// Creates an item.
    public init(id: String? = nil, imageURL: URL, pixelWidth: Double, pixelHeight: Double,
                price: String? = nil, title: String? = nil, colorHex: String? = nil, blurHash: String? = nil) {
        self.id = id
        self.imageURL = imageURL
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.price = price
        self.title = title
        self.colorHex = colorHex
        self.blurHash = blurHash
    }

    /// The key duplicates are detected by: the `id` when there is one, else the image URL.
    public var deduplicationKey: String {
        id.map { "id:" + $0 } ?? "img:" + imageURL.absoluteString
    }

    /// Whether both pixel dimensions are finite and greater than zero. Feed pages drop items
    /// without a valid size and count them in `FeedPage.droppedItemCount`, because a masonry
    /// layout cannot place an item whose aspect ratio is unknown without moving it later.
    public var hasValidPixelSize: Bool {
        pixelWidth.isFinite && pixelHeight.isFinite && pixelWidth > 0 && pixelHeight > 0
    }
}
