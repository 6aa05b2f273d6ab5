import WaterfallCore
import WaterfallGTK

/// The walls' source of image cells: a pooled cell when the view model has one (the seeds'
/// `dequeueReusableCellWithIdentifier:`), else a new one — counted, for `--scroll-test`.
@MainActor
struct ImageCellSupply {
    /// Cells created so far; the rest were reused.
    private(set) var created = 0

    /// A cell with the default identifier, reused when possible.
    mutating func cell(from model: WaterfallViewModel<WaterfallImageCell>) -> WaterfallImageCell {
        if let reused = model.dequeueReusableCell(withIdentifier: WaterfallImageCell.defaultReuseIdentifier) {
            return reused
        }
        created += 1
        return WaterfallImageCell()
    }
}
