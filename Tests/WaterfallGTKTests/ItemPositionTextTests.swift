import SeededRandom
import Testing
@testable import WaterfallGTK

/// The cells' accessible descriptions made from the template cut once around `{position}`
/// (``ItemPositionText``) against filling the whole template each time
/// (``WaterfallStrings/itemPosition(_:of:)``, the reference).
@MainActor
@Suite("Item position descriptions", .serialized)
struct ItemPositionTextTests {
    /// The pieces random templates are made of: the placeholders, stray and nested braces, text.
    private static let pieces = ["{position}", "{count}", "{", "}", "{position", "count}", "item ", " of ", "第", "項", "פריט", "{x}", ""]

    @Test("the same text as filling the whole template, for random templates, positions and counts (seeded)")
    func matchesFilling() {
        let saved = WaterfallStrings.current
        defer { WaterfallStrings.current = saved }
        for seed in UInt64(1)...300 {
            var random = SplitMix64(seed: seed)
            var descriptions = ItemPositionText()
            var count = Int(random.next() % 2_000_000)
            for step in 0..<20 {
                // Now and then a new template (the app's replacement) or a new count.
                if step == 0 || random.next() % 5 == 0 {
                    let length = Int(random.next() % 7)
                    WaterfallStrings.current.itemPosition = (0..<length).map { _ in
                        Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
                    }.joined()
                }
                if random.next() % 4 == 0 { count = Int(random.next() % 2_000_000) }
                let position = Int(random.next() % UInt64(count + 1))
                let expected = WaterfallStrings.current.itemPosition(position, of: count)
                #expect(descriptions.text(position, of: count) == expected,
                        "seed \(seed) step \(step): template \(WaterfallStrings.current.itemPosition)")
            }
        }
    }
}
