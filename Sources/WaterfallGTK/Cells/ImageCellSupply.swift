import WaterfallCore

/// Where a data source of ``WaterfallImageCell``s gets its cells: a pooled cell when the view
/// model has one (the seeds' `dequeueReusableCellWithIdentifier:`), else a new one — counted,
/// so an app can see how few cells scrolling needs.
@MainActor
public struct ImageCellSupply {
    /// Cells created so far; the rest were reused.
    public private(set) var created = 0

    /// Creates a supply that has created no cell yet.
    public init() {}

    /// The reuse identifier of cells with a wrapped caption.
    public static let wrappedCaptionReuseIdentifier = "WaterfallImageCell.wrappedCaption"

    /// A cell with this caption style — ``WaterfallImageCell/defaultReuseIdentifier`` for the
    /// strip, ``wrappedCaptionReuseIdentifier`` for wrapped captions — reused when possible.
    /// - Complexity: O(1).
    public mutating func cell(from model: WaterfallViewModel<WaterfallImageCell>,
                              captionStyle: WaterfallImageCell.CaptionStyle = .strip) -> WaterfallImageCell {
        let identifier = captionStyle == .strip ? WaterfallImageCell.defaultReuseIdentifier : Self.wrappedCaptionReuseIdentifier
        if let reused = model.dequeueReusableCell(withIdentifier: identifier) {
            return reused
        }
        created += 1
        return WaterfallImageCell(reuseIdentifier: identifier, captionStyle: captionStyle)
    }
}
