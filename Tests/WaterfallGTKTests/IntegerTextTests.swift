import Foundation
import SeededRandom
import Testing
@testable import WaterfallGTK

/// Integers written with the digits and grouping learnt from ICU (``IntegerText``) against
/// ICU's own `IntegerFormatStyle` (the reference), in locales whose numbers differ: separators,
/// group sizes, minimum grouping, digits. Each of these locales is learnt (none is left to ICU).
@Suite("Integers written as formatted() writes them")
struct IntegerTextTests {
    @Test("the same text as IntegerFormatStyle for random numbers of every length and negative ones, in 12 locales (seeded)",
          arguments: ["en_US", "de_DE", "fr_FR", "es_ES", "pl_PL", "hi_IN", "ar_EG", "fa_IR", "zh_TW", "he_IL", "de_CH", "en_US_POSIX"])
    func matchesICU(locale identifier: String) {
        let locale = Locale(identifier: identifier)
        let text = IntegerText(locale: locale)
        let style = IntegerFormatStyle<Int>(locale: locale)
        #expect(text.writesDigitsItself, "\(identifier): the digits and grouping were learnt, not left to ICU")
        for seed in UInt64(1)...20 {
            var random = SplitMix64(seed: seed)
            for _ in 0..<50 {
                // A random length first, so short numbers are as common as long ones.
                let digits = 1 + Int(random.next() % 19)
                let value = Int(random.next() % UInt64(Int.max)) >> (63 - min(63, digits * 10 / 3 + 1))
                #expect(text(value) == style.format(value), "seed \(seed), \(identifier): \(value)")
            }
            let negative = -Int(random.next() % 10_000_000)
            #expect(text(negative) == style.format(negative), "seed \(seed), \(identifier): \(negative)")
        }
    }
}
