extension StringProtocol {
    /// The text with every UTF-8 byte for which `isKept` does not hold written as `%XX`.
    package func percentEncoded(keeping isKept: (UInt8) -> Bool) -> String {
        var encoded = ""
        for byte in utf8 {
            if isKept(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    /// The text with its `%XX` sequences decoded; `nil` when one is not two hexadecimal digits
    /// or the bytes are not UTF-8.
    package var percentDecoded: String? {
        var bytes: [UInt8] = []
        var rest = utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16),
                  rest.prefix(2).allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") }) else { return nil }
            bytes.append(value)
            rest = rest.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// The bytes URLs carry as they are (RFC 3986), for ``StringProtocol/percentEncoded(keeping:)``.
package enum URLBytes {
    /// Letters, digits and `-._~`.
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// What a URL's query may hold as it is: the unreserved bytes, `!$&'()*+,;=:@/?`.
    package static func isQueryAllowed(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || "!$&'()*+,;=:@/?".utf8.contains(byte)
    }
}
