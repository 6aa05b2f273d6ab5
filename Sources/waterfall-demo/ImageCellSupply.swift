import WaterfallCore
import WaterfallGTK

/// The walls' source of image cells: a pooled cell when the view model has one (the seeds'
/// `dequeueReusableCellWithIdentifier:`), else a new one — counted, for `--scroll-test`.
@MainActor
struct ImageCellSupply {
    /// Cells created so far; the rest were reused.
    private(set) var created = 0

    /// A cell with this caption style (one reuse identifier per style), reused when possible.
    mutating func cell(from model: WaterfallViewModel<WaterfallImageCell>,
                       captionStyle: WaterfallImageCell.CaptionStyle = .strip) -> WaterfallImageCell {
        let identifier = captionStyle == .strip ? WaterfallImageCell.defaultReuseIdentifier : "WaterfallImageCell.wrapped"
        if let reused = model.dequeueReusableCell(withIdentifier: identifier) {
            return reused
        }
        created += 1
        return WaterfallImageCell(reuseIdentifier: identifier, captionStyle: captionStyle)
    }
}
