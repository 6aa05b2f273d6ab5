import WaterfallCore

extension Array {
    /// The reference move: `array.insert(array.remove(at: source), at: destination)`.
    func moving(from source: Int, to destination: Int) -> [Element] {
        var result = self
        result.insert(result.remove(at: source), at: destination)
        return result
    }
}

extension Rect {
    /// Whether the rectangles are equal up to rounding errors of `tolerance` relative to their
    /// coordinates (absolute below 1).
    func isClose(to other: Rect, tolerance: Double = 1e-9) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= tolerance * Swift.max(1, abs(x), abs(y)) }
        return close(minX, other.minX) && close(minY, other.minY) && close(width, other.width)
            && close(height, other.height)
    }
}
