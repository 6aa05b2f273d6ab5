/// Where a byte of a text document is, for messages: `line L, column C` (1-based, columns
/// counted in bytes).
///
/// - Complexity: O(*offset*).
func textLocation(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
    var line = 1
    var lineStart = 0
    for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
        line += 1
        lineStart = index + 1
    }
    return "line \(line), column \(offset - lineStart + 1)"
}
