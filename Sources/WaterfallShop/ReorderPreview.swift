/// `--reorder-preview FROM:TO`: the drag a `--snapshot` holds — item FROM lifted over the
/// place of item TO.
package struct ReorderPreview: Equatable {
    /// The lifted item's index.
    package let from: Int
    /// The item whose place the lifted one is held over.
    package let to: Int

    /// Parses `FROM:TO` (two indices ≥ 0, different).
    init(parsing text: String) throws(OptionsError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let from = Int(parts[0]), let to = Int(parts[1]), from >= 0, to >= 0 else {
            throw .invalidValue("--reorder-preview", "'\(text)' is not FROM:TO (two item indices)")
        }
        guard from != to else { throw .invalidValue("--reorder-preview", "FROM and TO are the same item") }
        self.from = from
        self.to = to
    }
}
