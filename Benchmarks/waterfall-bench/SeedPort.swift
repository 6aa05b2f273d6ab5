import WaterfallCore

/// A faithful Swift port of the seeds' HMWaterflowView algorithm (seed 000), the baseline the
/// benchmark compares against: `reloadData` recomputes every frame into an array with a linear
/// scan for the shortest column, and `layoutSubviews` tests every frame at each scroll step.
struct SeedWaterflow {
    /// The seeds' margins (all 8 by default) and column count.
    var top = 8.0, bottom = 8.0, left = 8.0, right = 8.0, column = 8.0, row = 8.0
    /// Number of columns.
    var numberOfColumns: Int
    /// The view's width.
    var width: Double
    /// Every cell's frame, as the seed's `cellFrames` array.
    private(set) var cellFrames: [Rect] = []
    /// The seed's `contentSize.height`: the tallest column's maximum y + the bottom margin.
    private(set) var contentHeight = 0.0

    /// Creates the view model with a column count and width.
    init(columns: Int, width: Double) {
        self.numberOfColumns = columns
        self.width = width
    }

    /// The seed's `cellWidth`.
    var cellWidth: Double {
        (width - left - right - Double(numberOfColumns - 1) * column) / Double(numberOfColumns)
    }

    /// The seed's `reloadData`: asks the data source for the count and the delegate for every
    /// height again (the seed's comment: 只要調用這個方法，會重新向數據源和代理發送請求), and
    /// recomputes every frame from scratch, then the content height from the columns' maximum ys.
    mutating func reloadData(numberOfCells: Int, heightAtIndex: (Int) -> Double) {
        cellFrames.removeAll()
        let cellW = cellWidth
        var maxYOfColumns = [Double](repeating: 0, count: numberOfColumns)
        for index in 0..<numberOfCells {
            let height = heightAtIndex(index)
            var cellColumn = 0
            var maxYOfCellColumn = maxYOfColumns[0]
            for j in 1..<numberOfColumns where maxYOfColumns[j] < maxYOfCellColumn {
                cellColumn = j
                maxYOfCellColumn = maxYOfColumns[j]
            }
            let cellX = left + Double(cellColumn) * (cellW + column)
            let cellY = maxYOfCellColumn == 0 ? top : maxYOfCellColumn + row
            let frame = Rect(x: cellX, y: cellY, width: cellW, height: height)
            cellFrames.append(frame)
            maxYOfColumns[cellColumn] = frame.maxY
        }
        contentHeight = maxYOfColumns.max()! + bottom
    }

    /// The seed's `layoutSubviews` visibility test: every frame checked against the viewport.
    func visibleIndices(offset: Double, height: Double) -> [Int] {
        var visible: [Int] = []
        for (index, frame) in cellFrames.enumerated()
        where frame.maxY > offset && frame.minY < offset + height {
            visible.append(index)
        }
        return visible
    }
}
