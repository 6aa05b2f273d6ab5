import Foundation
import Testing
@testable import WaterfallFeed

/// Header sniffing bounded by what arrives: reads are tried as the body doubles, a body with no
/// header in its first megabyte is given up on, and a JPEG's run of fill bytes is bounded.
@Suite("Header sniffing")
struct HeaderReportTests {
    /// A baseline JPEG's start: SOI, `segments` APP2 segments of 60,000 bytes, `fill` fill bytes,
    /// then a frame header of `width`×`height`.
    static func jpeg(width: Int, height: Int, segments: Int = 0, fill: Int = 0) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for _ in 0..<segments {
            bytes += [0xFF, 0xE2, 0xEA, 0x62] + [UInt8](repeating: 0x42, count: 60_000)
        }
        bytes += [UInt8](repeating: 0xFF, count: fill)
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
                  0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
        return Data(bytes + [UInt8](repeating: 0, count: 4096) + [0xFF, 0xD9])
    }

    /// Feeds `data` to a report in chunks of `chunk` bytes, the last one as the complete body; the
    /// headers reported and the reads tried.
    static func feed(_ data: Data, chunk: Int) -> (headers: [ImageHeader], attempts: Int) {
        let reported = Locked<[ImageHeader]>([])
        let report = HeaderReport(url: URL(string: "https://img.test/a.jpg")!) { _, header in
            reported.withLock { $0.append(header) }
        }
        for end in stride(from: chunk, through: data.count + chunk - 1, by: chunk) {
            report.received(data.prefix(end), complete: end >= data.count)
        }
        return (reported.withLock { $0 }, report.attempts)
    }

    @Test func fillBytesAreBoundedAndAHostileBodyIsGivenUp() {
        let hostile = Data([0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 8 << 20) + [0xFF, 0xD9])
        #expect(ImageHeader.read(from: hostile) == nil)
        let (headers, attempts) = Self.feed(hostile, chunk: 16_384)
        #expect(headers.isEmpty)
        // 512 chunks, read as the body grows by half up to the first megabyte, then no more.
        #expect(attempts <= 12, "\(attempts) reads for 512 chunks")
        // A few fill bytes before a marker are allowed.
        #expect(ImageHeader.read(from: Self.jpeg(width: 640, height: 480, fill: 10))?.pixelWidth == 640)
    }

    @Test func aHeaderAfterLargeSegmentsIsReportedOnceFromSmallChunks() {
        let jpeg = Self.jpeg(width: 1200, height: 900, segments: 5)
        let (headers, attempts) = Self.feed(jpeg, chunk: 1024)
        #expect(headers.count == 1)
        #expect(headers.first?.pixelWidth == 1200 && headers.first?.pixelHeight == 900)
        #expect(attempts <= 20, "\(attempts) reads for \(jpeg.count / 1024) chunks")
        // Reported at once when the first chunk holds the header.
        let small = Self.feed(Self.jpeg(width: 8, height: 6), chunk: 1 << 20)
        #expect(small.headers.count == 1 && small.attempts == 1)
    }
}
