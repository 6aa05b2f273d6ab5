import CWaterfallGtk4
import Foundation
import Testing
import WaterfallFeed
@testable import WaterfallGTK

/// Animated GIF and WebP: frames and delays decoded, played on explicit frame times.
@Suite("Animated images")
@MainActor
struct AnimatedImageTests {
    static let box = ImagePixelSize(width: 60, height: 60)
    static let colours: [[UInt8]] = [[220, 30, 30, 255], [30, 200, 40, 255], [30, 40, 220, 255]]

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: #require(try ImageFixtures.standard.get().first { $0.file == name }).url)
    }

    /// The centre pixel of a texture, RGBA.
    static func centre(_ texture: Texture) -> [UInt8] {
        let pixels = ImageFixtures.rgba(of: texture)
        let offset = ((texture.height / 2) * texture.width + texture.width / 2) * 4
        return Array(pixels[offset..<offset + 4])
    }

    static func close(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 8 }
    }

    @Test(arguments: ["gif-animated.gif", "webp-animated.webp"])
    func framesAndDelaysAreDecoded(name: String) throws {
        let data = try Self.fixture(name)
        #expect(ImageHeader.frameCount(in: data) == 3)
        let decoded = try PixbufDecoder(decoding: .inProcess).decode(data, maxPixelSize: Self.box)
        let animation = try #require(decoded.image.animation, "\(name) has no animation")
        #expect(animation.timeline.delays == [100, 200, 300])
        #expect(!animation.decodesOnDemand)
        guard case .decoded(let frames) = animation.frames else { return }
        #expect(frames.count == 3)
        for (frame, colour) in zip(frames, Self.colours) {
            #expect(frame.width == 60 && frame.height == 40)
            #expect(Self.close(Self.centre(frame), colour), "\(name): \(Self.centre(frame)) vs \(colour)")
        }
        #expect(decoded.byteCount == 3 * 60 * 40 * 4, "every frame counts against the memory cap")
    }

    @Test func stillImagesHaveOneFrameAndNoAnimation() throws {
        for name in ["gif-still.gif", "webp-lossy.webp", "png-rgb8.png"] {
            let data = try Self.fixture(name)
            #expect(ImageHeader.frameCount(in: data) == 1, "\(name)")
            #expect(try PixbufDecoder(decoding: .inProcess).decode(data, maxPixelSize: Self.box).image.animation == nil, "\(name)")
        }
    }

    @Test(arguments: [16 << 20, 1])
    func aCellPlaysTheFramesOnTheFrameClockAndPausesWhenInactive(budget: Int) throws {
        try GTKHost.start()
        let data = try Self.fixture("gif-animated.gif")
        let decoded = try PixbufDecoder(maximumAnimationBytes: budget, decoding: .inProcess).decode(data, maxPixelSize: Self.box)
        #expect(decoded.image.animation?.decodesOnDemand == (budget == 1))
        let cell = WaterfallImageCell()
        cell.setImage(decoded.image)
        #expect(cell.isAnimating)
        func shown() -> [UInt8] {
            guard let paintable = cell.displayedPaintable else { return [] }
            g_object_ref(UnsafeMutableRawPointer(paintable))
            return Self.centre(Texture(adopting: paintable))
        }
        // Frame times in microseconds, pumped explicitly: the first tick starts the clock.
        let steps: [(time: Int64, active: Bool, frame: Int)] = [
            (1_000_000, true, 0), (1_050_000, true, 0), (1_110_000, true, 1),
            (1_700_000, false, 1),  // hidden / animations off: time stands still
            (1_750_000, true, 1), (1_850_000, true, 1), (1_950_000, true, 2),
            (2_050_000, true, 2), (2_150_000, true, 2), (2_250_000, true, 0),  // looped after 600 ms
        ]
        for step in steps {
            cell.advanceAnimation(toFrameTime: step.time, active: step.active)
            #expect(cell.animationFrameIndex == step.frame, "at \(step.time)")
            #expect(Self.close(shown(), Self.colours[step.frame]), "at \(step.time): \(shown())")
        }
        cell.prepareForReuse()
        #expect(!cell.isAnimating, "a reused cell stops playing")
    }
}
