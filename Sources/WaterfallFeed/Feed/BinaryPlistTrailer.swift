/// The trailer of a binary property list (its last 32 bytes) and the object layout it describes.
struct BinaryPlistTrailer {
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let topObject: Int
    let offsetTableStart: Int

    /// Reads and validates the trailer; `nil` when it does not describe a consistent document.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        let headerSize = NestingScanner.binaryPlistMagic.count + 2
        guard bytes.count >= headerSize + 32 else { return nil }
        let start = bytes.count - 32
        offsetSize = Int(bytes[start + 6])
        referenceSize = Int(bytes[start + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
              let count = Int(exactly: Self.integer(bytes, at: start + 8, size: 8)),
              let top = Int(exactly: Self.integer(bytes, at: start + 16, size: 8)),
              let table = Int(exactly: Self.integer(bytes, at: start + 24, size: 8)),
              count >= 1, count <= start, top < count,
              table >= headerSize, table <= start, (start - table) / offsetSize >= count else { return nil }
        objectCount = count
        topObject = top
        offsetTableStart = table
    }

    /// Whether `object` is an array, ordered set, set or dictionary.
    func isContainer(_ object: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let offset = offset(of: object, in: bytes) else { return false }
        return [0xA, 0xB, 0xC, 0xD].contains(bytes[offset] >> 4)
    }

    /// The marker byte of `object`, the count of what it holds (its low nibble, or the integer
    /// that follows it for a data, a string or a container), and where its content starts; `nil`
    /// when the object or its count lies outside the objects' part of the document.
    func header(of object: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (marker: UInt8, count: Int, start: Int)? {
        guard let offset = offset(of: object, in: bytes) else { return nil }
        let marker = bytes[offset]
        var start = offset + 1
        var count = Int(marker & 0xF)
        if count == 0xF, (0x4...0x7).contains(marker >> 4) || (0xA...0xD).contains(marker >> 4) {
            guard start < offsetTableStart, bytes[start] >> 4 == 0x1, bytes[start] & 0xF <= 3 else { return nil }
            let size = 1 << Int(bytes[start] & 0xF)
            guard start + 1 + size <= offsetTableStart,
                  let length = Int(exactly: Self.integer(bytes, at: start + 1, size: size)) else { return nil }
            count = length
            start += 1 + size
        }
        return (marker, count, start)
    }

    /// The byte range of `object`'s references (keys then values for a dictionary); empty for a
    /// scalar or for a container whose references would run past the offset table.
    func references(of object: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        guard let (marker, count, start) = header(of: object, in: bytes), [0xA, 0xB, 0xC, 0xD].contains(marker >> 4) else {
            return 0..<0
        }
        let perEntry = marker >> 4 == 0xD ? 2 * referenceSize : referenceSize
        let (length, overflow) = count.multipliedReportingOverflow(by: perEntry)
        guard !overflow, length <= offsetTableStart - start else { return 0..<0 }
        return start..<start + length
    }

    /// The object number stored at byte `offset`, `nil` when it does not fit an `Int`.
    func reference(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        Int(exactly: Self.integer(bytes, at: offset, size: referenceSize))
    }

    private func offset(of object: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let entry = Self.integer(bytes, at: offsetTableStart + object * offsetSize, size: offsetSize)
        guard let offset = Int(exactly: entry), offset >= NestingScanner.binaryPlistMagic.count + 2,
              offset < offsetTableStart else { return nil }
        return offset
    }

    /// The big-endian unsigned integer of `size` bytes at `offset`.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, size: Int) -> UInt64 {
        bytes[offset..<offset + size].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
