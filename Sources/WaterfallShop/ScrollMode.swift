/// How `--scroll-test` (and `--flowbox`, `--grid-view`) move from frame to frame
/// (`--scroll-mode`).
package enum ScrollMode: String, CaseIterable {
    /// Jump by a fixed fraction of the content per frame (`--frames` jumps per direction), so
    /// every frame shows new items: the worst case for recycling.
    case teleport
    /// Move ``flingStep`` px per frame (≈ 2,400 px/s at 60 Hz), as a fast fling does.
    case fling

    /// The distance of one fling frame, px.
    package static let flingStep = 40.0

    /// The frames per direction and the distance per frame for a run over `bottom` px of
    /// scrolling: teleport divides `bottom` into `frames` steps; fling moves ``flingStep`` px a
    /// frame for `frames` frames, fewer when the content ends first (at least one).
    package func plan(frames: Int, bottom: Double) -> (framesPerDirection: Int, step: Double) {
        switch self {
        case .teleport:
            return (frames, bottom / Double(frames))
        case .fling:
            let toBottom = bottom.isFinite ? Int((bottom / Self.flingStep).rounded(.up)) : frames
            return (max(1, min(frames, toBottom)), Self.flingStep)
        }
    }
}
