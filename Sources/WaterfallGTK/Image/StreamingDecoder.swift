import CWaterfallImageDecoding
import FoundationEssentials
import WaterfallFeed

/// The streaming decoders of `CWaterfallImageDecoding` (libjpeg-turbo, libpng, libwebp) seen from
/// Swift: decode straight to the size that fits a box once oriented, then orient.
enum StreamingDecoder {
    /// A C decoder entry point.
    typealias Entry = (UnsafePointer<UInt8>?, Int, wf_choose_size?, UnsafeMutableRawPointer?,
                       UnsafeMutablePointer<wf_image>?, UnsafeMutablePointer<CChar>?) -> Int32

    /// The decoder for `format`, or `nil` when gdk-pixbuf decodes it.
    static func entry(for format: ImageHeader.Format) -> Entry? {
        switch format {
        case .jpeg: return wf_decode_jpeg
        case .png: return wf_decode_png
        case .webp: return wf_decode_webp
        case .gif, .bmp: return nil
        }
    }

    /// What the size callback reads: the box to fit and the orientation the output gets.
    private final class Request {
        let box: ImagePixelSize
        let orientation: ImageOrientation
        let maximumPixelCount: Int

        init(box: ImagePixelSize, orientation: ImageOrientation, maximumPixelCount: Int) {
            self.box = box
            self.orientation = orientation
            self.maximumPixelCount = maximumPixelCount
        }
    }

    /// Chooses the stored-orientation output size whose displayed size fits the box; refuses
    /// sources over the pixel limit (absurd headers).
    private static let chooseSize: wf_choose_size = { context, width, height, outWidth, outHeight in
        guard let context, let outWidth, let outHeight else { return 0 }
        let request = Unmanaged<Request>.fromOpaque(context).takeUnretainedValue()
        let (pixels, overflow) = Int(width).multipliedReportingOverflow(by: Int(height))
        guard !overflow, pixels <= request.maximumPixelCount else { return 0 }
        let output = outputSize(stored: ImagePixelSize(width: Int(width), height: Int(height)), fitting: request.box,
                                orientation: request.orientation)
        outWidth.pointee = Int32(output.width)
        outHeight.pointee = Int32(output.height)
        return 1
    }

    /// The size, in the stored orientation, to decode a `stored` image at so that once turned by
    /// `orientation` it fits `box` (never larger than the source).
    static func outputSize(stored: ImagePixelSize, fitting box: ImagePixelSize, orientation: ImageOrientation) -> ImagePixelSize {
        orientation.displayed(box.fitting(orientation.displayed(stored)))
    }

    /// Decodes `data` with `entry` to fit `box` once turned by `orientation`, and turns it.
    ///
    /// - Complexity: O(source pixels) time; memory O(output pixels + a few source rows).
    /// - Returns: the pixels, premultiplied RGBA rows of `4 × width` bytes (the caller frees them
    ///   with `wf_image_free`).
    /// - Throws: `PixbufDecoder.DecodingError.undecodable` with the library's message.
    static func decode(_ data: Data, with entry: Entry, fitting box: ImagePixelSize, orientation: ImageOrientation,
                       maximumPixelCount: Int) throws -> wf_image {
        let request = Request(box: box, orientation: orientation, maximumPixelCount: maximumPixelCount)
        var image = wf_image()
        var message = [CChar](repeating: 0, count: Int(WF_ERROR_SIZE))
        let decoded = withExtendedLifetime(request) {
            data.withUnsafeBytes { bytes in
                entry(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, chooseSize,
                      Unmanaged.passUnretained(request).toOpaque(), &image, &message)
            }
        }
        guard decoded != 0 else {
            throw PixbufDecoder.DecodingError.undecodable(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                                                                 as: UTF8.self))
        }
        guard wf_image_orient(&image, Int32(orientation.rawValue)) != 0 else {
            wf_image_free(&image)
            throw PixbufDecoder.DecodingError.undecodable("out of memory while orienting the image")
        }
        return image
    }
}
