/// Where and how one item is drawn: the value a ``CollectionLayout`` hands out per item, the
/// counterpart of `UICollectionViewLayoutAttributes` in seed 003.
///
/// `frame` decides visibility and hit testing; `scale`, `alpha` and `zIndex` only change how
/// the item is drawn (a carousel shrinks items away from the centre, a transition fades them).
/// The scale is applied around the frame's centre, as `UIView.transform` does.
public struct LayoutAttributes: Equatable, Sendable {
    /// The item's index.
    public var index: Int
    /// The item's frame, in content coordinates unless a method says otherwise.
    public var frame: Rect
    /// A uniform scale around the frame's centre; 1 draws the frame as it is.
    public var scale: Double
    /// Opacity from 0 (invisible) to 1 (opaque).
    public var alpha: Double
    /// Stacking order: a higher value is drawn above a lower one.
    public var zIndex: Int

    /// Creates attributes; by default unscaled, opaque, at z-index 0.
    public init(index: Int, frame: Rect, scale: Double = 1, alpha: Double = 1, zIndex: Int = 0) {
        self.index = index
        self.frame = frame
        self.scale = scale
        self.alpha = alpha
        self.zIndex = zIndex
    }

    /// The centre of the frame.
    public var center: Point { Point(x: frame.midX, y: frame.midY) }

    /// The same attributes with the frame moved by (`dx`, `dy`), e.g. from content to viewport
    /// coordinates.
    public func offsetBy(dx: Double, dy: Double) -> LayoutAttributes {
        var moved = self
        moved.frame = frame.offsetBy(dx: dx, dy: dy)
        return moved
    }

    /// The attributes `fraction` of the way from `self` to `target` (0 gives `self`, 1 gives
    /// `target`), for animating a transition. Frame, scale and alpha are interpolated linearly;
    /// the index and z-index are `target`'s.
    public func interpolated(to target: LayoutAttributes, fraction: Double) -> LayoutAttributes {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        return LayoutAttributes(
            index: target.index,
            frame: Rect(x: mix(frame.minX, target.frame.minX), y: mix(frame.minY, target.frame.minY),
                          width: mix(frame.width, target.frame.width),
                          height: mix(frame.height, target.frame.height)),
            scale: mix(scale, target.scale),
            alpha: mix(alpha, target.alpha),
            zIndex: target.zIndex)
    }
}
