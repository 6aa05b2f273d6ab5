import FoundationEssentials

/// Turns encoded image bytes into a platform image no larger than a target size. WaterfallFeed
/// knows nothing of the platform image type; the GTK front end provides `PixbufDecoder`, whose
/// image wraps a `GdkTexture`.
///
/// The pipeline calls `decode` off the main thread, possibly from several threads at once.
public protocol ImageDecoding: Sendable {
    /// The decoded platform image; immutable and safe to share between threads.
    associatedtype Image: Sendable

    /// Decodes `data`, downscaled to fit `maxPixelSize` (see `ImagePixelSize.fitting(_:)`),
    /// ideally without ever holding the full-size image in memory.
    ///
    /// - Throws: any error when the data is not a decodable image; the pipeline reports it as
    ///   `ImagePipelineError.decodingFailed`.
    func decode(_ data: Data, maxPixelSize: ImagePixelSize) throws -> DecodedImage<Image>
}

/// A decoded image with the figures the memory cache is bounded by.
public struct DecodedImage<Image: Sendable>: Sendable {
    /// The platform image.
    public var image: Image
    /// The decoded width in pixels.
    public var pixelWidth: Int
    /// The decoded height in pixels.
    public var pixelHeight: Int
    /// The memory the decoded pixels take, in bytes: the memory cache's cost of this image.
    public var byteCount: Int

    /// Creates a decoded image.
    public init(image: Image, pixelWidth: Int, pixelHeight: Int, byteCount: Int) {
        self.image = image
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.byteCount = byteCount
    }
}
