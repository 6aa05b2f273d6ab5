import Foundation
import Glibc
import Testing
import WaterfallFeed
@testable import WaterfallGTK

/// gdk-pixbuf's formats (GIF, BMP, TIFF, SVG, animated GIF and WebP, AVIF, HEIC) in pixbuf
/// workers: the same pixels, frames and delays as in-process decoding, the same failures, under
/// the same seccomp filter mode.
@Suite("ImageWorkerPool, gdk-pixbuf formats", .serialized)
struct ImageWorkerPixbufTests {
    /// The fixtures the streaming decoders do not decode.
    static func fixtures() throws -> [ImageFixtures.Fixture] {
        try ImageFixtures.standard.get().filter { !["jpeg", "png", "webp"].contains($0.format) || $0.animated }
    }

    /// Whether two decodes show the same pixels, frames and delays.
    static func same(_ actual: DecodedImage<Texture>, _ expected: DecodedImage<Texture>) -> Bool {
        guard actual.pixelWidth == expected.pixelWidth, actual.pixelHeight == expected.pixelHeight,
              ImageFixtures.rgba(of: actual.image) == ImageFixtures.rgba(of: expected.image) else { return false }
        guard let expectedAnimation = expected.image.animation else { return actual.image.animation == nil }
        guard let actualAnimation = actual.image.animation,
              actualAnimation.timeline.delays == expectedAnimation.timeline.delays,
              case .decoded(let actualFrames) = actualAnimation.frames,
              case .decoded(let expectedFrames) = expectedAnimation.frames else { return false }
        return actualFrames.count == expectedFrames.count
            && zip(actualFrames, expectedFrames).allSatisfy { ImageFixtures.rgba(of: $0) == ImageFixtures.rgba(of: $1) }
    }

    @Test func everyFormatDecodesAsInProcess() throws {
        let fixtures = try Self.fixtures()
        let formats = Set(fixtures.map(\.format))
        #expect(formats.isSuperset(of: ["gif", "bmp", "tiff", "svg", "webp", "avif", "heic"]), "\(formats)")
        let pool = try ImageWorkerPoolTests.pool()
        defer { pool.shutDown() }
        let compared = try ImageWorkerPoolTests.compareWithInProcess(fixtures, through: pool)
        #expect(compared == 2 * fixtures.count)
        #expect(pool.workersStarted == 1, "a worker was replaced while every image decoded")
    }

    @Test func brokenFilesFailAndTheNextImageDecodes() throws {
        let pool = try ImageWorkerPoolTests.pool()
        defer { pool.shutDown() }
        let sandboxed = PixbufDecoder(decoding: .sandboxed(pool)), inProcess = PixbufDecoder(decoding: .inProcess)
        let box = ImagePixelSize(width: 64, height: 64)
        let good = try Data(contentsOf: #require(try Self.fixtures().first { $0.format == "bmp" }).url)
        var failed = 0
        for fixture in try Self.fixtures() {
            // The signature and a header cut short, then garbage.
            let data = try Data(contentsOf: fixture.url)
            let broken = data.prefix(24) + Data(repeating: 0xA5, count: 40)
            let failsInProcess = (try? inProcess.decode(broken, maxPixelSize: box)) == nil
            let failsSandboxed = (try? sandboxed.decode(broken, maxPixelSize: box)) == nil
            #expect(failsSandboxed == failsInProcess, "\(fixture)")
            if failsSandboxed { failed += 1 }
            #expect(try sandboxed.decode(good, maxPixelSize: box).pixelWidth == 64, "after \(fixture)")
        }
        #expect(failed >= 6, "only \(failed) broken files failed")
        #expect(pool.processIdentifiers.count == 1, "a failed worker was kept")
    }

    @Test func pixbufWorkersAreSeparateAndConfined() throws {
        let pool = try ImageWorkerPoolTests.pool()
        defer { pool.shutDown() }
        let decoder = PixbufDecoder(decoding: .sandboxed(pool))
        let box = ImagePixelSize(width: 64, height: 64)
        _ = try decoder.decode(try ImageWorkerPoolTests.png.get(), maxPixelSize: box)
        let streamed = try #require(pool.processIdentifiers.first)
        let heic = try Data(contentsOf: #require(try Self.fixtures().first { $0.format == "heic" }).url)
        _ = try decoder.decode(heic, maxPixelSize: box)
        #expect(pool.workersStarted == 2)
        let pixbuf = try #require(pool.processIdentifiers.first { $0 != streamed })
        for pid in [streamed, pixbuf] {
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            #expect(status.contains("Seccomp:\t2\n") && status.contains("NoNewPrivs:\t1\n"), "\(pid): \(status)")
        }
        // Each kind is reused for its formats.
        _ = try decoder.decode(heic, maxPixelSize: box)
        _ = try decoder.decode(try ImageWorkerPoolTests.png.get(), maxPixelSize: box)
        #expect(pool.workersStarted == 2)
    }

    @Test func anAnimationOverTheBudgetGetsSmallerFrames() throws {
        let pool = try ImageWorkerPoolTests.pool()
        defer { pool.shutDown() }
        let budget = 3 * 30 * 20 * 4
        let data = try Data(contentsOf: #require(try Self.fixtures().first { $0.format == "gif" && $0.animated }).url)
        let decoded = try PixbufDecoder(maximumAnimationBytes: budget, decoding: .sandboxed(pool))
            .decode(data, maxPixelSize: ImagePixelSize(width: 60, height: 60))
        let animation = try #require(decoded.image.animation)
        #expect(animation.timeline.delays == [100, 200, 300])
        #expect(!animation.decodesOnDemand)
        #expect(decoded.byteCount <= budget, "\(decoded.byteCount) bytes")
        #expect(decoded.pixelWidth < 60 && decoded.pixelWidth >= 29, "\(decoded.pixelWidth)×\(decoded.pixelHeight)")
    }

    /// An SVG of black `text` on white in `family` and `weight`, 240×60.
    static func svgText(family: String, weight: String) -> Data {
        Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="240" height="60">
            <rect width="240" height="60" fill="white"/>
            <text x="8" y="46" font-family="\(family)" font-weight="\(weight)" font-size="40" fill="black">Waterfall</text>
            </svg>
            """.utf8)
    }

    /// How many pixels of `rgba` are dark (the glyphs of black text on white).
    static func darkPixels(_ rgba: [UInt8]) -> Int {
        stride(from: 0, to: rgba.count, by: 4).count { rgba[$0] < 128 && rgba[$0 + 1] < 128 && rgba[$0 + 2] < 128 }
    }

    @Test func svgTextHasItsGlyphsInTheWorker() throws {
        let pool = try ImageWorkerPoolTests.pool()
        defer { pool.shutDown() }
        let sandboxed = PixbufDecoder(decoding: .sandboxed(pool)), inProcess = PixbufDecoder(decoding: .inProcess)
        let box = ImagePixelSize(width: 240, height: 60)
        for family in ["sans-serif", "serif", "monospace"] {
            for weight in ["normal", "bold"] {
                let svg = Self.svgText(family: family, weight: weight)
                let worker = ImageFixtures.rgba(of: try sandboxed.decode(svg, maxPixelSize: box).image)
                let app = ImageFixtures.rgba(of: try inProcess.decode(svg, maxPixelSize: box).image)
                // Nine glyphs 40 px high cover well over a thousand pixels; a worker without
                // fonts draws none.
                #expect(Self.darkPixels(app) > 1000, "\(family) \(weight) in process: \(Self.darkPixels(app))")
                #expect(Self.darkPixels(worker) > 1000, "\(family) \(weight) in the worker: \(Self.darkPixels(worker))")
                let same = worker == app
                #expect(same, "\(family) \(weight): the worker draws the text as the app does")
            }
        }
        #expect(pool.workersStarted == 1, "a worker was replaced while drawing text")
    }
}
