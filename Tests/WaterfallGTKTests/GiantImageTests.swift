import Foundation
import Testing
import WaterfallFeed
@testable import WaterfallGTK

/// Any size, never refused, never decoded whole: the peak resident memory of decoding a
/// 12000×12000 PNG and a 16000×12000 progressive JPEG at once, measured in this process.
@Suite("Giant images")
struct GiantImageTests {
    /// A figure from /proc/self/status, in bytes.
    static func status(_ field: String) throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        let kilobytes = try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
        return kilobytes * 1024
    }

    /// Resets the peak resident size (VmHWM) to the current one (Linux ≥ 4.0).
    static func resetPeak() throws {
        try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    @Test func twoGiantImagesDecodeTogetherInBoundedMemory() async throws {
        let fixtures = try ImageFixtures.giant.get()
        #expect(fixtures.map(\.file).sorted() == ["giant-progressive.jpg", "giant.png"])
        let inputs = try fixtures.map { ($0, try Data(contentsOf: $0.url)) }
        let box = ImagePixelSize(width: 600, height: 600)
        try Self.resetPeak()
        let before = try Self.status("VmRSS")
        let decoded = try await withThrowingTaskGroup(of: (ImageFixtures.Fixture, DecodedImage<Texture>).self) { group in
            for (fixture, data) in inputs {
                group.addTask { (fixture, try PixbufDecoder(decoding: .inProcess).decode(data, maxPixelSize: box)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let peak = try Self.status("VmHWM") - before
        print("giant decodes: peak RSS growth \(peak >> 20) MB for 12000×12000 PNG + 16000×12000 progressive JPEG")
        // Whole, they are 576 MB + 768 MB of pixels (and the JPEG's coefficients alone ~576 MB).
        #expect(peak < 160 << 20, "peak RSS growth \(peak >> 20) MB")
        for (fixture, image) in decoded {
            let expected = box.fitting(ImagePixelSize(width: fixture.display[0], height: fixture.display[1]))
            #expect(image.image.width == expected.width && image.image.height == expected.height, "\(fixture.file)")
            ImageFixtures.expectQuadrants(image.image, of: fixture)
        }
    }
}
