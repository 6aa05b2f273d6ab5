/// Reads a binary property list (`bplist00`) into a ``FeedValue``, enforcing a
/// ``FeedPageLimits``' nesting depth and container count as it goes.
///
/// Each object is built once and shared by every reference to it, but counted toward the
/// container limit once per reference, as a copying decoder would build it: a 138-byte page of
/// arrays that share references, 24 levels deep, stands for 2²⁴ arrays and is refused after a few
/// hundred thousand counted, not built. A reference cycle is refused as too deep. Open containers
/// live on a stack of the reader's own, not the call stack.
///
/// Dates, data and UIDs, which JSON has no form for, become `.null`; ordered sets and sets read
/// as arrays; dictionary keys must be strings.
struct BinaryPlistReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let trailer: BinaryPlistTrailer
    private var budget: DocumentBudget
    /// Each object once built: its value, the containers it counts for (itself included) and
    /// the levels it nests (0 for a scalar).
    private var built: [(value: FeedValue, containers: Int, height: Int)?]
    /// Whether each object is being built (on the path from the top object).
    private var open: [Bool]

    /// A container being built: its keys (for a dictionary), the objects of its values, the
    /// next one to read, and what has been read so far.
    private struct Frame {
        let object: Int
        let keys: [String]?
        let children: [Int]
        var next = 0
        var values: [FeedValue] = []
        var containers = 0
        var height = 0
    }

    /// Reads the document in `bytes`, which starts with `bplist`.
    ///
    /// - Complexity: O(*k* + *r*) for *k* objects and *r* references.
    /// - Throws: ``FeedDocumentError/invalid(location:reason:)`` naming the object that does not
    ///   hold up; ``FeedDocumentError/limitExceeded(_:)`` where `limits` are broken.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, limits: FeedPageLimits) throws(FeedDocumentError) -> FeedValue {
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            throw .invalid(location: "", reason: "not a binary property list of version 00")
        }
        guard let trailer = BinaryPlistTrailer(bytes) else {
            throw .invalid(location: "", reason: "the binary property list's trailer does not describe its objects")
        }
        var reader = BinaryPlistReader(bytes: bytes, trailer: trailer, budget: DocumentBudget(limits: limits),
                                       built: Array(repeating: nil, count: trailer.objectCount),
                                       open: Array(repeating: false, count: trailer.objectCount))
        return try reader.document()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, trailer: BinaryPlistTrailer, budget: DocumentBudget,
                 built: [(value: FeedValue, containers: Int, height: Int)?], open: [Bool]) {
        self.bytes = bytes
        self.trailer = trailer
        self.budget = budget
        self.built = built
        self.open = open
    }

    private mutating func document() throws(FeedDocumentError) -> FeedValue {
        if let scalar = try scalar(trailer.topObject) { return scalar }
        try budget.open(depth: 1) { "object \(trailer.topObject)" }
        var frames = [try frame(of: trailer.topObject)]
        while let last = frames.indices.last {
            guard frames[last].next == frames[last].children.count else {
                let child = frames[last].children[frames[last].next]
                frames[last].next += 1
                if let (value, containers, height) = built[child] {
                    if containers > 0 {
                        try budget.open(depth: frames.count + height, contained: containers - 1) { "object \(child)" }
                    }
                    frames[last].values.append(value)
                    frames[last].containers += containers
                    frames[last].height = max(frames[last].height, height)
                } else if open[child] {
                    throw .limitExceeded(.nestingDepth(limit: budget.limits.maximumNestingDepth,
                                                       location: "object \(child) (a reference cycle)"))
                } else if let scalar = try scalar(child) {
                    built[child] = (scalar, 0, 0)
                    frames[last].values.append(scalar)
                } else {
                    try budget.open(depth: frames.count + 1) { "object \(child)" }
                    frames.append(try frame(of: child))
                }
                continue
            }
            let frame = frames.removeLast()
            open[frame.object] = false
            let value: FeedValue = if let keys = frame.keys {
                .object(Dictionary(zip(keys, frame.values), uniquingKeysWith: { _, last in last }))
            } else {
                .array(frame.values)
            }
            let containers = frame.containers + 1
            let height = frame.height + 1
            built[frame.object] = (value, containers, height)
            guard let parent = frames.indices.last else { return value }
            frames[parent].values.append(value)
            frames[parent].containers += containers
            frames[parent].height = max(frames[parent].height, height)
        }
        preconditionFailure("the loop returns the top object")
    }

    /// The frame of container `object`, with its keys read.
    private mutating func frame(of object: Int) throws(FeedDocumentError) -> Frame {
        let references = trailer.references(of: object, in: bytes)
        guard let (marker, count, _) = trailer.header(of: object, in: bytes), count == 0 || !references.isEmpty else {
            throw .invalid(location: "object \(object)", reason: "the container runs past the end of the objects")
        }
        var objects: [Int] = []
        objects.reserveCapacity(references.count / trailer.referenceSize)
        for offset in stride(from: references.lowerBound, to: references.upperBound, by: trailer.referenceSize) {
            guard let child = trailer.reference(at: offset, in: bytes), child < trailer.objectCount else {
                throw .invalid(location: "object \(object)", reason: "a reference to an object that does not exist")
            }
            objects.append(child)
        }
        open[object] = true
        guard marker >> 4 == 0xD else { return Frame(object: object, keys: nil, children: objects) }
        var keys: [String] = []
        keys.reserveCapacity(count)
        for key in objects[..<count] {
            guard case .string(let text)? = try scalar(key) else {
                throw .invalid(location: "object \(object)", reason: "a dictionary key that is not a string")
            }
            keys.append(text)
        }
        return Frame(object: object, keys: keys, children: Array(objects[count...]))
    }

    /// The value of `object` when it is not a container, `nil` when it is one.
    private func scalar(_ object: Int) throws(FeedDocumentError) -> FeedValue? {
        guard let (marker, count, start) = trailer.header(of: object, in: bytes) else {
            throw .invalid(location: "object \(object)", reason: "the object lies outside the document")
        }
        let available = trailer.offsetTableStart - start
        func content(_ length: Int) throws(FeedDocumentError) -> UnsafeBufferPointer<UInt8> {
            guard length >= 0, length <= available else {
                throw .invalid(location: "object \(object)", reason: "the object runs past the end of the objects")
            }
            return UnsafeBufferPointer(rebasing: bytes[start..<start + length])
        }
        switch (marker >> 4, marker & 0xF) {
        case (0x0, 0x8): return .bool(false)
        case (0x0, 0x9): return .bool(true)
        case (0x0, _): return .null
        case (0x1, 0...3):
            let size = 1 << count
            let integer = BinaryPlistTrailer.integer(bytes, at: start, size: try content(size).count)
            return .integer(size == 8 ? Int64(bitPattern: integer) : Int64(integer))
        case (0x1, 4):
            let high = BinaryPlistTrailer.integer(bytes, at: start, size: try content(16).count / 2)
            let low = BinaryPlistTrailer.integer(bytes, at: start + 8, size: 8)
            if high == 0 { return Int64(exactly: low).map(FeedValue.integer) ?? .number(Double(low)) }
            if high == .max, Int64(bitPattern: low) < 0 { return .integer(Int64(bitPattern: low)) }
            throw .invalid(location: "object \(object)", reason: "an integer larger than 64 bits")
        case (0x2, 2):
            return .number(Double(Float(bitPattern: UInt32(BinaryPlistTrailer.integer(bytes, at: start, size: try content(4).count)))))
        case (0x2, 3):
            return .number(Double(bitPattern: BinaryPlistTrailer.integer(bytes, at: start, size: try content(8).count)))
        case (0x3, 3), (0x8, _):
            return .null
        case (0x4, _):
            _ = try content(count)
            return .null
        case (0x5, _):
            return .string(String(decoding: try content(count), as: Unicode.ASCII.self))
        case (0x6, _):
            let (length, overflow) = count.multipliedReportingOverflow(by: 2)
            let units = try content(overflow ? -1 : length)
            return .string(String(decoding: stride(from: 0, to: units.count, by: 2).lazy.map { UInt16(units[$0]) << 8 | UInt16(units[$0 + 1]) },
                                  as: UTF16.self))
        case (0x7, _):
            guard let text = String(validating: try content(count), as: UTF8.self) else {
                throw .invalid(location: "object \(object)", reason: "a string that is not valid UTF-8")
            }
            return .string(text)
        case (0xA...0xD, _):
            return nil
        default:
            throw .invalid(location: "object \(object)", reason: "an object of unknown type (marker 0x\(String(marker, radix: 16)))")
        }
    }
}
