extension ImageHeader {
    /// The `Orientation` tag (0x0112) of an EXIF block: `Exif\0\0`, then a TIFF header (`II` or
    /// `MM` byte order, 42, the offset of IFD0), then IFD0's 12-byte entries. `nil` when the
    /// segment is not EXIF, is malformed, or has no valid orientation.
    ///
    /// - Complexity: O(entries in IFD0), at most 1024 entries read.
    static func exifOrientation(_ reader: inout ByteReader, segment: Int, length: Int) -> ImageOrientation? {
        guard length >= 14, reader.bytes(at: segment, count: 6) == Array("Exif\0\0".utf8) else { return nil }
        let tiff = segment + 6
        let end = segment + length
        let littleEndian: Bool
        switch reader.bytes(at: tiff, count: 2) {
        case [0x49, 0x49]?: littleEndian = true
        case [0x4D, 0x4D]?: littleEndian = false
        default: return nil
        }
        func integer(at offset: Int, count: Int) -> Int? {
            guard offset >= tiff, offset + count <= end else { return nil }
            return littleEndian ? reader.littleEndian(at: offset, count: count) : reader.bigEndian(at: offset, count: count)
        }
        guard integer(at: tiff + 2, count: 2) == 42, let ifd = integer(at: tiff + 4, count: 4),
              let entries = integer(at: tiff + ifd, count: 2) else { return nil }
        for index in 0..<min(entries, 1024) {
            let entry = tiff + ifd + 2 + index * 12
            guard let tag = integer(at: entry, count: 2) else { return nil }
            guard tag == 0x0112 else { continue }
            guard integer(at: entry + 2, count: 2) == 3, let value = integer(at: entry + 8, count: 2) else { return nil }
            return ImageOrientation(rawValue: value)
        }
        return nil
    }
}
