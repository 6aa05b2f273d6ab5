/// A text that depends on a count, such as "1 new item" / "12 new items": gettext's `ngettext`
/// picks the form the language's plural rule asks for (Hebrew and Chinese differ from English),
/// and `{count}` in it becomes the count, grouped as the C library's numeric locale groups it
/// (digits grouped by `printf`'s `'` flag).
public struct PluralText: Sendable, Equatable {
    /// The English singular, the gettext `msgid`.
    public var singular: String
    /// The English plural, the gettext `msgid_plural`.
    public var plural: String
    /// The gettext text domain the forms are translated in (an app may point a replacement at
    /// its own domain), or `nil` to show ``singular`` for 1 and ``plural`` otherwise, untranslated.
    public var domain: String?

    /// A text with these English forms, translated in `domain` (Waterfall's by default).
    public init(_ singular: String, _ plural: String, domain: String? = Translation.domain) {
        self.singular = singular
        self.plural = plural
        self.domain = domain
    }

    /// The form for `count`, with `{count}` replaced by it.
    public func callAsFunction(_ count: Int) -> String {
        let form: String
        if let domain {
            form = Translation.plural(singular, plural, count: count, domain: domain)
        } else {
            form = count == 1 ? singular : plural
        }
        return WaterfallStrings.fill(form, ["count": IntegerText()(count)])
    }
}
