import FoundationEssentials

extension ImageHeader {
    /// PNG: 8-byte signature, then the IHDR chunk whose data starts with big-endian width and
    /// height (offsets 16 and 20).
    static func parsePNG(_ reader: inout ByteReader) -> ImageHeader? {
        guard reader.bytes(at: 0, count: 8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
              reader.bytes(at: 12, count: 4) == Array("IHDR".utf8),
              let width = reader.bigEndian(at: 16, count: 4),
              let height = reader.bigEndian(at: 20, count: 4) else { return nil }
        return ImageHeader(format: .png, pixelWidth: width, pixelHeight: height)
    }

    /// GIF: `GIF87a`/`GIF89a`, then the little-endian logical screen width and height.
    static func parseGIF(_ reader: inout ByteReader) -> ImageHeader? {
        guard let signature = reader.bytes(at: 0, count: 6),
              signature == Array("GIF87a".utf8) || signature == Array("GIF89a".utf8),
              let width = reader.littleEndian(at: 6, count: 2),
              let height = reader.littleEndian(at: 8, count: 2) else { return nil }
        return ImageHeader(format: .gif, pixelWidth: width, pixelHeight: height)
    }

    /// BMP: `BM`, a 14-byte file header, then the DIB header: 16-bit sizes in the 12-byte
    /// BITMAPCOREHEADER, signed 32-bit sizes (negative height = top-down rows) in the others.
    static func parseBMP(_ reader: inout ByteReader) -> ImageHeader? {
        guard let dibSize = reader.littleEndian(at: 14, count: 4) else { return nil }
        if dibSize == 12 {
            guard let width = reader.littleEndian(at: 18, count: 2),
                  let height = reader.littleEndian(at: 20, count: 2) else { return nil }
            return ImageHeader(format: .bmp, pixelWidth: width, pixelHeight: height)
        }
        guard dibSize >= 40,
              let width = reader.littleEndian(at: 18, count: 4),
              let height = reader.littleEndian(at: 22, count: 4) else { return nil }
        return ImageHeader(format: .bmp, pixelWidth: Int(Int32(truncatingIfNeeded: width)),
                           pixelHeight: abs(Int(Int32(truncatingIfNeeded: height))))
    }

    /// WebP: `RIFF`, size, `WEBP`, then the first chunk at offset 12:
    /// - `VP8 `: frame tag (3 bytes), start code `9D 01 2A`, then 14-bit little-endian width and
    ///   height (the top two bits are the scale);
    /// - `VP8L`: signature `2F`, then 14 bits of width − 1 and 14 bits of height − 1;
    /// - `VP8X`: flags and reserved (4 bytes), then 24-bit canvas width − 1 and height − 1.
    static func parseWebP(_ reader: inout ByteReader) -> ImageHeader? {
        guard reader.bytes(at: 8, count: 4) == Array("WEBP".utf8),
              let chunk = reader.bytes(at: 12, count: 4) else { return nil }
        switch chunk {
        case Array("VP8 ".utf8):
            guard reader.bytes(at: 23, count: 3) == [0x9D, 0x01, 0x2A],
                  let width = reader.littleEndian(at: 26, count: 2),
                  let height = reader.littleEndian(at: 28, count: 2) else { return nil }
            return ImageHeader(format: .webp, pixelWidth: width & 0x3FFF, pixelHeight: height & 0x3FFF)
        case Array("VP8L".utf8):
            guard reader.bytes(at: 20, count: 1) == [0x2F],
                  let bits = reader.littleEndian(at: 21, count: 4) else { return nil }
            return ImageHeader(format: .webp, pixelWidth: (bits & 0x3FFF) + 1,
                               pixelHeight: ((bits >> 14) & 0x3FFF) + 1)
        case Array("VP8X".utf8):
            guard let width = reader.littleEndian(at: 24, count: 3),
                  let height = reader.littleEndian(at: 27, count: 3) else { return nil }
            return ImageHeader(format: .webp, pixelWidth: width + 1, pixelHeight: height + 1)
        default:
            return nil
        }
    }

    /// JPEG: after `FF D8`, walk the marker segments (skipping fill bytes and the
    /// parameterless markers) until a start-of-frame marker (`C0`–`CF` except `C4`, `C8`,
    /// `CC`), whose segment holds precision, big-endian height, then width. Reaching the scan
    /// (`DA`) or end of image (`D9`) first means there is no frame header. An `APP1` EXIF
    /// segment on the way gives the orientation.
    ///
    /// - Complexity: O(number of segments before the frame header); segment bodies are skipped,
    ///   not read.
    /// The most `0xFF` fill bytes read before one JPEG marker.
    static let maximumFillBytes = 1024

    static func parseJPEG(_ reader: inout ByteReader) -> ImageHeader? {
        var offset = 2
        var orientation = ImageOrientation.up
        // A bounded walk: each step advances by at least 2 bytes, and real files reach the frame
        // header within a few dozen segments.
        for _ in 0..<4096 {
            guard reader.bytes(at: offset, count: 1) == [0xFF] else { return nil }
            var markerOffset = offset + 1
            // Fill bytes before a marker: encoders write a few at most; a run longer than
            // `maximumFillBytes` is no header to read (a hostile file sent megabytes of them).
            while reader.bytes(at: markerOffset, count: 1) == [0xFF] {
                markerOffset += 1
                guard markerOffset - offset <= maximumFillBytes else { return nil }
            }
            guard let marker = reader.bytes(at: markerOffset, count: 1)?.first else { return nil }
            offset = markerOffset + 1
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue
            case 0xD9, 0xDA:
                return nil
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                guard let height = reader.bigEndian(at: offset + 3, count: 2),
                      let width = reader.bigEndian(at: offset + 5, count: 2) else { return nil }
                return ImageHeader(format: .jpeg, pixelWidth: width, pixelHeight: height, orientation: orientation)
            default:
                guard let length = reader.bigEndian(at: offset, count: 2), length >= 2 else { return nil }
                if marker == 0xE1, let found = exifOrientation(&reader, segment: offset + 2, length: length - 2) {
                    orientation = found
                }
                offset += length
            }
        }
        return nil
    }
}
