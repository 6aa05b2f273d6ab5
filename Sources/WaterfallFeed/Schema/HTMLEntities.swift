/// Decoding of HTML character references in text that APIs serve HTML-escaped (Reddit's image
/// URLs and titles: `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`, `&#x27;`, and other named
/// references common in titles).
enum HTMLEntities {
    /// Named references decoded besides the numeric forms.
    static let named: [Substring: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–",
        "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»",
        "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "deg": "°", "times": "×",
        "middot": "·", "bull": "•", "eacute": "é", "egrave": "è", "agrave": "à", "uuml": "ü",
        "ouml": "ö", "auml": "ä", "szlig": "ß", "ntilde": "ñ", "ccedil": "ç",
    ]

    /// `text` with every known character reference replaced once (`&amp;lt;` becomes `&lt;`);
    /// unknown or malformed references are kept as written.
    ///
    /// - Complexity: O(*n*) in the length of `text`; returns `text` itself when it has no `&`.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            let candidate = rest[afterAmpersand...].prefix(12)
            if let semicolon = candidate.firstIndex(of: ";"),
               let character = character(for: rest[afterAmpersand..<semicolon]) {
                result.append(character)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result.append("&")
                rest = rest[afterAmpersand...]
            }
        }
        result += rest
        return result
    }

    /// The character of a reference's body (`amp`, `#39`, `#x27`), or `nil`.
    private static func character(for body: Substring) -> Character? {
        guard body.first == "#" else { return named[body] }
        let digits = body.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        return value.flatMap(Unicode.Scalar.init).map(Character.init)
    }
}
