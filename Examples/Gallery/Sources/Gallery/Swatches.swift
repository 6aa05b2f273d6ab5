import WaterfallGTK

/// The gallery's data source and delegate: 1,000 swatches of varying height in adaptive
/// columns at least 160 px wide.
final class Swatches: WaterfallDataSource, WaterfallDelegate {
    typealias Cell = SwatchCell
    static let css = """
    .swatch-0 { background-color: #e66100; } .swatch-1 { background-color: #2ec27e; }
    .swatch-2 { background-color: #3584e4; } .swatch-3 { background-color: #c061cb; }
    .swatch-4 { background-color: #f6d32d; } .swatch-5 { background-color: #865e3c; }
    .waterfall-cell label { color: white; font-weight: bold; }
    """

    func numberOfCells(in waterfallView: WaterfallViewModel<SwatchCell>) -> Int { 1_000 }

    func columns(in waterfallView: WaterfallViewModel<SwatchCell>) -> ColumnCount {
        .adaptive(minimumWidth: 160)
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<SwatchCell>, cellAt index: Int) -> SwatchCell {
        let cell = waterfallView.dequeueReusableCell(withIdentifier: SwatchCell.identifier) ?? SwatchCell()
        cell.show("Swatch \(index + 1)", colour: index % 6)
        return cell
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<SwatchCell>, sizeAt index: Int) -> ItemSize {
        .height(Double(80 + (index * 37) % 160))
    }

    func waterfallView(_ waterfallView: WaterfallViewModel<SwatchCell>, didSelectAt index: Int) {
        print("selected swatch \(index + 1)")
    }
}
