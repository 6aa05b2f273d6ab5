/// The axis along which a ``WaterfallLayout`` stacks its items and its content grows.
///
/// The engine lays out in its own terms — lanes across the container, items stacked along
/// them — and transposes at its boundary: frames, content size, query rectangles and hit-test
/// points are always in content coordinates (x to the right, y down).
public enum LayoutAxis: Equatable, Hashable, Sendable {
    /// Columns side by side across the container's width; each item goes under the shortest
    /// column and the content grows downward (the seeds' waterfall).
    case vertical
    /// Rows of one height stacked across the container's height; each item goes at the end of
    /// the shortest row and the content grows to the right (right to left: to the left).
    ///
    /// Every setting keeps its meaning with the axes swapped: ``WaterfallLayout/containerWidth``
    /// is the container's *height*, ``WaterfallLayout/columns`` are rows and
    /// ``WaterfallLayout/columnWidth`` is the row height, ``WaterfallLayout/columnSpacing`` is
    /// the space between rows and ``WaterfallLayout/rowSpacing`` the space between the items of
    /// a row. An ``ItemSize`` gives an item's length along its row — ``ItemSize/height(_:)`` is
    /// its width — and an aspect ratio keeps the image's proportions at the row height
    /// (width = rowHeight × width / height). Spanning items span rows; full-span items span the
    /// container's height. The insets are the container's physical edges (`insets.left`, the
    /// leading one, is where the rows start; right to left, the content starts at the right and
    /// `insets.left` is its right inset, as a mirror image).
    case horizontal
}
