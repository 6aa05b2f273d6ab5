import WaterfallGTK

/// Draws product pictures one at a time, off the main actor.
///
/// Serial on purpose: on a small machine, parallel drawing during a fast scroll would take the
/// cores the main thread needs for frames, and most of those pictures are cancelled before
/// anyone sees them anyway (each request checks for cancellation before drawing).
actor ProductArtQueue {
    /// The queue every cell shares.
    static let shared = ProductArtQueue()

    /// The picture of `item` at `width` × `height` device pixels, or `nil` when cancelled.
    func render(_ item: ShopItem, width: Int, height: Int) -> Texture? {
        ProductArt.render(item, width: width, height: height)
    }
}
