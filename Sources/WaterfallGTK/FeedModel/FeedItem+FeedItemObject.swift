import CWaterfallGtk
import CWaterfallGtk4
import FoundationEssentials
import WaterfallFeed

extension FeedItem {
    /// The feed item a `WaterfallFeedItem` shows: its `id`, `image-uri`, size (as the model has
    /// it: corrected from the image's header when the feed gave none; 0 while unknown),
    /// `subtitle` as the price, `title`, `color` as `#RRGGBB`, `blurhash` and `link`; `nil` while
    /// the item is compacted (no image URI). Its origin is ``ContentOrigin/unrestricted``: the
    /// model already refused the URLs its page could not name.
    @MainActor
    init?(feedItem object: OpaquePointer) {
        guard let uri = waterfall_feed_item_get_image_uri(object).map({ String(cString: $0) }),
              let imageURL = URL(string: uri) else { return nil }
        func string(_ value: UnsafePointer<CChar>?) -> String? { value.map { String(cString: $0) } }
        self.init(id: string(waterfall_feed_item_get_id(object)), imageURL: imageURL,
                  pixelWidth: Double(waterfall_feed_item_get_width(object)),
                  pixelHeight: Double(waterfall_feed_item_get_height(object)),
                  price: string(waterfall_feed_item_get_subtitle(object)), title: string(waterfall_feed_item_get_title(object)),
                  colorHex: waterfall_feed_item_get_color(object).map { Self.hex($0.pointee) },
                  blurHash: string(waterfall_feed_item_get_blurhash(object)),
                  link: string(waterfall_feed_item_get_link(object)).flatMap { URL(string: $0) })
    }

    /// `#RRGGBB` of `color` (its alpha left out, as a feed's colour has none).
    private static func hex(_ color: GdkRGBA) -> String {
        "#" + [color.red, color.green, color.blue].map { channel in
            let value = Int((min(max(Double(channel), 0), 1) * 255).rounded())
            return (value < 16 ? "0" : "") + String(value, radix: 16, uppercase: true)
        }.joined()
    }
}
