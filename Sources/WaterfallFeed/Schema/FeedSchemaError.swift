/// A feed schema that cannot be used, with a one-line explanation.
public enum FeedSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A key path does not parse.
    case invalidPath(String, reason: String)
    /// A mapping entry is not `field=PATH`.
    case invalidEntry(String)
    /// A mapping names a field the schema does not have.
    case unknownField(String, known: [String])
    /// A `cursor` parameter name that cannot be a URL query name (empty, or containing `=`,
    /// `&`, `#` or spaces).
    case invalidCursorParameter(String)

    /// A readable one-line explanation.
    public var description: String {
        switch self {
        case .invalidPath(let path, let reason):
            return "invalid key path '\(path)': \(reason)"
        case .invalidEntry(let entry):
            return "'\(entry)' is not field=PATH (or a preset: \(FeedSchema.presetNames.joined(separator: ", ")))"
        case .unknownField(let name, let known):
            return "unknown field '\(name)' (known: \(known.joined(separator: ", ")))"
        case .invalidCursorParameter(let name):
            return "'\(name)' is not a query parameter name"
        }
    }
}
