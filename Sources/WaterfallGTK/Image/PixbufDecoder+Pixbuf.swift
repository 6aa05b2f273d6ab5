import CWaterfallGtk4
import Foundation
import Synchronization
import WaterfallFeed

extension PixbufDecoder {
    /// Decodes `data` with gdk-pixbuf's loaders: the size set in "size-prepared" (SVG rendered at
    /// the box's size, enlarged if need be; other formats never enlarged), the loader's embedded
    /// orientation applied (`gdk_pixbuf_apply_embedded_orientation`), a pixbuf the loader did not
    /// scale scaled after. An animated GIF or WebP comes back as its first frame carrying a
    /// `TextureAnimation`.
    ///
    /// - Complexity: O(decoded pixels + output pixels).
    /// - Throws: `DecodingError.undecodable`, or `.missingLoader` for an AVIF, HEIC or WebP image
    ///   without its loader (logged once per package).
    func decodeWithPixbuf(_ data: Data, maxPixelSize: ImagePixelSize) throws -> DecodedImage<Texture> {
        let loader = gdk_pixbuf_loader_new()!
        defer { g_object_unref(loader) }
        let target = TargetSize(maxPixelSize, enlarges: Self.isSVG(data))
        try withExtendedLifetime(target) {
            g_signal_connect_data(loader, "size-prepared", unsafeBitCast(Self.sizePrepared, to: GCallback.self),
                                  Unmanaged.passUnretained(target).toOpaque(), nil, GConnectFlags(rawValue: 0))
            var writeError: UnsafeMutablePointer<GError>?
            let written = data.withUnsafeBytes { bytes in
                gdk_pixbuf_loader_write(loader, bytes.baseAddress?.assumingMemoryBound(to: guchar.self), gsize(bytes.count),
                                        &writeError)
            }
            // Close even after a failed write: a loader must always be closed.
            var closeError: UnsafeMutablePointer<GError>?
            let closed = gdk_pixbuf_loader_close(loader, &closeError)
            let unknownType = [writeError, closeError].contains {
                $0.map { $0.pointee.domain == gdk_pixbuf_error_quark() && $0.pointee.code == GDK_PIXBUF_ERROR_UNKNOWN_TYPE.rawValue } ?? false
            }
            let message = Self.consume([writeError, closeError])
            if written == 0 || closed == 0 {
                if unknownType, let missing = MissingLoader(sniffing: data) {
                    missing.logOnce()
                    throw DecodingError.missingLoader(format: missing.format, package: missing.package)
                }
                throw DecodingError.undecodable("gdk-pixbuf: " + (message ?? "unknown error"))
            }
        }
        if let animation = gdk_pixbuf_loader_get_animation(loader) {
            let source = ImagePixelSize(width: Int(gdk_pixbuf_animation_get_width(animation)),
                                        height: Int(gdk_pixbuf_animation_get_height(animation)))
            if let animated = animatedTexture(from: loader, frameCount: ImageHeader.frameCount(in: data),
                                              size: maxPixelSize.fitting(source)) {
                return animated
            }
        }
        guard let loaded = gdk_pixbuf_loader_get_pixbuf(loader),
              var pixbuf = gdk_pixbuf_apply_embedded_orientation(loaded) else {
            throw DecodingError.undecodable("gdk-pixbuf: no image in the data")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let loadedSize = ImagePixelSize(width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)))
        let size = target.enlarges ? loadedSize : maxPixelSize.fitting(loadedSize)
        if size != loadedSize {
            // A loader that ignored the requested size (a module without size support).
            guard let scaled = gdk_pixbuf_scale_simple(pixbuf, gint(size.width), gint(size.height), GDK_INTERP_BILINEAR) else {
                throw DecodingError.undecodable("gdk-pixbuf: cannot scale the image")
            }
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            pixbuf = scaled
        }
        let texture = Texture(adopting: gdk_texture_new_for_pixbuf(pixbuf))
        return DecodedImage(image: texture, pixelWidth: size.width, pixelHeight: size.height,
                            byteCount: Int(gdk_pixbuf_get_byte_length(pixbuf)))
    }

    /// Whether the data looks like SVG (an `<svg` element in its first kilobyte).
    static func isSVG(_ data: Data) -> Bool {
        let head = data.prefix(1024)
        return head.firstRange(of: Data("<svg".utf8)) != nil
    }

    /// The box the "size-prepared" handler reads.
    private final class TargetSize {
        let size: ImagePixelSize
        let enlarges: Bool

        init(_ size: ImagePixelSize, enlarges: Bool) {
            self.size = size
            self.enlarges = enlarges && size.width > 0 && size.height > 0
        }

        /// The size to load a `source` image at.
        func loadSize(for source: ImagePixelSize) -> ImagePixelSize {
            guard enlarges, source.width > 0, source.height > 0 else { return size.fitting(source) }
            let scale = min(Double(size.width) / Double(source.width), Double(size.height) / Double(source.height))
            return ImagePixelSize(width: max(1, Int((Double(source.width) * scale).rounded())),
                                  height: max(1, Int((Double(source.height) * scale).rounded())))
        }
    }

    /// "size-prepared": asks the loader for the source size scaled to fit the target.
    private static let sizePrepared: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, gint, gint, gpointer?) -> Void = {
        loader, width, height, data in
        guard let loader, let data else { return }
        let target = Unmanaged<TargetSize>.fromOpaque(data).takeUnretainedValue()
        let size = target.loadSize(for: ImagePixelSize(width: Int(width), height: Int(height)))
        if size.width != Int(width) || size.height != Int(height) {
            gdk_pixbuf_loader_set_size(loader, gint(size.width), gint(size.height))
        }
    }

    /// The message of the first of `errors`; all of them are freed.
    private static func consume(_ errors: [UnsafeMutablePointer<GError>?]) -> String? {
        let present = errors.compactMap { $0 }
        defer { present.forEach { g_error_free($0) } }
        return present.first.map { String(cString: $0.pointee.message) }
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
        FileHandle.standardError.write(Data("waterfall: cannot decode \(format) images: install the \(package) package (gdk-pixbuf loader)\n".utf8))
    }
}
