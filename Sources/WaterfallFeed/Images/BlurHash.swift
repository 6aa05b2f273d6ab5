import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A decoded BlurHash (Wolt's compact placeholder format, https://blurha.sh): a few DCT
/// components of an image, quantised and written in base 83, decoded into a small blurred image
/// to show while the real one loads.
///
/// The string is: one character of component counts (`(y − 1) · 9 + (x − 1)`, 1–9 each), one of
/// the quantised maximum AC value, four of the DC colour (sRGB, 24 bits), then two per AC
/// component (19 levels per channel, square-root signed).
public struct BlurHash: Sendable {
    /// Why a string is not a BlurHash.
    public enum ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// A character outside the base-83 alphabet, at this offset.
        case invalidCharacter(offset: Int)
        /// The length does not match the component counts of the first character.
        case wrongLength(expected: Int, actual: Int)

        /// A readable one-line explanation.
        public var description: String {
            switch self {
            case .invalidCharacter(let offset): return "not a BlurHash: invalid character at offset \(offset)"
            case .wrongLength(let expected, let actual): return "not a BlurHash: \(actual) characters, expected \(expected)"
            }
        }
    }

    /// The number of horizontal components (1–9).
    public let componentsX: Int
    /// The number of vertical components (1–9).
    public let componentsY: Int
    /// The components in linear RGB, row-major (`x + y · componentsX`); the first is the DC term.
    let components: [(Double, Double, Double)]

    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)
    private static let digitOf: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = Int8(index) }
        return table
    }()

    /// Parses `hash`.
    ///
    /// - Parameters:
    ///   - hash: the BlurHash string.
    ///   - punch: how strongly the AC components (the contrast) are applied; 1 is as encoded.
    /// - Complexity: O(length of `hash`).
    /// - Throws: `BlurHash.ParseError`.
    public init(_ hash: String, punch: Double = 1) throws(ParseError) {
        let bytes = Array(hash.utf8)
        func number(_ range: Range<Int>) throws(ParseError) -> Int {
            var value = 0
            for offset in range {
                guard offset < bytes.count, bytes[offset] < 128, Self.digitOf[Int(bytes[offset])] >= 0 else {
                    throw .invalidCharacter(offset: offset)
                }
                value = value * 83 + Int(Self.digitOf[Int(bytes[offset])])
            }
            return value
        }
        guard bytes.count >= 6 else { throw .wrongLength(expected: 6, actual: bytes.count) }
        let sizeFlag = try number(0..<1)
        componentsX = sizeFlag % 9 + 1
        componentsY = sizeFlag / 9 + 1
        let expected = 4 + 2 * componentsX * componentsY
        guard bytes.count == expected else { throw .wrongLength(expected: expected, actual: bytes.count) }
        let maximum = Double(try number(1..<2) + 1) / 166 * punch
        let dc = try number(2..<6)
        var components = [(Self.linear(dc >> 16), Self.linear((dc >> 8) & 255), Self.linear(dc & 255))]
        for index in 1..<componentsX * componentsY {
            let value = try number(4 + index * 2..<6 + index * 2)
            func channel(_ quantised: Int) -> Double {
                let signed = Double(quantised - 9) / 9
                return (signed < 0 ? -1 : 1) * signed * signed * maximum
            }
            components.append((channel(value / (19 * 19)), channel((value / 19) % 19), channel(value % 19)))
        }
        self.components = components
    }

    /// The image at `width`×`height` as sRGB RGBA8 (alpha 255), rows of `4 × width` bytes.
    /// Placeholders are usually decoded small (e.g. 32 pixels wide) and scaled up when drawn.
    ///
    /// - Complexity: O(`width` × `height` × components).
    public func rgba(width: Int, height: Int) -> [UInt8] {
        guard width > 0, height > 0 else { return [] }
        let cosX = (0..<width).flatMap { x in (0..<componentsX).map { cos(Double.pi * Double(x * $0) / Double(width)) } }
        let cosY = (0..<height).flatMap { y in (0..<componentsY).map { cos(Double.pi * Double(y * $0) / Double(height)) } }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var (r, g, b) = (0.0, 0.0, 0.0)
                for j in 0..<componentsY {
                    let basisY = cosY[y * componentsY + j]
                    for i in 0..<componentsX {
                        let basis = cosX[x * componentsX + i] * basisY
                        let component = components[i + j * componentsX]
                        r += component.0 * basis
                        g += component.1 * basis
                        b += component.2 * basis
                    }
                }
                let offset = (y * width + x) * 4
                pixels[offset] = Self.sRGB(r)
                pixels[offset + 1] = Self.sRGB(g)
                pixels[offset + 2] = Self.sRGB(b)
            }
        }
        return pixels
    }

    /// An 8-bit sRGB value in linear light.
    static func linear(_ value: Int) -> Double {
        let v = Double(value) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// A linear-light value as 8-bit sRGB (clamped).
    static func sRGB(_ value: Double) -> UInt8 {
        let v = min(max(value, 0), 1)
        let encoded = v <= 0.003_130_8 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
        return UInt8((encoded * 255).rounded())
    }
}
