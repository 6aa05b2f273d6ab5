import WaterfallGTK

extension WaterfallImageCell {
    /// Shows `item` as every shop cell does (the wall's and `--grid-view`'s): its price in the
    /// caption strip, its title and price for screen readers, and its product picture drawn off
    /// the main thread at `pixelWidth` × `pixelHeight` device pixels (the placeholder until then),
    /// once `pacer` has seen the cell stay on screen for a frame.
    package func show(_ item: ShopItem, pixelWidth: Int, pixelHeight: Int, pacer: ArtPacer?) {
        setCaption(item.price)
        setAccessibleLabel(item.accessibleLabel)
        loadImage {
            await pacer?.cellSurvivedAFrame()
            return await ProductArtQueue.shared.render(item, width: pixelWidth, height: pixelHeight)
        }
    }
}
