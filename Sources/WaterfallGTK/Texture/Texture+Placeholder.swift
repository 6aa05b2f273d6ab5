import CWaterfallGtk4
import WaterfallFeed

extension Texture {
    /// Makes a texture from straight-alpha RGBA8 pixels, rows of `4 × width` bytes (copied).
    /// - Complexity: O(`width` × `height`).
    public convenience init(rgba pixels: [UInt8], width: Int, height: Int) {
        precondition(width > 0 && height > 0 && pixels.count >= width * height * 4, "pixel buffer smaller than width × height")
        let bytes = pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize(width * height * 4)) }
        let texture = gdk_memory_texture_new(gint(width), gint(height), GDK_MEMORY_R8G8B8A8, bytes, gsize(width * 4))!
        g_bytes_unref(bytes)
        self.init(adopting: texture)
    }

    /// The placeholder of an image from a feed's hints: its BlurHash decoded small (32 pixels on
    /// the long side, shaped like the image; the cell scales it up, which blurs it further), else
    /// its `#RRGGBB` colour as one pixel, else `nil` (the plain placeholder). Invalid hints are
    /// ignored.
    ///
    /// - Parameters:
    ///   - blurHash: the feed's `blur_hash`, or `nil`.
    ///   - colorHex: the feed's `color` (`#RRGGBB`), or `nil`.
    ///   - aspectRatio: the image's width / height.
    /// - Complexity: O(32² × BlurHash components).
    public static func placeholder(blurHash: String?, colorHex: String?, aspectRatio: Double) -> Texture? {
        if let blurHash, let hash = try? BlurHash(blurHash) {
            let ratio = aspectRatio.isFinite && aspectRatio > 0 ? aspectRatio : 1
            let (width, height) = ratio >= 1 ? (32, max(1, min(32, Int((32 / ratio).rounded()))))
                                             : (max(1, min(32, Int((32 * ratio).rounded()))), 32)
            return Texture(rgba: hash.rgba(width: width, height: height), width: width, height: height)
        }
        if let colorHex, let color = PlaceholderColor(hex: colorHex) {
            return Texture(rgba: [color.red, color.green, color.blue, 255], width: 1, height: 1)
        }
        return nil
    }
}
