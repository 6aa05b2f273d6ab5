/// The section header pinned to the top of the viewport (see
/// ``WaterfallViewModel/pinnedHeader``): which item it is and where it is drawn.
public struct PinnedHeader: Equatable, Sendable {
    /// The z-index the pinned header is placed at, above every item of the built-in layouts,
    /// so that it is drawn above the cells scrolling beneath it and gets the clicks there.
    public static let zIndex = 1 << 30

    /// The header's item index.
    public var index: Int
    /// Where the header is drawn, relative to the viewport: its frame at the pin line
    /// (``WaterfallViewModel/pinnedHeaderInset`` below the viewport's top), or higher while the
    /// next section's header pushes it out; z-index ``zIndex``.
    public var attributes: LayoutAttributes
    /// How far the next header has pushed it above the pin line: 0 while it rests there, up to
    /// its height as the next header takes its place.
    public var pushDistance: Double

    /// Creates a value (the view model makes them; tests compare against them).
    public init(index: Int, attributes: LayoutAttributes, pushDistance: Double) {
        self.index = index
        self.attributes = attributes
        self.pushDistance = pushDistance
    }
}
