
/// The bounds the GTK front end keeps item sizes and widget lengths within, so that a size
/// from outside (a feed's `{"w": 1, "h": 1e308}`, an image header of 1×2³¹ pixels, an
/// expression giving 1e-300) lays out as a very tall or very wide item instead of an
/// infinite wall or a trap converting a length to GTK's `int`.
enum SizeLimits {
    /// The most extreme aspect ratio an item keeps: 1000:1 either way (a 200-point column
    /// shows such an item 200,000 points tall). Ratios beyond it are clamped to it.
    static let aspectRatios = 0.001...1000.0

    /// The tallest height, in points, a height expression gives an item.
    static let maximumHeight = 1_000_000.0

    /// The longest side, in pixels, of a widget the view allocates: a whole `int` with room for
    /// GTK to add margins and offsets to it.
    static let maximumPixelLength = Double(1 << 28)

    /// `ratio` (positive and finite) clamped to ``aspectRatios``.
    static func aspectRatio(_ ratio: Double) -> Double {
        min(max(ratio, aspectRatios.lowerBound), aspectRatios.upperBound)
    }

    /// A `width`×`height` size (both positive and finite) whose ratio is clamped to
    /// ``aspectRatios``: the longer side shrinks.
    static func size(width: Double, height: Double) -> (width: Double, height: Double) {
        let ratio = aspectRatio(width / height)
        return ratio == width / height ? (width, height)
            : ratio > 1 ? (width, width / ratio) : (height * ratio, height)
    }

    /// Whether `pixels` (a length the view hands on as a whole number) is finite and at most
    /// ``maximumPixelLength``, so that converting it to an integer cannot trap.
    static func allows(_ pixels: Double) -> Bool {
        pixels.isFinite && pixels <= maximumPixelLength
    }

    /// `length` in whole pixels for `gtk_widget_allocate`: at least 1 and at most
    /// ``maximumPixelLength``; NaN counts as 1.
    static func pixels(_ length: Double) -> Int32 {
        guard length >= 1 else { return 1 }
        return Int32(min(length.rounded(), maximumPixelLength))
    }
}
