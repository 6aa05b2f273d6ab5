import CWaterfallGtk4
import Foundation
import WaterfallFeed

/// Decodes image data with gdk-pixbuf into a `Texture` no larger than the requested size, on any
/// thread: the `ImageDecoding` of an `ImagePipeline<PixbufDecoder>`.
///
/// The target size is set from the loader's "size-prepared" signal with
/// `gdk_pixbuf_loader_set_size` (aspect ratio kept, never enlarged), so loaders that decode at a
/// reduced size do so: JPEG decodes at 1/2, 1/4 or 1/8 scale through libjpeg, never at full size
/// when the target is small. Loaders without reduced-size decoding (PNG, GIF, BMP, …) decode the
/// full image and then scale it; for those the source size is read from the header first
/// (`ImageHeader`) and images that would need more than `maximumDecodedPixelCount` pixels are
/// rejected before any pixel is decoded, so a 20000×20000 PNG never allocates 1.6 GB.
///
/// gdk-pixbuf decodes a cut-short file into a partly gray image without an error; PNG and JPEG
/// data is therefore checked for its end marker first and rejected when it is missing (other
/// formats show what arrived).
public struct PixbufDecoder: ImageDecoding {
    /// Why data could not be decoded.
    public enum DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The data is empty.
        case empty
        /// Decoding would need `pixelCount` pixels at once, more than the decoder's limit.
        case tooLarge(width: Int, height: Int, pixelCount: Int)
        /// gdk-pixbuf rejected the data (unknown format, corrupt or truncated), with its message.
        case undecodable(String)
        /// A PNG without its closing IEND chunk or a JPEG without its end-of-image marker: the
        /// file was cut short (gdk-pixbuf would show the part that arrived).
        case truncated(ImageHeader.Format)

        /// A readable one-line explanation.
        public var description: String {
            switch self {
            case .empty:
                return "empty image data"
            case .tooLarge(let width, let height, let pixelCount):
                return "a \(width)×\(height) image needs \(pixelCount) pixels to decode, over the limit"
            case .undecodable(let message):
                return "gdk-pixbuf: \(message)"
            case .truncated(let format):
                return "the \(format.rawValue) data is truncated"
            }
        }
    }

    /// The most pixels a decode may hold at once before scaling (4 bytes each).
    public var maximumDecodedPixelCount: Int

    /// Creates a decoder; the default limit of 50 megapixels is 200 MB of pixels.
    public init(maximumDecodedPixelCount: Int = 50_000_000) {
        self.maximumDecodedPixelCount = maximumDecodedPixelCount
    }

    /// Decodes `data` to fit `maxPixelSize`; see the type's discussion.
    ///
    /// - Complexity: O(decoded pixels + output pixels).
    /// - Throws: `PixbufDecoder.DecodingError`.
    public func decode(_ data: Data, maxPixelSize: ImagePixelSize) throws -> DecodedImage<Texture> {
        guard !data.isEmpty else { throw DecodingError.empty }
        if let header = ImageHeader.read(from: data) {
            let pixels = Self.decodedPixelCount(of: header, fitting: maxPixelSize)
            guard pixels <= maximumDecodedPixelCount else {
                throw DecodingError.tooLarge(width: header.pixelWidth, height: header.pixelHeight, pixelCount: pixels)
            }
            guard Self.hasEndMarker(data, format: header.format) else {
                throw DecodingError.truncated(header.format)
            }
        }
        let loader = gdk_pixbuf_loader_new()!
        defer { g_object_unref(loader) }
        let target = TargetSize(maxPixelSize)
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
            let message = Self.consume([writeError, closeError])
            if written == 0 || closed == 0 {
                throw DecodingError.undecodable(message ?? "unknown error")
            }
        }
        guard var pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw DecodingError.undecodable("no image in the data")
        }
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let size = maxPixelSize.fitting(ImagePixelSize(width: Int(gdk_pixbuf_get_width(pixbuf)),
                                                       height: Int(gdk_pixbuf_get_height(pixbuf))))
        if size.width != Int(gdk_pixbuf_get_width(pixbuf)) || size.height != Int(gdk_pixbuf_get_height(pixbuf)) {
            // A loader that ignored the requested size (a module without size support).
            guard let scaled = gdk_pixbuf_scale_simple(pixbuf, gint(size.width), gint(size.height), GDK_INTERP_BILINEAR) else {
                throw DecodingError.undecodable("cannot scale the image")
            }
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            pixbuf = scaled
        }
        let texture = Texture(adopting: gdk_texture_new_for_pixbuf(pixbuf))
        return DecodedImage(image: texture, pixelWidth: size.width, pixelHeight: size.height,
                            byteCount: Int(gdk_pixbuf_get_byte_length(pixbuf)))
    }

    /// The pixels a loader holds at once for `header` when asked for `target`: JPEG decodes at
    /// the smallest of 1/1, 1/2, 1/4, 1/8 scale that still covers the target; the other loaders
    /// decode at full size.
    static func decodedPixelCount(of header: ImageHeader, fitting target: ImagePixelSize) -> Int {
        let source = ImagePixelSize(width: header.pixelWidth, height: header.pixelHeight)
        var denominator = 1
        if header.format == .jpeg {
            let fitted = target.fitting(source)
            while denominator < 8,
                  source.width / (denominator * 2) >= fitted.width, source.height / (denominator * 2) >= fitted.height {
                denominator *= 2
            }
        }
        let width = (source.width + denominator - 1) / denominator
        let height = (source.height + denominator - 1) / denominator
        return width.multipliedReportingOverflow(by: height).overflow ? .max : width * height
    }

    /// Whether PNG data ends with its IEND chunk, or JPEG data has an end-of-image marker (FF D9)
    /// in its last kilobyte (cameras may append bytes after it; inside entropy-coded data FF is
    /// always followed by 00, so the marker cannot appear by accident). Other formats pass.
    static func hasEndMarker(_ data: Data, format: ImageHeader.Format) -> Bool {
        switch format {
        case .png:
            return data.suffix(12).elementsEqual([0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        case .jpeg:
            let tail = Array(data.suffix(1024))
            return zip(tail, tail.dropFirst()).contains { $0 == 0xFF && $1 == 0xD9 }
        default:
            return true
        }
    }

    /// The box the "size-prepared" handler reads.
    private final class TargetSize {
        let size: ImagePixelSize

        init(_ size: ImagePixelSize) {
            self.size = size
        }
    }

    /// "size-prepared": asks the loader for the source size scaled to fit the target.
    private static let sizePrepared: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, gint, gint, gpointer?) -> Void = {
        loader, width, height, data in
        guard let loader, let data else { return }
        let target = Unmanaged<TargetSize>.fromOpaque(data).takeUnretainedValue().size
        let fitted = target.fitting(ImagePixelSize(width: Int(width), height: Int(height)))
        if fitted.width != Int(width) || fitted.height != Int(height) {
            gdk_pixbuf_loader_set_size(loader, gint(fitted.width), gint(fitted.height))
        }
    }

    /// The message of the first of `errors`; all of them are freed.
    private static func consume(_ errors: [UnsafeMutablePointer<GError>?]) -> String? {
        let present = errors.compactMap { $0 }
        defer { present.forEach { g_error_free($0) } }
        return present.first.map { String(cString: $0.pointee.message) }
    }
}
