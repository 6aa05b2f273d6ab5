import WaterfallCore

/// The wall's layouts (`--layout`, the header bar's switcher): seed 004's waterfall of the
/// shop, the shop in rows, and seed 003's carousel and circle of photos.
package enum LayoutChoice: String, CaseIterable {
    /// The shop as a masonry waterfall, scrolling vertically.
    case waterfall
    /// The shop as horizontal masonry: rows of one height, each item at the end of the
    /// shortest row, scrolling sideways.
    case rows
    /// Seed 003's line layout: photos in a row that scale toward the centre and snap.
    case carousel
    /// Seed 003's circle layout: photos on a ring around the centre.
    case circle

    /// Whether the layout shows seed 003's photos rather than the shop.
    var showsPhotos: Bool { self == .carousel || self == .circle }

    /// The switcher's label.
    var title: String {
        switch self {
        case .waterfall: tr("Waterfall")
        case .rows: tr("Rows")
        case .carousel: tr("Carousel")
        case .circle: tr("Circle")
        }
    }

    /// A new layout of this kind. The photo layouts have seed 003's sizes scaled from its
    /// 320×200 phone view to the window, so they keep the seed's proportions on a desktop.
    func makeLayout() -> any CollectionLayout {
        let seedProportions = ContainerScaling.proportional(reference: ContainerScaling.seedContainer)
        switch self {
        case .waterfall: return WaterfallCollectionLayout()
        case .rows: return WaterfallCollectionLayout(WaterfallLayout(axis: .horizontal))
        case .carousel:
            return CarouselLayout(itemSize: Size(width: PhotoStrip.photoSide, height: PhotoStrip.photoSide),
                                  scaling: seedProportions)
        case .circle: return CircleLayout(scaling: seedProportions)
        }
    }
}
