import Foundation

extension FeedItem: Codable {
    /// The `CodingUserInfoKey` under which a decoder's `userInfo` holds the page URL (a `URL`)
    /// that relative `img` values are resolved against.
    public static let baseURLUserInfoKey = CodingUserInfoKey(rawValue: "WaterfallFeed.FeedItem.baseURL")!

    private enum CodingKeys: String, CodingKey {
        case id
        case imageURL = "img"
        case pixelWidth = "w"
        case pixelHeight = "h"
        case price
        case title
        case colorHex = "color"
        case blurHash = "blur_hash"
    }

    /// Decodes an item from a JSON object or plist dictionary.
    ///
    /// `img` must be a string that is a URL, absolute or relative to the page URL in
    /// `decoder.userInfo[FeedItem.baseURLUserInfoKey]`. `w` and `h` are required and must be
    /// numbers (or strings holding a number); their values are not checked here, see
    /// `hasValidPixelSize`. `price` and `id` may be strings or numbers; `title`, `color` and
    /// `blur_hash` are strings (not validated here: a bad one just shows the plain
    /// placeholder). Unknown keys are ignored.
    ///
    /// - Throws: `DecodingError` whose coding path ends at the offending key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let rawURL = try container.decode(String.self, forKey: .imageURL)
        let base = decoder.userInfo[Self.baseURLUserInfoKey] as? URL
        guard let url = URL(string: rawURL, relativeTo: base)?.absoluteURL, url.scheme != nil else {
            throw DecodingError.dataCorruptedError(forKey: .imageURL, in: container,
                                                   debugDescription: "'\(rawURL)' is not a URL")
        }
        imageURL = url
        pixelWidth = try container.decodeNumber(forKey: .pixelWidth)
        pixelHeight = try container.decodeNumber(forKey: .pixelHeight)
        price = try container.decodeTextOrNumber(forKey: .price)
        id = try container.decodeTextOrNumber(forKey: .id)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        colorHex = try container.decodeIfPresent(String.self, forKey: .colorHex)
        blurHash = try container.decodeIfPresent(String.self, forKey: .blurHash)
    }

    /// Encodes the item with the document keys; `img` is written absolute, `id` and `price` as
    /// strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(imageURL.absoluteString, forKey: .imageURL)
        try container.encode(pixelWidth, forKey: .pixelWidth)
        try container.encode(pixelHeight, forKey: .pixelHeight)
        try container.encodeIfPresent(price, forKey: .price)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(colorHex, forKey: .colorHex)
        try container.encodeIfPresent(blurHash, forKey: .blurHash)
    }
}

extension KeyedDecodingContainer {
    /// A required number that may also be written as a string holding a number.
    fileprivate func decodeNumber(forKey key: Key) throws -> Double {
        if let number = try? decode(Double.self, forKey: key) {
            return number
        }
        if let text = try? decode(String.self, forKey: key),
           let number = Double(text.trimmingCharacters(in: .whitespaces)) {
            return number
        }
        guard contains(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                                                       debugDescription: "key '\(key.stringValue)' is missing"))
        }
        throw DecodingError.typeMismatch(Double.self, .init(codingPath: codingPath + [key],
                                                            debugDescription: "key '\(key.stringValue)' is not a number"))
    }

    /// An optional string that may also be written as a number (kept in its shortest form:
    /// `12` for 12.0, `19.99` for 19.99).
    fileprivate func decodeTextOrNumber(forKey key: Key) throws -> String? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let text = try? decode(String.self, forKey: key) {
            return text
        }
        if let integer = try? decode(Int64.self, forKey: key) {
            return String(integer)
        }
        if let number = try? decode(Double.self, forKey: key), number.isFinite {
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        }
        throw DecodingError.typeMismatch(String.self, .init(codingPath: codingPath + [key],
                                                            debugDescription: "key '\(key.stringValue)' is neither a string nor a number"))
    }
}
