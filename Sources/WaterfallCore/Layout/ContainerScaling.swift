/// How the sizes of seed 003's layouts (``CarouselLayout``, ``CircleLayout``) follow their
/// container.
///
/// The seed sized its items for a phone: a collection view 320 points wide and 200 high holding
/// 130-point carousel items, or 50-point items on a circle of radius 70. In a 1000×760 desktop
/// window those are tiny; ``proportional(reference:)`` keeps the seed's proportions instead.
public enum ContainerScaling: Equatable, Sendable {
    /// The sizes are points, whatever the container's size.
    case fixed
    /// The sizes were designed for a container of `reference` size: they are multiplied by
    /// min(width / reference.width, height / reference.height) of the actual container, so that
    /// they keep their ratios to it and what fitted the reference still fits (the smaller ratio
    /// wins). The layouts apply it in `prepare(for:)` and again when
    /// `invalidate(forBoundsChange:)` brings another size, so they re-scale on every resize.
    case proportional(reference: Size)

    /// Seed 003's collection view: 320 points wide (the phone's width) by 200 high.
    public static let seedContainer = Size(width: 320, height: 200)

    /// The factor the sizes are multiplied by in a container of `size`: 1 for ``fixed``, and for
    /// a reference or container without a positive, finite width and height (a container not
    /// laid out yet).
    /// - Complexity: O(1).
    public func factor(for size: Size) -> Double {
        guard case .proportional(let reference) = self else { return 1 }
        let valid = { (length: Double) in length.isFinite && length > 0 }
        guard valid(reference.width), valid(reference.height), valid(size.width), valid(size.height) else { return 1 }
        return min(size.width / reference.width, size.height / reference.height)
    }
}
