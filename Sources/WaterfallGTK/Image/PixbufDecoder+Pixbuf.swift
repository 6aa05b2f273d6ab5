import CWaterfallGtk4
import CWaterfallPixbufDecoding
import FoundationEssentials
import Synchronization
import WaterfallFeed

extension PixbufDecoder {
    /// Decodes `data` in this process with gdk-pixbuf's loaders (`CWaterfallPixbufDecoding`, the
    /// code the sandboxed worker runs too): the size set in "size-prepared" (SVG rendered at the
    /// box's size, enlarged if need be; other formats never enlarged), the loader's embedded
    /// orientation applied, a pixbuf the loader did not scale scaled after. An animated GIF or
    /// WebP comes back as its first frame carrying a `TextureAnimation`.
    ///
    /// - Complexity: O(decoded pixels + output pixels).
    /// - Throws: `DecodingError.undecodable`, or `.missingLoader` for an AVIF, HEIC or WebP image
    ///   without its loader (logged once per package).
    func decodeWithPixbuf(_ data: Data, maxPixelSize: ImagePixelSize) throws -> DecodedImage<Texture> {
        let enlarges = Self.isSVG(data)
        var unknownType: Int32 = 0
        var error = [CChar](repeating: 0, count: Int(WF_PIXBUF_ERROR_SIZE))
        let loaded = data.withUnsafeBytes { bytes in
            wf_pixbuf_load(bytes.baseAddress?.assumingMemoryBound(to: guchar.self), gsize(bytes.count),
                           gint(maxPixelSize.width), gint(maxPixelSize.height), enlarges ? 1 : 0, &unknownType, &error)
        }
        guard let loader = loaded else {
            throw Self.loadFailure(data, message: Self.text(of: error), unknownType: unknownType != 0)
        }
        defer { g_object_unref(loader) }
        if let animation = gdk_pixbuf_loader_get_animation(loader) {
            let source = ImagePixelSize(width: Int(gdk_pixbuf_animation_get_width(animation)),
                                        height: Int(gdk_pixbuf_animation_get_height(animation)))
            if let animated = animatedTexture(from: loader, frameCount: ImageHeader.frameCount(in: data),
                                              size: maxPixelSize.fitting(source)) {
                return animated
            }
        }
        guard let pixbuf = wf_pixbuf_still(loader, gint(maxPixelSize.width), gint(maxPixelSize.height), enlarges ? 1 : 0,
                                           &error) else {
            throw DecodingError.undecodable(Self.text(of: error))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let texture = Texture(sharingPixelsOf: pixbuf)
        return DecodedImage(image: texture, pixelWidth: Int(gdk_pixbuf_get_width(pixbuf)),
                            pixelHeight: Int(gdk_pixbuf_get_height(pixbuf)), byteCount: Int(gdk_pixbuf_get_byte_length(pixbuf)))
    }

    /// The error of data no loader decoded: `missingLoader` (logged once per package) when no
    /// loader recognised an AVIF, HEIC or WebP image, else `undecodable` with the loader's message.
    static func loadFailure(_ data: Data, message: String, unknownType: Bool) -> DecodingError {
        if unknownType, let missing = MissingLoader(sniffing: data) {
            missing.logOnce()
            return .missingLoader(format: missing.format, package: missing.package)
        }
        return .undecodable(message)
    }

    /// The text of a NUL-terminated C message buffer.
    private static func text(of message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether the data looks like SVG (an `<svg` element in its first kilobyte).
    static func isSVG(_ data: Data) -> Bool {
        let head = data.prefix(1024)
        return head.firstRange(of: Data("<svg".utf8)) != nil
    }
}

/// A format gdk-pixbuf has no loader for here, recognised from its bytes, with the Debian package
/// that provides the loader.
struct MissingLoader: Hashable {
    /// The format's name.
    let format: String
    /// The Debian package with its gdk-pixbuf loader.
    let package: String

    /// The packages already reported, so each is logged once per process.
    private static let reported = Mutex<Set<String>>([])

    /// Recognises AVIF and HEIF/HEIC (ISO-BMFF `ftyp` brands) and WebP (`RIFF….WEBP`).
    init?(sniffing data: Data) {
        let head = [UInt8](data.prefix(12))
        guard head.count == 12 else { return nil }
        let brand = String(decoding: head[8..<12], as: UTF8.self)
        if head[4..<8].elementsEqual("ftyp".utf8) {
            switch brand {
            case "avif", "avis": (format, package) = ("AVIF", "libavif-gdk-pixbuf")
            case "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1": (format, package) = ("HEIC", "heif-gdk-pixbuf")
            default: return nil
            }
        } else if head[0..<4].elementsEqual("RIFF".utf8), brand == "WEBP" {
            (format, package) = ("WebP", "webp-pixbuf-loader")
        } else {
            return nil
        }
    }

    /// Writes the missing package to standard error, the first time it is missing.
    func logOnce() {
        guard Self.reported.withLock({ $0.insert(package).inserted }) else { return }
        StandardError.write("waterfall: cannot decode \(format) images: install the \(package) package (gdk-pixbuf loader)\n")
    }
}
