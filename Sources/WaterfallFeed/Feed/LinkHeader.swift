import FoundationEssentials

/// The links of an HTTP `Link` header (RFC 8288), as GitHub, Shopify and Unsplash page with:
/// `<https://…?page_info=abc>; rel="next", <…>; rel="previous"`.
///
/// Parsing is liberal: relations may be quoted or not, several in one `rel` (`rel="next last"`),
/// in any case; other parameters (`title="a, b; c"`) may hold commas and semicolons inside
/// quotes; targets may be relative; malformed entries are skipped.
public struct LinkHeader: Sendable, Hashable {
    /// One link.
    public struct Link: Sendable, Hashable {
        /// The target, resolved against the response URL.
        public var url: URL
        /// The relation types, lowercased (`next`, `prev`, `previous`, `first`, `last`, …).
        public var relations: Set<String>
    }

    /// The relations that make a header a paging header: one with any of them but no `next`
    /// says the feed ends here (Shopify's last page has only `previous`).
    public static let pagingRelations: Set<String> = ["next", "prev", "previous", "first", "last"]

    /// The links in header order.
    public var links: [Link]

    /// Parses a header value.
    ///
    /// - Complexity: O(*n*) in the length of `value`.
    public init(_ value: String, relativeTo base: URL?) {
        var links: [Link] = []
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: ">") else { break }
            let target = rest[..<close].trimmingSpaces
            rest = rest[rest.index(after: close)...]
            var relations: Set<String> = []
            // Parameters up to the next top-level comma.
            while let first = rest.first(where: { !$0.isWhitespace }), first == ";" {
                rest = rest.drop { $0.isWhitespace }.dropFirst()
                let nameEnd = rest.firstIndex { $0 == "=" || $0 == ";" || $0 == "," } ?? rest.endIndex
                let name = rest[..<nameEnd].trimmingSpaces.lowercased()
                rest = rest[nameEnd...]
                var parameter = ""
                if rest.first == "=" {
                    rest = rest.dropFirst().drop { $0.isWhitespace }
                    (parameter, rest) = Self.parameterValue(rest)
                }
                if name == "rel" {
                    relations.formUnion(parameter.lowercased().split(separator: " ").map(String.init))
                }
            }
            if let url = URL(lenient: target, relativeTo: base) {
                links.append(Link(url: url, relations: relations))
            }
        }
        self.links = links
    }

    /// A token or quoted string at the start of `text` (backslash escapes honoured), and what
    /// follows it.
    private static func parameterValue(_ text: Substring) -> (String, Substring) {
        guard text.first == "\"" else {
            let end = text.firstIndex { $0 == ";" || $0 == "," } ?? text.endIndex
            return (text[..<end].trimmingSpaces, text[end...])
        }
        var value = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character == "\\", index < text.endIndex {
                value.append(text[index])
                index = text.index(after: index)
            } else if character == "\"" {
                break
            } else {
                value.append(character)
            }
        }
        return (value, text[index...])
    }

    /// The first link with relation `next`, if any.
    public var next: URL? {
        links.first { $0.relations.contains("next") }?.url
    }

    /// Whether the header pages (has a `next`, `prev`, `previous`, `first` or `last` link).
    public var isPaging: Bool {
        links.contains { !$0.relations.isDisjoint(with: Self.pagingRelations) }
    }
}
