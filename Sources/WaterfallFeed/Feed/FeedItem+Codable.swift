import FoundationEssentials

extension FeedItem: Encodable {
    private enum CodingKeys: String, CodingKey {
        case id
        case imageURL = "img"
        case pixelWidth = "w"
        case pixelHeight = "h"
        case price
        case title
        case colorHex = "color"
        case blurHash = "blur_hash"
        case link
    }

    /// Encodes the item in the project's own page format (`FeedSchema.standard`, which reads
    /// it back): `img` absolute, `id` and `price` as strings, `color`, `blur_hash` and `link` when set.
    /// The `origin` is not encoded: an item read back takes the origin of the page it is in.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(imageURL.absoluteString, forKey: .imageURL)
        try container.encode(pixelWidth, forKey: .pixelWidth)
        try container.encode(pixelHeight, forKey: .pixelHeight)
        try container.encodeIfPresent(price, forKey: .price)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(colorHex, forKey: .colorHex)
        try container.encodeIfPresent(blurHash, forKey: .blurHash)
        try container.encodeIfPresent(link?.absoluteString, forKey: .link)
    }
}
