import Foundation

/// Writes non-negative integers as `Int.formatted()` does in one locale ("12,345", "12.345",
/// "12 345", "12,34,567", "١٢٬٣٤٥"), without asking ICU for each number.
///
/// `formatted()` looks up an ICU number formatter and formats through it at every call, several
/// times the cost of the text itself; a scrolling wall writes a number into the description of
/// every cell it binds. This type asks ICU once, in ``init(locale:)``, for the locale's ten digits,
/// its grouping separator and group sizes (primary, then secondary as in "12,34,567"; and the
/// minimum grouping, as in Spanish "1234" but "12.345"), and then writes the digits itself. It
/// checks its own output against ICU's for a set of numbers of every length; a locale whose
/// numbers it would write differently (a sign, marks around the digits) is formatted by ICU
/// at every call, so the text is always `formatted()`'s.
struct IntegerText {
    /// ICU's formatter for the locale: the reference, and the fallback.
    private let style: IntegerFormatStyle<Int>
    /// The UTF-8 of the digits 0–9 and of the grouping separator.
    private let digits: [[UInt8]]
    private let separator: [UInt8]
    /// The digits in the rightmost group, and in each group left of it (0: no grouping).
    private let primary: Int, secondary: Int
    /// How many digits beyond `primary` a number needs before it is grouped at all.
    private let minimumGrouping: Int
    /// Whether the digits written here matched ICU's for every probe.
    private var matchesICU: Bool

    /// Learns `locale`'s digits and grouping from ICU and checks them.
    init(locale: Locale = .current) {
        let style = IntegerFormatStyle<Int>(locale: locale)
        let digits = (0...9).map { Array(style.format($0).utf8) }
        // The groups of a long number: the runs of digits between separators.
        var groups: [Int] = [0], separators: Set<[UInt8]> = [], pending: [UInt8] = []
        for character in style.format(1_234_567_890_123_456) {
            let utf8 = Array(String(character).utf8)
            if digits.contains(utf8) {
                if !pending.isEmpty {
                    separators.insert(pending)
                    pending = []
                    groups.append(0)
                }
                groups[groups.count - 1] += 1
            } else {
                pending += utf8
            }
        }
        let primary = groups.count > 1 ? groups[groups.count - 1] : 0
        let secondary = groups.count > 2 ? groups[groups.count - 2] : primary
        // The fewest digits beyond the primary group that a grouped number has.
        let minimumGrouping = primary == 0 ? 1 : (1...3).first { extra in
            style.format(Int(pow(10, Double(primary + extra - 1)))).utf8.count > (primary + extra) * digits[0].count
        }
        self.style = style
        self.digits = digits
        separator = separators.first ?? []
        self.primary = primary
        self.secondary = secondary
        self.minimumGrouping = minimumGrouping ?? 1
        matchesICU = false
        let learnt = pending.isEmpty && separators.count <= 1 && (secondary > 0 || primary == 0)
            && digits.allSatisfy { !$0.isEmpty } && minimumGrouping != nil
        matchesICU = learnt && Self.probes.allSatisfy { write($0) == style.format($0) }
    }

    /// Numbers of every length from 1 to 19 digits, with and without zeros, to check the
    /// grouping against ICU's.
    private static let probes: [Int] = (0..<18).flatMap { exponent -> [Int] in
        let power = (0..<exponent).reduce(1) { result, _ in result * 10 }
        return [power, power * 9 / 7 + 5, power * 10 - 1]
    } + [0, Int.max]

    /// Whether the locale's numbers are written here rather than by ICU at every call.
    var writesDigitsItself: Bool { matchesICU }

    /// `value` as `value.formatted()` writes it in the locale.
    func callAsFunction(_ value: Int) -> String {
        guard matchesICU, value >= 0 else { return style.format(value) }
        return write(value)
    }

    /// `value` (not negative) in the learnt digits and grouping.
    private func write(_ value: Int) -> String {
        let decimal = Array(String(value).utf8)
        let count = decimal.count
        let grouping = primary > 0 && count >= primary + minimumGrouping
        var text: [UInt8] = []
        text.reserveCapacity(count * 3 + 8)
        for (offset, digit) in decimal.enumerated() {
            let remaining = count - offset
            if grouping, offset > 0, remaining >= primary,
               remaining == primary || (remaining - primary) % secondary == 0 {
                text += separator
            }
            text += digits[Int(digit - UInt8(ascii: "0"))]
        }
        return String(decoding: text, as: UTF8.self)
    }
}
