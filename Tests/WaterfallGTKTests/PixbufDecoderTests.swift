import CWaterfallGtk4
import CWaterfallTestShims
import Foundation
import Testing
import WaterfallFeed
@testable import WaterfallGTK

@Suite("PixbufDecoder")
struct PixbufDecoderTests {
    /// Encodes a `width`×`height` image filled with one RGBA color as `type` ("png", "jpeg").
    static func encoded(_ type: String, width: Int, height: Int, rgba: UInt32 = 0xFF20_40FF,
                        alpha: Bool = true) throws -> Data {
        let pixbuf = try #require(gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, gint(width), gint(height)))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, guint32(rgba))
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let saved = wf_pixbuf_save_to_buffer(pixbuf, type, &buffer, &size, &error)
        if let error {
            defer { g_error_free(error) }
            Issue.record("gdk_pixbuf_save_to_buffer: \(String(cString: error.pointee.message))")
        }
        try #require(saved != 0)
        defer { g_free(buffer) }
        return Data(bytes: try #require(buffer), count: Int(size))
    }

    /// The premultiplied BGRA (little-endian GDK_MEMORY_DEFAULT) pixel at the texture's center.
    static func centerPixel(_ texture: Texture) -> [UInt8] {
        let stride = texture.width * 4
        var pixels = [UInt8](repeating: 0, count: stride * texture.height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            gdk_texture_download(texture.reference.pointer, buffer.baseAddress, gsize(stride))
        }
        let offset = (texture.height / 2) * stride + (texture.width / 2) * 4
        return Array(pixels[offset..<offset + 4])
    }

    @Test func decodesAndDownscalesPNGKeepingAspectRatio() throws {
        let data = try Self.encoded("png", width: 300, height: 200)
        let decoded = try PixbufDecoder(decoding: .inProcess).decode(data, maxPixelSize: ImagePixelSize(width: 120, height: 120))
        #expect(decoded.pixelWidth == 120 && decoded.pixelHeight == 80)
        #expect(decoded.image.width == 120 && decoded.image.height == 80)
        #expect(decoded.byteCount >= 120 * 80 * 4)
        // RGBA 0xFF2040FF → BGRA 0x40 0x20 0xFF 0xFF.
        #expect(Self.centerPixel(decoded.image) == [0x40, 0x20, 0xFF, 0xFF])
    }

    @Test func neverEnlarges() throws {
        let data = try Self.encoded("png", width: 40, height: 30)
        let decoded = try PixbufDecoder(decoding: .inProcess).decode(data, maxPixelSize: ImagePixelSize(width: 400, height: 400))
        #expect(decoded.pixelWidth == 40 && decoded.pixelHeight == 30)
    }

    @Test func largeJPEGDecodesAtReducedScale() throws {
        let data = try Self.encoded("jpeg", width: 4000, height: 3000, alpha: false)
        let header = try #require(ImageHeader.read(from: data))
        #expect(header == ImageHeader(format: .jpeg, pixelWidth: 4000, pixelHeight: 3000))
        let target = ImagePixelSize(width: 256, height: 256)
        // The limit guards headers only: a 12 MP photo decodes straight to the target.
        #expect(throws: PixbufDecoder.DecodingError.tooLarge(width: 4000, height: 3000, pixelCount: 12_000_000)) {
            try PixbufDecoder(maximumDecodedPixelCount: 1_000_000, decoding: .inProcess).decode(data, maxPixelSize: target)
        }
        let decoded = try PixbufDecoder(decoding: .inProcess).decode(data, maxPixelSize: target)
        #expect(decoded.pixelWidth == 256 && decoded.pixelHeight == 192)
        #expect(decoded.image.width == 256 && decoded.image.height == 192)
        #expect(decoded.byteCount < 256 * 192 * 4 + 4096)
    }

    @Test func absurdHeadersAreRejectedBeforeDecoding() throws {
        // A PNG header claiming 40000×40000 (1.6 gigapixels) followed by nothing decodable: the
        // decoder refuses from the header alone.
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data += Data("IHDR".utf8) + Data([0, 0, 0x9C, 0x40, 0, 0, 0x9C, 0x40, 8, 6, 0, 0, 0, 0, 0, 0, 0])
        #expect(throws: PixbufDecoder.DecodingError.tooLarge(width: 40000, height: 40000, pixelCount: 1_600_000_000)) {
            try PixbufDecoder(decoding: .inProcess).decode(data, maxPixelSize: ImagePixelSize(width: 300, height: 300))
        }
    }

    /// Headers of a 20000×20000 GIF and BMP (formats gdk-pixbuf cannot decode at a reduced
    /// scale) with nothing decodable after them.
    @Test(arguments: ["gif", "bmp"])
    func hugeGIFAndBMPAreRejectedFromTheirHeader(format: String) throws {
        let side: [UInt8] = [0x20, 0x4E]   // 20000, little-endian
        let gif: [Data] = [Data("GIF89a".utf8), Data(side + side), Data([0xF7, 0, 0]), Data(count: 64)]
        let bmp: [Data] = [Data("BM".utf8), Data(count: 8), Data([54, 0, 0, 0, 40, 0, 0, 0]), Data(side + [0, 0] + side + [0, 0]),
                           Data([1, 0, 24, 0]), Data(count: 24)]
        let data = (format == "gif" ? gif : bmp).reduce(Data(), +)   // one expression is too much for Swift 6.0
        #expect(ImageHeader.read(from: data).map { [$0.pixelWidth, $0.pixelHeight] } == [20000, 20000])
        // The decoder's public behaviour today: refused from the header alone, never decoded.
        #expect(throws: PixbufDecoder.DecodingError.tooLarge(width: 20000, height: 20000, pixelCount: 400_000_000)) {
            try PixbufDecoder(decoding: .inProcess).decode(data, maxPixelSize: ImagePixelSize(width: 300, height: 300))
        }
    }

    @Test func brokenDataThrows() throws {
        let png = try Self.encoded("png", width: 64, height: 64)
        let decoder = PixbufDecoder(decoding: .inProcess)
        let size = ImagePixelSize(width: 32, height: 32)
        #expect(throws: PixbufDecoder.DecodingError.empty) { try decoder.decode(Data(), maxPixelSize: size) }
        #expect(throws: PixbufDecoder.DecodingError.self) {
            try decoder.decode(Data("<html>not an image</html>".utf8), maxPixelSize: size)
        }
        #expect(throws: PixbufDecoder.DecodingError.truncated(.png)) {
            try decoder.decode(png.prefix(png.count - 5), maxPixelSize: size)
        }
        let jpeg = try Self.encoded("jpeg", width: 64, height: 64, alpha: false)
        #expect(throws: PixbufDecoder.DecodingError.truncated(.jpeg)) {
            try decoder.decode(jpeg.prefix(jpeg.count - 2), maxPixelSize: size)
        }
        #expect(try decoder.decode(jpeg + Data(count: 100), maxPixelSize: size).pixelWidth == 32)
        var corrupt = png
        for index in stride(from: 40, to: corrupt.count, by: 3) { corrupt[index] ^= 0x5A }
        #expect(throws: PixbufDecoder.DecodingError.self) { try decoder.decode(corrupt, maxPixelSize: size) }
    }

    @Test func decodesConcurrentlyThroughAPipeline() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wf-pixbuf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var urls: [URL] = []
        for index in 0..<8 {
            let url = directory.appendingPathComponent("\(index).png")
            try Self.encoded("png", width: 100 + index * 10, height: 100).write(to: url)
            urls.append(url)
        }
        let pipeline = ImagePipeline(decoder: PixbufDecoder(decoding: .inProcess))
        let size = ImagePixelSize(width: 50, height: 50)
        let widths = try await withThrowingTaskGroup(of: Int.self) { group in
            for url in urls {
                group.addTask { try await pipeline.image(for: ImageRequest(url: url, targetSize: size)).image.width }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(widths == Array(repeating: 50, count: 8))
        // The first image (100×100) is in the memory cache at the size it was decoded to.
        let cached = try #require(pipeline.cachedImage(for: urls[0], size: size))
        #expect(cached.pixelWidth == 50 && cached.pixelHeight == 50)
        #expect(cached.image.width == 50 && cached.image.height == 50)
    }
}
