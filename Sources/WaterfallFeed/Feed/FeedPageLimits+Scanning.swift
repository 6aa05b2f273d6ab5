/// The byte scans behind `FeedPageLimits.check`: each finds the first place where containers
/// nest deeper than `limit`, or where there are more than `containerLimit` of them (counted as
/// decoded: a binary plist's container referenced twice counts twice), or returns `nil`.
///
/// The scans err on the side of counting too deep, never too shallow: the text scans count an
/// opening they are unsure of and clamp closings at zero, so a stray closing tag or bracket cannot
/// buy depth for what follows.
struct NestingScanner {
    /// The first bytes of a binary property list.
    static let binaryPlistMagic = Array("bplist".utf8)

    /// A limit a scan found broken.
    enum Excess: Equatable {
        /// Containers nest deeper than the limit at this place.
        case depth(String)
        /// The document holds more containers than the limit, as decoded.
        case containers
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let limit: Int
    let containerLimit: Int

    /// Whether `byte` may precede a document's first character: ASCII white space or a UTF-8
    /// byte-order mark.
    static func isSkippedLeadingByte(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }

    /// JSON: `[` and `{` outside strings open a level, `]` and `}` close one.
    ///
    /// - Complexity: O(*n*).
    func jsonExcess() -> Excess? {
        var depth = 0
        var containers = 0
        var inString = false
        var escaped = false
        for index in bytes.indices {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                containers += 1
                if depth > limit { return .depth(textLocation(of: index)) }
                if containers > containerLimit { return .containers }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth = max(0, depth - 1)
            default:
                break
            }
        }
        return nil
    }

    /// XML property lists: `<array` and `<dict` (any case) open a level, which `<array/>` and
    /// `<dict/>` close at once, and `</array` and `</dict` close one; comments and CDATA sections are skipped whole, as the
    /// plist scanner skips them.
    ///
    /// - Complexity: O(*n*).
    func xmlExcess() -> Excess? {
        var depth = 0
        var containers = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if matches("<!--", at: index) {
                index = end(of: "-->", from: index + 4)
            } else if matches("<![CDATA[", at: index) {
                index = end(of: "]]>", from: index + 9)
            } else if matches("</array", at: index) || matches("</dict", at: index) {
                depth = max(0, depth - 1)
                index += 2
            } else if let nameLength = containerNameLength(at: index + 1) {
                let afterName = index + 1 + nameLength
                // `<array/>` is an empty array: a level that closes at once.
                if depth + 1 > limit { return .depth(textLocation(of: index)) }
                containers += 1
                if containers > containerLimit { return .containers }
                if !matches("/>", at: afterName) { depth += 1 }
                index = afterName
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Binary property lists: arrays, sets and dictionaries open a level, following object
    /// references from the top object, each object measured once; a reference cycle counts as
    /// too deep. Containers are counted as the decoder will copy them: a container that several
    /// references share counts once per reference, with all it holds (a 138-byte page of arrays
    /// that share references, 24 levels deep, expands to 2²⁴ arrays). A document whose trailer
    /// or offsets do not hold up is left to the decoder, which rejects it; so is an object that
    /// does not.
    ///
    /// - Complexity: O(*k* + *r*) for *k* objects and *r* references, O(*k*) memory.
    func binaryPlistExcess() -> Excess? {
        guard let trailer = BinaryPlistTrailer(bytes) else { return nil }
        /// The height of each object: `nil` unmeasured, -1 while being measured (on the path).
        var heights = [Int?](repeating: nil, count: trailer.objectCount)
        /// The containers each measured object expands to (itself included), at most the limit + 1.
        var expanded = [Int](repeating: 0, count: trailer.objectCount)
        /// The containers from the top object down: their references, the offset of the next
        /// one to follow, the greatest height among the children measured so far, and the
        /// containers those children expand to.
        var path: [(object: Int, references: Range<Int>, next: Int, height: Int, containers: Int)] = []
        let tooMany = containerLimit + 1

        func push(_ object: Int) {
            heights[object] = -1
            let references = trailer.references(of: object, in: bytes)
            path.append((object, references, references.lowerBound, 0, 0))
        }
        push(trailer.topObject)
        while let top = path.last {
            let position = path.count - 1
            guard top.next < top.references.upperBound else {
                path.removeLast()
                heights[top.object] = top.height + 1
                expanded[top.object] = min(tooMany, top.containers + 1)
                if let parent = path.indices.last {
                    path[parent].height = max(path[parent].height, top.height + 1)
                    path[parent].containers = min(tooMany, path[parent].containers + expanded[top.object])
                } else if expanded[top.object] > containerLimit {
                    return .containers
                }
                continue
            }
            path[position].next += trailer.referenceSize
            guard let child = trailer.reference(at: top.next, in: bytes), child < trailer.objectCount else { continue }
            switch heights[child] {
            case .some(-1):
                return .depth("object \(child) (a reference cycle)")
            case .some(let height):
                if path.count + height > limit { return .depth("object \(child)") }
                path[position].height = max(path[position].height, height)
                path[position].containers = min(tooMany, path[position].containers + expanded[child])
                if path[position].containers > containerLimit { return .containers }
            case .none:
                guard trailer.isContainer(child, in: bytes) else {
                    heights[child] = 0
                    continue
                }
                if path.count + 1 > limit { return .depth("object \(child)") }
                push(child)
            }
        }
        return nil
    }

    /// The length of `array` or `dict` (any case) when one starts at `offset`.
    private func containerNameLength(at offset: Int) -> Int? {
        if matches("array", at: offset, ignoringCase: true) { return 5 }
        if matches("dict", at: offset, ignoringCase: true) { return 4 }
        return nil
    }

    private func textLocation(of offset: Int) -> String {
        WaterfallFeed.textLocation(of: offset, in: bytes)
    }

    private func matches(_ text: String, at offset: Int, ignoringCase: Bool = false) -> Bool {
        let pattern = text.utf8
        guard offset >= 0, bytes.count - offset >= pattern.count else { return false }
        return zip(bytes[offset...], pattern).allSatisfy { byte, expected in
            byte == expected || (ignoringCase && byte | 0x20 == expected)
        }
    }

    /// The index after the first `terminator` at or after `offset`, or the end.
    private func end(of terminator: String, from offset: Int) -> Int {
        var index = offset
        while index < bytes.count {
            if matches(terminator, at: index) { return index + terminator.utf8.count }
            index += 1
        }
        return bytes.count
    }
}
