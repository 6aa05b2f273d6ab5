import CWaterfallGtk4
import FoundationEssentials
import WaterfallFeed

/// Decodes image data of any pixel size into a `Texture` no larger than the requested size, on
/// any thread: the `ImageDecoding` of an `ImagePipeline<PixbufDecoder>`.
///
/// Never decoded whole: JPEG, PNG and still WebP go through streaming decoders
/// (`CWaterfallImageDecoding`: libjpeg-turbo's DCT scaling then a box filter, progressive and
/// CMYK/YCCK included; libpng row by row, Adam7 passes included, into a box filter; libwebp's own
/// scaling), so memory stays proportional to the output plus a few source rows — a 12000×12000
/// PNG or a 16000×12000 progressive JPEG decodes to a cell in tens of megabytes. JPEG's EXIF
/// orientation (all eight values) is applied and the requested box is fitted to the image as
/// shown, so a portrait phone photo comes out portrait.
///
/// Everything else (GIF, BMP, TIFF, SVG, animated WebP, AVIF, HEIC, …) goes through gdk-pixbuf's
/// loaders with the target size set in "size-prepared" (SVG renders at it; loaders without
/// reduced-size decoding decode whole and are then scaled), and the orientation a loader reports
/// is applied. AVIF, HEIC and WebP need Debian's `libavif-gdk-pixbuf`, `heif-gdk-pixbuf` and
/// `webp-pixbuf-loader`; when one is missing the decode fails and the missing package is logged
/// once.
///
/// Truncated PNG and JPEG data is rejected (the libraries would show the part that arrived).
///
/// Where the decoding runs is the decoder's ``decoding``. Sandboxed (the default), every format
/// decodes in worker processes (`ImageWorkerPool`) after the same header checks here, with the
/// same code: the streamed formats in workers that load nothing else, the others in workers that
/// load gdk-pixbuf's loaders first. An animation whose frames at the output size exceed
/// `maximumAnimationBytes` then comes back with smaller frames (a worker cannot keep the
/// animation to render frames as they come due). When no worker can be started, images fail
/// with the reason and nothing is decoded; decoding in the app's own process is a choice an app
/// makes in code (``Decoding/inProcess``).
public struct PixbufDecoder: ImageDecoding {
    /// Why data could not be decoded.
    public enum DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The data is empty.
        case empty
        /// The header claims `pixelCount` pixels, more than `maximumDecodedPixelCount` (an
        /// absurd header, not an image to downscale), or more than `maximumPixbufPixelCount` for
        /// a format gdk-pixbuf decodes whole.
        case tooLarge(width: Int, height: Int, pixelCount: Int)
        /// The decoding library rejected the data (unknown format, corrupt or truncated), with
        /// its message.
        case undecodable(String)
        /// The data is a `format` image whose gdk-pixbuf loader is not installed; `package` is the
        /// Debian package that provides it.
        case missingLoader(format: String, package: String)
        /// A PNG without its closing IEND chunk or a JPEG without its end-of-image marker: the
        /// file was cut short (gdk-pixbuf would show the part that arrived).
        case truncated(ImageHeader.Format)

        /// A readable one-line explanation.
        public var description: String {
            switch self {
            case .empty:
                return "empty image data"
            case .tooLarge(let width, let height, let pixelCount):
                return "a \(width)×\(height) image claims \(pixelCount) pixels, over the limit"
            case .undecodable(let message):
                return message
            case .missingLoader(let format, let package):
                return "no gdk-pixbuf loader for \(format) images (install \(package))"
            case .truncated(let format):
                return "the \(format.rawValue) data is truncated"
            }
        }
    }

    /// A guard against absurd headers, not a size limit: sources claiming more pixels than this
    /// are refused before decoding. Streamed formats never hold the source whole whatever its
    /// size; gdk-pixbuf formats decode whole, so for them this also bounds memory (4 bytes a
    /// pixel).
    public var maximumDecodedPixelCount: Int

    /// The most pixels of an image that gdk-pixbuf decodes whole (GIF, BMP, animated WebP: the
    /// formats whose size `ImageHeader` reads but that are not streamed) — 4 bytes each while
    /// decoding; larger ones are refused from their header.
    public var maximumPixbufPixelCount: Int

    /// The most bytes an animation's frames may take decoded at the output size; a longer (or
    /// larger) animation keeps only its loader's animation and renders each frame when it comes
    /// due — or, decoded in a worker, gets frames small enough to fit. Either way the frames count
    /// against the pipeline's memory cache.
    public var maximumAnimationBytes: Int

    /// Where images are decoded.
    public enum Decoding: Sendable {
        /// In the sandboxed worker processes of the pool (seccomp, resource limits; see
        /// docs/SANDBOX.md): a decoder exploited by a hostile image holds no file, socket or
        /// memory of the app's.
        case sandboxed(ImageWorkerPool)
        /// In this process, on the pipeline's threads. A hostile image that exploits a decoding
        /// library (libjpeg-turbo, libpng, libwebp, gdk-pixbuf's loaders: the 2023 libwebp
        /// overflow was exploited through images) then runs with all of the app's rights. Only
        /// for images the app trusts (its own files) or where no worker can run.
        case inProcess
        /// Not at all: every image fails with this error ("Image unavailable" and its words).
        case unavailable(ImageWorkerError)

        /// Sandboxed in `ImageWorkerPool.standard`, or unavailable with the reason no worker could
        /// be had (see `ImageWorkerPool.standardExecutable`). Never in-process.
        public static var standard: Decoding {
            switch ImageWorkerPool.standard {
            case .success(let pool): return .sandboxed(pool)
            case .failure(let error): return .unavailable(error)
            }
        }
    }

    /// Where images are decoded: by default ``Decoding/standard``.
    public var decoding: Decoding

    /// Creates a decoder; the default guard is one gigapixel (50 megapixels for images gdk-pixbuf
    /// decodes whole), the default animation budget 16 MB, decoding in the standard worker pool.
    public init(maximumDecodedPixelCount: Int = 1_000_000_000, maximumPixbufPixelCount: Int = 50_000_000,
                maximumAnimationBytes: Int = 16 << 20, decoding: Decoding = .standard) {
        self.maximumDecodedPixelCount = maximumDecodedPixelCount
        self.maximumPixbufPixelCount = maximumPixbufPixelCount
        self.maximumAnimationBytes = maximumAnimationBytes
        self.decoding = decoding
    }

    /// The worker pool images decode in: `nil` in-process.
    /// - Throws: the error of ``Decoding/unavailable(_:)``.
    private func workers() throws(ImageWorkerError) -> ImageWorkerPool? {
        switch decoding {
        case .sandboxed(let pool): return pool
        case .inProcess: return nil
        case .unavailable(let error): throw error
        }
    }

    /// Decodes `data` to fit `maxPixelSize` once oriented; see the type's discussion.
    ///
    /// - Complexity: O(source pixels) time; memory O(output pixels + source rows) for streamed
    ///   formats, O(source pixels) for gdk-pixbuf formats.
    /// - Throws: `PixbufDecoder.DecodingError`, or `ImageWorkerError` from the worker pool.
    public func decode(_ data: Data, maxPixelSize: ImagePixelSize) throws -> DecodedImage<Texture> {
        let workers = try workers()
        guard !data.isEmpty else { throw DecodingError.empty }
        guard let header = ImageHeader.read(from: data) else {
            return try decodeWithLoaders(data, maxPixelSize: maxPixelSize, workers: workers)
        }
        let (pixels, overflow) = header.pixelWidth.multipliedReportingOverflow(by: header.pixelHeight)
        guard !overflow, pixels <= maximumDecodedPixelCount else {
            throw DecodingError.tooLarge(width: header.pixelWidth, height: header.pixelHeight,
                                         pixelCount: overflow ? .max : pixels)
        }
        guard Self.hasEndMarker(data, format: header.format) else {
            throw DecodingError.truncated(header.format)
        }
        guard let entry = StreamingDecoder.entry(for: header.format), !Self.isAnimatedWebP(data, header: header) else {
            guard pixels <= maximumPixbufPixelCount else {
                throw DecodingError.tooLarge(width: header.pixelWidth, height: header.pixelHeight, pixelCount: pixels)
            }
            return try decodeWithLoaders(data, maxPixelSize: maxPixelSize, workers: workers)
        }
        if let workers {
            let stored = ImagePixelSize(width: header.pixelWidth, height: header.pixelHeight)
            let output = StreamingDecoder.outputSize(stored: stored, fitting: maxPixelSize, orientation: header.orientation)
            return try workers.decode(data, format: header.format, source: stored, output: output,
                                      orientation: header.orientation)
        }
        let image = try StreamingDecoder.decode(data, with: entry, fitting: maxPixelSize, orientation: header.orientation,
                                                maximumPixelCount: maximumDecodedPixelCount)
        let (width, height) = (Int(image.width), Int(image.height))
        return DecodedImage(image: Texture(adoptingRGBA: image), pixelWidth: width, pixelHeight: height,
                            byteCount: width * height * 4)
    }

    /// Decodes with gdk-pixbuf's loaders: in a pixbuf worker of `workers`, or in this process.
    private func decodeWithLoaders(_ data: Data, maxPixelSize: ImagePixelSize, workers: ImageWorkerPool?) throws
        -> DecodedImage<Texture> {
        guard let workers else { return try decodeWithPixbuf(data, maxPixelSize: maxPixelSize) }
        do {
            return try workers.decodeWithPixbuf(data, box: maxPixelSize, enlarges: Self.isSVG(data),
                                                frameCount: ImageHeader.frameCount(in: data),
                                                maximumAnimationBytes: maximumAnimationBytes)
        } catch {
            // Not `catch .unrecognized(let message)`: Swift 6.0's SIL verifier rejects that
            // pattern when the other cases propagate (an ownership error, the compiler crashes).
            guard case .unrecognized(let message) = error else { throw error }
            throw Self.loadFailure(data, message: message, unknownType: true)
        }
    }

    /// Whether WebP data is an animation (the VP8X animation flag), which gdk-pixbuf decodes.
    static func isAnimatedWebP(_ data: Data, header: ImageHeader) -> Bool {
        guard header.format == .webp, data.count > 20 else { return false }
        let start = data.startIndex
        return data[start + 12..<start + 16].elementsEqual("VP8X".utf8) && data[start + 20] & 0x02 != 0
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
}
