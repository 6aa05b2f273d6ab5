import SeededRandom

/// One product of the generated shop (seed 004's `iCocosShop`: image size, image, price),
/// computed from its id alone, so a million items cost no memory until they are shown. Making
/// one allocates nothing: the texts are built only when asked for.
package struct ShopItem: Sendable, Equatable {
    /// Stable identity; items prepended by pull-to-refresh have negative ids.
    let id: Int
    private let adjective: Int
    private let product: Int
    private let cents: Int
    /// The image's width in the feed's units (seed 004's `w`).
    package let width: Int
    /// The image's height in the feed's units (seed 004's `h`).
    package let height: Int
    /// The base hue of the product picture, 0..<1.
    let hue: Double
    /// Which silhouette the picture draws (0..<ProductArt.shapeCount).
    let shape: Int

    private static let adjectives = ["Walnut", "Linen", "Copper", "Ceramic", "Woven", "Nordic", "Vintage",
                                     "Bamboo", "Velvet", "Marble", "Cotton", "Glass", "Oak", "Rattan"]
    private static let products = ["Desk Lamp", "Tote Bag", "Teapot", "Armchair", "Vase", "Sneakers",
                                   "Backpack", "Mug Set", "Throw Pillow", "Wall Clock", "Planter",
                                   "Headphones", "Sunglasses", "Candle", "Notebook", "Watch"]
    /// Image heights for a width of 200: portrait-heavy, like a shop feed, with some wide ones.
    private static let heights = [150, 180, 200, 240, 260, 280, 300, 320, 340, 360, 400]

    /// The item with this id; the same id always gives the same item.
    package init(id: Int) {
        var random = SplitMix64(seed: UInt64(bitPattern: Int64(id)))
        self.id = id
        adjective = random.next(below: Self.adjectives.count)
        product = random.next(below: Self.products.count)
        cents = 990 + random.next(below: 60_000)
        width = 200
        height = Self.heights[random.next(below: Self.heights.count)]
        hue = Double(random.next(below: 360)) / 360
        shape = random.next(below: ProductArt.shapeCount)
    }

    /// The shop's categories (`--sections`), one per kind of product, in shop order.
    static let categories = ["Desk Lamps", "Tote Bags", "Teapots", "Armchairs", "Vases", "Sneakers",
                             "Backpacks", "Mug Sets", "Throw Pillows", "Wall Clocks", "Planters",
                             "Headphones", "Sunglasses", "Candles", "Notebooks", "Watches"]

    /// The item's category: an index into ``categories`` (the kind of product).
    var category: Int { product }

    /// The product name, drawn into the image and read by screen readers.
    var title: String { "\(Self.adjectives[adjective]) \(Self.products[product])" }

    /// The price shown in the caption strip.
    package var price: String { "$\(cents / 100).\(String(cents % 100).leftPadded(to: 2))" }

    /// What a screen reader says for the cell: title and price.
    package var accessibleLabel: String { "\(title), \(price)" }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
