import Glibc

/// Writes integers as the C library's `printf("%'d")` does in the calling thread's numeric
/// locale (`LC_NUMERIC`, which `gtk_init` sets from the environment): "12,345", "12.345",
/// "12 345", "12,34,567". No ICU: the thousands separator and the grouping come from
/// `localeconv()`, read once in ``init()``, and the digits are written here.
package struct IntegerText {
    /// The UTF-8 of the thousands separator; empty: no grouping.
    private let separator: [UInt8]
    /// The digits in each group, from the right (the C library's `grouping`); the last one
    /// repeats unless `repeatsLast` is false (`CHAR_MAX` ended the list).
    private let groups: [Int]
    private let repeatsLast: Bool

    /// Learns the separator and grouping of the calling thread's numeric locale.
    package init() {
        let conventions = localeconv().pointee
        self.init(separator: conventions.thousands_sep.map { String(cString: $0) } ?? "",
                  grouping: conventions.grouping.map { pointer in
                      Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { Int($0) }
                  } ?? [])
    }

    /// A writer with `separator` between groups whose sizes are given as the C library's
    /// `grouping`: from the right, the last repeating, a value of `CHAR_MAX` (127) or below 1
    /// ending the grouping there.
    package init(separator: String, grouping: [Int]) {
        let sizes = grouping.prefix { $0 > 0 && $0 < Int(CChar.max) }
        self.separator = Array(separator.utf8)
        groups = Array(sizes)
        repeatsLast = sizes.count == grouping.count
    }

    /// `value` in the learnt grouping.
    package func callAsFunction(_ value: Int) -> String {
        let decimal = Array(String(value.magnitude).utf8)
        var lengths: [Int] = []
        var remaining = decimal.count
        while remaining > 0 {
            let size = separator.isEmpty ? remaining
                : lengths.count < groups.count ? groups[lengths.count]
                : repeatsLast && !groups.isEmpty ? groups[groups.count - 1] : remaining
            lengths.append(min(size, remaining))
            remaining -= lengths[lengths.count - 1]
        }
        var text: [UInt8] = value < 0 ? [UInt8(ascii: "-")] : []
        text.reserveCapacity(decimal.count + lengths.count * separator.count + 1)
        var start = 0
        for length in lengths.reversed() {
            if start > 0 { text += separator }
            text += decimal[start..<start + length]
            start += length
        }
        return String(decoding: text, as: UTF8.self)
    }
}
