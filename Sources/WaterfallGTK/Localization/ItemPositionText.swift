/// A view's maker of its cells' accessible descriptions ("item 12 of 10,000"): the text
/// ``WaterfallStrings/itemPosition(_:of:)`` gives, made for many positions of one count.
///
/// A scrolling wall describes every cell it binds, and filling the whole template each time
/// (reading it, formatting two numbers, a dictionary, the fill) costs several times more than
/// the one number that changes. So the template is cut once around its `{position}`, with
/// `{count}` filled in, and each description writes only its position between the two parts
/// (with ``IntegerText``).
/// The template is read again at each description, so a replacement the app assigns to
/// ``WaterfallStrings/itemPosition`` shows on the next bind.
struct ItemPositionText {
    /// The template and count the parts were made from.
    private var template: String?
    private var count = 0
    /// The filled text before and after `{position}`; `nil` when the template holds
    /// `{position}` other than once, which is filled whole each time.
    private var parts: (head: String, tail: String)?
    /// Writes the positions as the C library's numeric locale groups them: learnt once, at the
    /// first description of any view, and shared by every view.
    @MainActor private static var integers: IntegerText?

    /// The description of the 1-based `position` of `count` items.
    @MainActor mutating func text(_ position: Int, of count: Int) -> String {
        let template = WaterfallStrings.current.itemPosition
        if template != self.template || count != self.count {
            self.template = template
            self.count = count
            parts = Self.parts(of: template, count: count)
        }
        guard let parts else { return WaterfallStrings.current.itemPosition(position, of: count) }
        let integers = Self.integers ?? IntegerText()
        Self.integers = integers
        return parts.head + integers(position) + parts.tail
    }

    /// `template` cut around its one `{position}`, each side filled with `count`; the same
    /// text as filling it whole, since ``WaterfallStrings/fill(_:_:)`` closes each `{` at the
    /// first `}` after it, which for any `{` before `{position}` is at the latest its own.
    private static func parts(of template: String, count: Int) -> (head: String, tail: String)? {
        let pieces = template.split(separator: "{position}", omittingEmptySubsequences: false)
        guard pieces.count == 2 else { return nil }
        let values = ["count": IntegerText()(count)]
        return (WaterfallStrings.fill(String(pieces[0]), values), WaterfallStrings.fill(String(pieces[1]), values))
    }
}
