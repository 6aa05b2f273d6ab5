import WaterfallGTK

/// The demo's text `message` in the current locale: the demo's strings are in Waterfall's own
/// text domain (`po/`), beside the library's.
package func tr(_ message: String) -> String {
    Translation.string(message)
}
