/// Positions and lengths along a scroll axis, so that the view model's geometry is written
/// once for both axes. A layout that does not scroll (`.none`) has no position along it: every
/// position and length is 0, and moving along it changes nothing.
extension ScrollAxis {
    /// The coordinate of `point` along the axis.
    func position(of point: Point) -> Double {
        switch self {
        case .vertical: return point.y
        case .horizontal: return point.x
        case .none: return 0
        }
    }

    /// The extent of `size` along the axis.
    func length(of size: Size) -> Double {
        position(of: Point(x: size.width, y: size.height))
    }

    /// `point` with its coordinate along the axis set to `position`.
    func moving(_ point: Point, to position: Double) -> Point {
        switch self {
        case .vertical: return Point(x: point.x, y: position)
        case .horizontal: return Point(x: position, y: point.y)
        case .none: return point
        }
    }

    /// `rect` moved by `distance` along the axis.
    func moving(_ rect: Rect, by distance: Double) -> Rect {
        Rect(origin: moving(rect.origin, to: position(of: rect.origin) + distance), size: rect.size)
    }

    /// `rect` widened by `distance` before its start and after its end along the axis.
    func widening(_ rect: Rect, by distance: Double) -> Rect {
        switch self {
        case .vertical: return rect.insetBy(dx: 0, dy: -distance)
        case .horizontal: return rect.insetBy(dx: -distance, dy: 0)
        case .none: return rect
        }
    }
}
