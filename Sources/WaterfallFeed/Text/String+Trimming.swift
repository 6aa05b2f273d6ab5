extension StringProtocol {
    /// The text without the spaces and tabs (Unicode white space other than line breaks) at
    /// either end.
    package var trimmingSpaces: String {
        trimming { $0.isWhitespace && !$0.isNewline }
    }

    /// The text without the white space and line breaks at either end.
    package var trimmingWhitespace: String {
        trimming(\.isWhitespace)
    }

    /// The text without the characters at either end for which `isTrimmed` holds.
    package func trimming(_ isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
