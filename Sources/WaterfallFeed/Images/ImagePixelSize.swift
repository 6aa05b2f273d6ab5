/// A size in pixels: the box an image is decoded to fit.
public struct ImagePixelSize: Sendable, Hashable, CustomStringConvertible {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// Creates a size; negative values are treated as zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The size of an image of `source` pixels scaled down to fit in this box, keeping its
    /// aspect ratio, never scaled up and never below 1×1. A zero dimension of the box leaves that
    /// dimension unconstrained; a zero box means the source size.
    public func fitting(_ source: ImagePixelSize) -> ImagePixelSize {
        guard source.width > 0, source.height > 0 else { return source }
        let scaleX = width > 0 ? Double(width) / Double(source.width) : 1
        let scaleY = height > 0 ? Double(height) / Double(source.height) : 1
        let scale = min(scaleX, scaleY, 1)
        guard scale < 1 else { return source }
        return ImagePixelSize(width: max(1, Int((Double(source.width) * scale).rounded())),
                              height: max(1, Int((Double(source.height) * scale).rounded())))
    }

    /// `width×height`.
    public var description: String {
        "\(width)×\(height)"
    }
}
