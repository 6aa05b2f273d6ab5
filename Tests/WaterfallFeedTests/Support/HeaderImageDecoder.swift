import Foundation
import WaterfallFeed

/// A stand-in for a platform decoder: reads the pixel size from the image header and "decodes"
/// to a fake image of the fitted size costing 4 bytes per pixel. Data without a readable header
/// fails like a broken image would.
struct HeaderImageDecoder: ImageDecoding {
    struct FakeImage: Sendable, Hashable {
        var size: ImagePixelSize
        var sourceByteCount: Int
    }

    struct NotAnImage: Error {}

    func decode(_ data: Data, maxPixelSize: ImagePixelSize) throws -> DecodedImage<FakeImage> {
        guard let header = ImageHeader.read(from: data) else { throw NotAnImage() }
        let size = maxPixelSize.fitting(ImagePixelSize(width: header.pixelWidth, height: header.pixelHeight))
        return DecodedImage(image: FakeImage(size: size, sourceByteCount: data.count),
                            pixelWidth: size.width, pixelHeight: size.height,
                            byteCount: size.width * size.height * 4)
    }
}
