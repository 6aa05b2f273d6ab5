/// How an image's stored pixels must be turned to be shown upright: the EXIF `Orientation` tag
/// (values 1–8, named as `CGImagePropertyOrientation` names them: where the top of the stored
/// image ends up).
public enum ImageOrientation: Int, Sendable, Hashable, CaseIterable {
    /// 1: stored upright.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: rotated 180°.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: transposed (mirrored along the top-left to bottom-right diagonal).
    case leftMirrored = 5
    /// 6: shown after a 90° clockwise turn (a phone held upright, camera on the right).
    case right = 6
    /// 7: transversed (mirrored along the top-right to bottom-left diagonal).
    case rightMirrored = 7
    /// 8: shown after a 90° counter-clockwise turn.
    case left = 8

    /// Whether showing the image swaps its width and height (values 5–8).
    public var swapsDimensions: Bool {
        rawValue >= 5
    }

    /// The size of a stored `size` once shown upright.
    public func displayed(_ size: ImagePixelSize) -> ImagePixelSize {
        swapsDimensions ? ImagePixelSize(width: size.height, height: size.width) : size
    }
}
