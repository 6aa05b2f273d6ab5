import FoundationEssentials

/// One entry of a feed: an image URL with the image's pixel size when the feed gives it (so a
/// layout can place the item without moving it later), plus optional caption and placeholder
/// fields.
///
/// In the project's own page format the keys are `img`, `w`, `h`, `price`, `title` and `id`;
/// other shapes are read through a `FeedSchema`.
public struct FeedItem: Sendable, Hashable {
    /// The item's identity as given by the feed (`id`, a string or a number; numbers are kept in
    /// their shortest decimal form, so `42` and `"42"` are the same id), or `nil`.
    public var id: String?
    /// The absolute image URL (`img`, resolved against the page URL when relative).
    public var imageURL: URL
    /// The image's width in pixels (`w`); 0 when the feed does not give it.
    public var pixelWidth: Double
    /// The image's height in pixels (`h`); 0 when the feed does not give it.
    public var pixelHeight: Double
    /// The price caption (`price`, a string or a number in the document), or `nil`.
    public var price: String?
    /// The title (`title`, HTML entities decoded), or `nil`.
    public var title: String?
    /// A placeholder colour as the feed writes it (`color`, e.g. `#60544D`), or `nil`.
    public var colorHex: String?
    /// A BlurHash placeholder (`blur_hash`), or `nil`.
    public var blurHash: String?
    /// The web page the item stands for (`link`, resolved against the page URL), or `nil`.
    public var link: URL?
    /// The origin of the page that named the item, which decides which image URLs it may name
    /// (see ``ContentOrigin``): `.remote` for an item of an `http(s)` page, the folder for a
    /// local page or folder feed, `.unrestricted` for items the application makes itself. Pass
    /// it on as `ImageRequest.origin`.
    public var origin: ContentOrigin

    /// Creates an item; a width or height of 0 means unknown.
    public init(id: String? = nil, imageURL: URL, pixelWidth: Double, pixelHeight: Double,
                price: String? = nil, title: String? = nil, colorHex: String? = nil, blurHash: String? = nil,
                link: URL? = nil, origin: ContentOrigin = .unrestricted) {
        self.id = id
        self.imageURL = imageURL
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.price = price
        self.title = title
        self.colorHex = colorHex
        self.blurHash = blurHash
        self.link = link
        self.origin = origin
    }

    /// The key duplicates are detected by: the `id` when there is one, else the image URL.
    public var deduplicationKey: String {
        id.map { "id:" + $0 } ?? "img:" + imageURL.absoluteString
    }

    /// Whether both pixel dimensions are finite and greater than zero. An item without a valid
    /// size is still loaded: a view lays it out at an estimate (`AspectRatioEstimate`) and
    /// corrects it once the image header tells the real size.
    public var hasValidPixelSize: Bool {
        pixelWidth.isFinite && pixelHeight.isFinite && pixelWidth > 0 && pixelHeight > 0
    }
}
