/// A `#RRGGBB` colour (the feed's `color` key), as 8-bit sRGB.
public struct PlaceholderColor: Sendable, Hashable {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8

    /// Parses `#RRGGBB` (the `#` optional, hex digits in either case); `nil` for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = Int(digits, radix: 16) else { return nil }
        red = UInt8(value >> 16)
        green = UInt8((value >> 8) & 255)
        blue = UInt8(value & 255)
    }
}
