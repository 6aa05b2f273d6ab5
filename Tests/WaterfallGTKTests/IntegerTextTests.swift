import Glibc
import SeededRandom
import Testing
@testable import WaterfallGTK

/// Integers written with the C library's grouping (``IntegerText``) against `printf("%'ld")` in
/// the installed locales, and against the texts of groupings no installed locale may have
/// (India's 3-then-2, a grouping that stops).
@Suite("Integers written as printf(\"%'d\") writes them")
struct IntegerTextTests {
    /// `printf("%'ld", value)` in the calling thread's locale.
    func printed(_ value: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%'ld", $0) }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test("the same text as printf for random numbers of every length and negative ones (seeded)",
          arguments: ["C.UTF-8", "he_IL.UTF-8", "zh_TW.UTF-8", "de_DE.UTF-8", "fr_FR.UTF-8", "hi_IN.UTF-8"])
    func matchesPrintf(locale name: String) throws {
        guard let locale = newlocale(LC_NUMERIC_MASK, name, nil) else {
            try skipTest("the \(name) locale is not installed")
        }
        defer { freelocale(locale) }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        let text = IntegerText()
        print("IntegerText against printf in \(name): seeds 1...20")
        for seed in UInt64(1)...20 {
            var random = SplitMix64(seed: seed)
            for _ in 0..<50 {
                // A random length first, so short numbers are as common as long ones.
                let digits = 1 + Int(random.next() % 19)
                let value = Int(random.next() % UInt64(Int.max)) >> (63 - min(63, digits * 10 / 3 + 1))
                #expect(text(value) == printed(value), "seed \(seed), \(name): \(value)")
            }
            let negative = -Int(random.next() % 10_000_000)
            #expect(text(negative) == printed(negative), "seed \(seed), \(name): \(negative)")
        }
        #expect(text(Int.min) == printed(Int.min))
    }

    @Test func groupingsOfEveryKind() {
        #expect(IntegerText(separator: ",", grouping: [3, 2])(1_234_567) == "12,34,567")
        #expect(IntegerText(separator: "\u{202F}", grouping: [3])(-1_234_567) == "-1\u{202F}234\u{202F}567")
        #expect(IntegerText(separator: ".", grouping: [3, 127])(1_234_567) == "1234.567")
        #expect(IntegerText(separator: ",", grouping: [])(1_234_567) == "1234567")
        #expect(IntegerText(separator: "", grouping: [3])(1_234_567) == "1234567")
        #expect(IntegerText(separator: ",", grouping: [3])(0) == "0")
    }
}
