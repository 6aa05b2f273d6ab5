import Foundation
import WaterfallFeed

/// Builds the first bytes of image files of each format with a given size, enough for
/// `ImageHeader` (the pixel data is not valid).
enum ImageFiles {
    static func bytes(_ format: ImageHeader.Format, width: Int, height: Int, variant: Int = 0) -> Data {
        switch format {
        case .png: return png(width: width, height: height)
        case .gif: return Data("GIF8\(variant % 2 == 0 ? "9" : "7")a".utf8) + le(width, 2) + le(height, 2) + Data(count: 20)
        case .bmp: return bmp(width: width, height: height, variant: variant)
        case .webp: return webp(width: width, height: height, variant: variant)
        case .jpeg: return jpeg(width: width, height: height, variant: variant)
        }
    }

    static func png(width: Int, height: Int) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + be(13, 4) + Data("IHDR".utf8)
            + be(width, 4) + be(height, 4) + Data([8, 6, 0, 0, 0]) + Data(count: 4) + Data(count: 16)
    }

    static func bmp(width: Int, height: Int, variant: Int) -> Data {
        let fileHeader = Data("BM".utf8) + le(0, 4) + le(0, 4) + le(54, 4)
        if variant % 3 == 0 {
            return fileHeader + le(12, 4) + le(width, 2) + le(height, 2) + le(1, 2) + le(24, 2)
        }
        // Top-down bitmaps store a negative height.
        let storedHeight = variant % 3 == 1 ? height : Int(UInt32(bitPattern: Int32(-height)))
        return fileHeader + le(variant % 3 == 1 ? 40 : 124, 4) + le(width, 4) + le(storedHeight, 4) + Data(count: 32)
    }

    static func webp(width: Int, height: Int, variant: Int) -> Data {
        let chunk: Data
        switch variant % 3 {
        case 0:
            chunk = Data("VP8 ".utf8) + le(30, 4) + Data([0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A]) + le(width, 2) + le(height, 2)
        case 1:
            chunk = Data("VP8L".utf8) + le(30, 4) + Data([0x2F]) + le((width - 1) | (height - 1) << 14, 4)
        default:
            chunk = Data("VP8X".utf8) + le(10, 4) + Data([0x10, 0, 0, 0]) + le(width - 1, 3) + le(height - 1, 3)
        }
        return Data("RIFF".utf8) + le(chunk.count + 4, 4) + Data("WEBP".utf8) + chunk + Data(count: 16)
    }

    /// SOI, APP0 (JFIF), optionally a 64 KB APP1 block (as large EXIF data is), DQT, fill bytes,
    /// then a baseline or progressive frame header and the start of scan.
    static func jpeg(width: Int, height: Int, variant: Int) -> Data {
        var data = Data([0xFF, 0xD8])
        data += Data([0xFF, 0xE0]) + be(16, 2) + Data("JFIF\0".utf8) + Data(count: 9)
        if variant % 2 == 1 {
            data += Data([0xFF, 0xE1]) + be(65535, 2) + Data(count: 65533)
        }
        data += Data([0xFF, 0xDB]) + be(67, 2) + Data(count: 65)
        data += Data([0xFF, 0xFF, 0xFF, variant % 3 == 2 ? 0xC2 : 0xC0]) + be(17, 2) + Data([8])
            + be(height, 2) + be(width, 2) + Data([3]) + Data(count: 9)
        data += Data([0xFF, 0xDA]) + be(12, 2) + Data(count: 10)
        return data
    }

    static func le(_ value: Int, _ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) })
    }

    static func be(_ value: Int, _ count: Int) -> Data {
        Data((0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) })
    }

    /// The largest dimension each format can store (VP8 and VP8L: 14 bits).
    static func maximumDimension(_ format: ImageHeader.Format, variant: Int) -> Int {
        switch format {
        case .webp: return variant % 3 == 2 ? 1 << 24 : 1 << 14 - 1
        case .bmp: return variant % 3 == 0 ? 65535 : Int(Int32.max)
        default: return 65535
        }
    }
}

/// A temporary directory removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("wf-feed-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
