import FoundationEssentials

extension ImageHeader {
    /// The number of frames of a GIF (image descriptors) or WebP (`ANMF` chunks of an animated
    /// VP8X file) held in memory; 1 for a still image or another format, 0 when the data is not
    /// a GIF or WebP whose blocks can be walked.
    ///
    /// - Complexity: O(number of blocks): GIF sub-blocks and WebP chunks are skipped by their
    ///   lengths, pixel data is not read.
    public static func frameCount(in data: Data) -> Int {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: Array("GIF8".utf8)) { return gifFrameCount(data) }
        if bytes.count == 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) {
            return webpFrameCount(data)
        }
        return 1
    }

    /// GIF: header and logical screen (13 bytes, then the global colour table), then blocks:
    /// `2C` image descriptor (10 bytes, a local colour table, LZW minimum size, sub-blocks),
    /// `21` extension (label, sub-blocks), `3B` trailer.
    private static func gifFrameCount(_ data: Data) -> Int {
        let bytes = data.withUnsafeBytes { Array($0) }
        guard bytes.count >= 13 else { return 0 }
        var offset = 13
        if bytes[10] & 0x80 != 0 { offset += 3 << (Int(bytes[10] & 7) + 1) }
        var frames = 0
        func skipSubBlocks() {
            while offset < bytes.count, bytes[offset] != 0 {
                offset += Int(bytes[offset]) + 1
            }
            offset += 1
        }
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x2C:
                guard offset + 10 <= bytes.count else { return frames }
                let flags = bytes[offset + 9]
                offset += 10
                if flags & 0x80 != 0 { offset += 3 << (Int(flags & 7) + 1) }
                offset += 1  // LZW minimum code size
                skipSubBlocks()
                frames += 1
            case 0x21:
                offset += 2
                skipSubBlocks()
            default:
                return frames  // the trailer (3B) or garbage
            }
        }
        return frames
    }

    /// WebP: RIFF chunks after the 12-byte header, each a FourCC, a little-endian size and the
    /// payload padded to even length; an animation is `VP8X` with the animation flag and one
    /// `ANMF` chunk per frame.
    private static func webpFrameCount(_ data: Data) -> Int {
        let bytes = data.withUnsafeBytes { Array($0) }
        var offset = 12
        var frames = 0
        var animated = false
        while offset + 8 <= bytes.count {
            let fourCC = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = bytes[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            if fourCC == "VP8X", offset + 8 < bytes.count { animated = bytes[offset + 8] & 0x02 != 0 }
            if fourCC == "ANMF" { frames += 1 }
            offset += 8 + size + (size & 1)
        }
        return animated ? frames : 1
    }
}
