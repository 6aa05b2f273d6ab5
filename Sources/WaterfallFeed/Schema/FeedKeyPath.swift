import FoundationEssentials

/// Where a field sits in a page document: dot-separated keys, `[N]` for an array index and
/// `["key"]` (or `['key']`) for a key containing dots or brackets or starting with a digit, e.g.
/// `media.images["600x"].url` or `data.children[0].data.preview.images[0].source.url`.
///
/// The empty path is the value itself. Lookups are liberal: a numeric key on an array is an
/// index and an index on an object is the key of that name.
public struct FeedKeyPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        /// An object member.
        case key(String)
        /// An array element (0-based).
        case index(Int)
    }

    /// The steps, outermost first.
    public let components: [Component]
    /// The path as written.
    public let description: String

    /// Parses a path.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    /// - Throws: `FeedSchemaError.invalidPath` naming the problem, e.g. an unclosed `[` or an
    ///   empty key between two dots.
    public init(_ text: String) throws(FeedSchemaError) {
        let text = text.trimmingSpaces
        description = text
        var components: [Component] = []
        var scalars = Substring(text)
        func fail(_ reason: String) -> FeedSchemaError { .invalidPath(text, reason: reason) }
        var expectKey = true   // at the start or after a dot, a bare key may follow
        while let first = scalars.first {
            if first == "[" {
                scalars.removeFirst()
                if let quote = scalars.first, quote == "\"" || quote == "'" {
                    scalars.removeFirst()
                    guard let close = scalars.firstIndex(of: quote) else { throw fail("unclosed \(quote)") }
                    components.append(.key(String(scalars[..<close])))
                    scalars = scalars[scalars.index(after: close)...]
                    guard scalars.first == "]" else { throw fail("expected ] after the quoted key") }
                } else {
                    guard let close = scalars.firstIndex(of: "]") else { throw fail("unclosed [") }
                    let inside = scalars[..<close].trimmingSpaces
                    guard let index = Int(inside), index >= 0 else {
                        throw fail("'[\(inside)]' is not an index; quote keys as [\"\(inside)\"]")
                    }
                    components.append(.index(index))
                    scalars = scalars[close...]
                }
                scalars.removeFirst()   // the ]
                expectKey = false
            } else if first == "." {
                guard !components.isEmpty, !expectKey else { throw fail("empty key") }
                scalars.removeFirst()
                expectKey = true
                guard let next = scalars.first, next != "." else { throw fail("empty key") }
                if next == "[" { expectKey = false }
            } else {
                guard expectKey else { throw fail("expected . or [ after ]") }
                let end = scalars.firstIndex { $0 == "." || $0 == "[" } ?? scalars.endIndex
                components.append(.key(String(scalars[..<end])))
                scalars = scalars[end...]
                expectKey = false
            }
        }
        if expectKey, !components.isEmpty { throw fail("empty key at the end") }
        self.components = components
    }

    /// The value at this path in `root`, or `nil` when a step is missing.
    ///
    /// - Complexity: O(*k*) for *k* components (object members are hashed).
    public func value(in root: FeedValue) -> FeedValue? {
        var current = root
        for component in components {
            switch (component, current) {
            case (.key(let key), .object(let members)):
                guard let member = members[key] else { return nil }
                current = member
            case (.key(let key), .array(let elements)):
                guard let index = Int(key), elements.indices.contains(index) else { return nil }
                current = elements[index]
            case (.index(let index), .array(let elements)):
                guard elements.indices.contains(index) else { return nil }
                current = elements[index]
            case (.index(let index), .object(let members)):
                guard let member = members[String(index)] else { return nil }
                current = member
            default:
                return nil
            }
        }
        return current
    }
}
