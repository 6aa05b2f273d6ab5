import Foundation
import SeededRandom
import Testing
import WaterfallFeed

@Suite("EXIF orientation in JPEG headers")
struct ImageHeaderEXIFTests {
    /// An APP1 EXIF segment: TIFF header in either byte order, then IFD0 with `entries`
    /// (tag, type, value) of one value each.
    static func exif(littleEndian: Bool, entries: [(tag: Int, type: Int, value: Int)]) -> Data {
        func int(_ value: Int, _ count: Int) -> Data {
            littleEndian ? ImageFiles.le(value, count) : ImageFiles.be(value, count)
        }
        var tiff = Data(littleEndian ? "II".utf8 : "MM".utf8) + int(42, 2) + int(8, 4) + int(entries.count, 2)
        for entry in entries {
            tiff += int(entry.tag, 2) + int(entry.type, 2) + int(1, 4)
                + (entry.type == 3 ? int(entry.value, 2) + Data(count: 2) : int(entry.value, 4))
        }
        tiff += int(0, 4)
        let body = Data("Exif\0\0".utf8) + tiff
        return Data([0xFF, 0xE1]) + ImageFiles.be(body.count + 2, 2) + body
    }

    /// SOI, the EXIF segment, then the frame header of `ImageFiles.jpeg`.
    static func jpeg(width: Int, height: Int, exif: Data) -> Data {
        let plain = ImageFiles.jpeg(width: width, height: height, variant: 0)
        return plain.prefix(2) + exif + plain.dropFirst(2)
    }

    @Test func seededRandomOrientationsInEitherByteOrder() throws {
        for seed in UInt64(1)...200 {
            var random = SplitMix64(seed: seed)
            let orientation = try #require(ImageOrientation.allCases.randomElement(using: &random))
            let littleEndian = Bool.random(using: &random)
            var entries = (0..<Int.random(in: 0...12, using: &random)).map { index in
                (tag: 0x0100 + index, type: 4, value: Int.random(in: 0...65535, using: &random))
            }
            entries.insert((tag: 0x0112, type: 3, value: orientation.rawValue), at: Int.random(in: 0...entries.count, using: &random))
            let width = Int.random(in: 1...9000, using: &random), height = Int.random(in: 1...9000, using: &random)
            let data = Self.jpeg(width: width, height: height, exif: Self.exif(littleEndian: littleEndian, entries: entries))
            let header = ImageHeader.read(from: data)
            let context = "seed \(seed): \(orientation) \(littleEndian ? "II" : "MM") \(entries.count) entries \(width)×\(height)"
            #expect(header == ImageHeader(format: .jpeg, pixelWidth: width, pixelHeight: height, orientation: orientation), "\(context)")
            let shown = orientation.rawValue >= 5 ? ImagePixelSize(width: height, height: width) : ImagePixelSize(width: width, height: height)
            #expect(header?.displaySize == shown, "\(context)")
        }
    }

    @Test func malformedOrMissingOrientationIsUp() {
        let cases: [[(tag: Int, type: Int, value: Int)]] = [
            [],
            [(tag: 0x0112, type: 4, value: 6)],  // a LONG, not a SHORT
            [(tag: 0x0112, type: 3, value: 9)],  // out of range
            [(tag: 0x0112, type: 3, value: 0)],
            [(tag: 0x0110, type: 3, value: 6)],  // another tag
        ]
        for (index, entries) in cases.enumerated() {
            let data = Self.jpeg(width: 40, height: 30, exif: Self.exif(littleEndian: index % 2 == 0, entries: entries))
            #expect(ImageHeader.read(from: data)?.orientation == .up, "case \(index)")
            #expect(ImageHeader.read(from: data)?.displaySize == ImagePixelSize(width: 40, height: 30), "case \(index)")
        }
        // An EXIF block whose IFD offset points past the segment.
        var broken = Self.exif(littleEndian: true, entries: [(tag: 0x0112, type: 3, value: 6)])
        broken[broken.startIndex + 14] = 0xF0
        #expect(ImageHeader.read(from: Self.jpeg(width: 40, height: 30, exif: broken))?.orientation == .up)
    }

    @Test func folderFeedLaysRotatedPhotosOutAsShown() async throws {
        let directory = try TemporaryDirectory()
        let exif = Self.exif(littleEndian: false, entries: [(tag: 0x0112, type: 3, value: 6)])
        try Self.jpeg(width: 4032, height: 3024, exif: exif).write(to: directory.url.appendingPathComponent("phone.jpg"))
        let page = try await FolderFeed(directory: directory.url).page(at: .page(1))
        #expect(page.items.map { [$0.pixelWidth, $0.pixelHeight] } == [[3024, 4032]])
    }
}
