/// One text of ``WaterfallStrings``: its English message translated through gettext (text
/// domain `waterfall`, see ``Translation``) each time it is read, until the app replaces it by
/// assigning a string, which is then shown as it is.
@propertyWrapper
public struct Localized: Sendable, Equatable {
    /// The English message, the gettext `msgid`.
    public let message: String
    /// The app's replacement, or `nil` for the translation.
    public var replacement: String?

    /// A text whose default is the translation of `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The replacement if there is one, else the translation of ``message`` for the current
    /// locale; setting it sets the replacement.
    public var wrappedValue: String {
        get { replacement ?? Translation.string(message) }
        set { replacement = newValue }
    }
}
