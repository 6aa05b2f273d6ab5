import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An image's format, stored pixel size and EXIF orientation, read from the first bytes of its file
/// without decoding it. Lay an image out at `displaySize`: a portrait phone photo is usually
/// stored landscape with orientation 6.
public struct ImageHeader: Sendable, Hashable {
    /// The image file formats whose headers can be read.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// PNG (size from the IHDR chunk).
        case png
        /// JPEG (size from the first SOFn frame header).
        case jpeg
        /// GIF87a / GIF89a (logical screen size).
        case gif
        /// Windows BMP (BITMAPCOREHEADER or BITMAPINFOHEADER and later).
        case bmp
        /// WebP (lossy VP8, lossless VP8L or extended VP8X).
        case webp
    }

    /// The file format, recognised from the bytes (not the file name).
    public var format: Format
    /// The stored width in pixels (before `orientation` is applied).
    public var pixelWidth: Int
    /// The stored height in pixels (before `orientation` is applied).
    public var pixelHeight: Int
    /// How the stored pixels are turned for display: from a JPEG's EXIF block (`.up` when there
    /// is none, and for the other formats).
    public var orientation: ImageOrientation

    /// Creates a header.
    public init(format: Format, pixelWidth: Int, pixelHeight: Int, orientation: ImageOrientation = .up) {
        self.format = format
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.orientation = orientation
    }

    /// The size shown once `orientation` is applied (width and height swapped for 5–8): the size
    /// to lay the image out at.
    public var displaySize: ImagePixelSize {
        orientation.displayed(ImagePixelSize(width: pixelWidth, height: pixelHeight))
    }

    /// Reads the header from an image held in memory.
    ///
    /// - Complexity: O(1) except JPEG, which walks the segments before the frame header:
    ///   O(number of segments).
    /// - Returns: `nil` when the bytes are not one of the supported formats, the header is
    ///   truncated, or a dimension is zero.
    public static func read(from data: Data) -> ImageHeader? {
        var reader = ByteReader { offset, count in
            guard offset >= 0, offset < data.count else { return Data() }
            let start = data.startIndex + offset
            return data[start..<min(start + count, data.endIndex)]
        }
        return parse(&reader)
    }

    /// Reads the header of an image file, reading only the bytes needed (for JPEG, the segment
    /// markers up to the frame header, seeking over large EXIF blocks).
    ///
    /// - Returns: `nil` when the file cannot be read or is not a supported image.
    public static func read(contentsOf fileURL: URL) -> ImageHeader? {
        let descriptor = open(fileURL.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var reader = ByteReader { offset, count in
            var data = Data(count: max(0, count))
            let read = data.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            return data.prefix(max(0, read))
        }
        return parse(&reader)
    }

    private static func parse(_ reader: inout ByteReader) -> ImageHeader? {
        let header: ImageHeader?
        switch reader.bytes(at: 0, count: 4) {
        case [0x89, 0x50, 0x4E, 0x47]: header = parsePNG(&reader)
        case let magic? where magic.starts(with: [0xFF, 0xD8]): header = parseJPEG(&reader)
        case let magic? where magic.starts(with: Array("GIF8".utf8)): header = parseGIF(&reader)
        case let magic? where magic.starts(with: Array("BM".utf8)): header = parseBMP(&reader)
        case Array("RIFF".utf8)?: header = parseWebP(&reader)
        default: header = nil
        }
        guard let header, header.pixelWidth > 0, header.pixelHeight > 0 else { return nil }
        return header
    }
}

/// Random access to the first bytes of an image through a fetch closure, with a small window
/// buffered so the fixed-offset formats cost one read.
struct ByteReader {
    private let fetch: (_ offset: Int, _ count: Int) -> Data
    private var window = Data()
    private var windowOffset = 0

    init(fetch: @escaping (_ offset: Int, _ count: Int) -> Data) {
        self.fetch = fetch
    }

    /// `count` bytes at `offset`, or `nil` when the image ends first.
    mutating func bytes(at offset: Int, count: Int) -> [UInt8]? {
        let windowEnd = windowOffset + window.count
        if offset < windowOffset || offset + count > windowEnd {
            window = fetch(offset, max(count, 64))
            windowOffset = offset
        }
        let start = window.startIndex + (offset - windowOffset)
        guard window.count >= offset - windowOffset + count else { return nil }
        return Array(window[start..<start + count])
    }

    /// The big-endian unsigned integer of `count` bytes at `offset`.
    mutating func bigEndian(at offset: Int, count: Int) -> Int? {
        bytes(at: offset, count: count)?.reduce(0) { $0 << 8 | Int($1) }
    }

    /// The little-endian unsigned integer of `count` bytes at `offset`.
    mutating func littleEndian(at offset: Int, count: Int) -> Int? {
        bytes(at: offset, count: count)?.reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
