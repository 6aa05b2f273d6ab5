import Foundation
import WaterfallFeed

/// `HeaderImageDecoder` that counts its decodes, so a test can prove that requests share one
/// decode instead of comparing the (value-type) images they get.
final class CountingImageDecoder: ImageDecoding, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// How many times `decode` ran.
    var decodeCount: Int { lock.withLock { count } }

    func decode(_ data: Data, maxPixelSize: ImagePixelSize) throws -> DecodedImage<HeaderImageDecoder.FakeImage> {
        lock.withLock { count += 1 }
        return try HeaderImageDecoder().decode(data, maxPixelSize: maxPixelSize)
    }
}
