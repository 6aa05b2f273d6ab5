#if os(Linux)
import Glibc
#endif
import Testing
@testable import WaterfallCore

/// Which pages back the layout's per-item buffers (issue 41): huge ones for buffers filled at
/// once, small ones for the ys of a layout whose sizes are read lazily, which the idle slices
/// fill a little at a time (one 2 MiB fault would be one slice's stall of milliseconds).
@Suite("Huge pages")
struct HugePagesTests {
    @Test("a layout that holds unread items keeps its ys on small pages, through copies and growth; an eager one on huge pages")
    func lazilyReadYsAreOnSmallPages() throws {
        var eager = WaterfallLayout(columns: .fixed(4), containerWidth: 900)
        eager.append(contentsOf: repeatElement(ItemSize.height(100), count: 1_000_000))
        #expect(!eager.items.fillsYsInSlices)

        var lazy = WaterfallLayout(columns: .fixed(4), containerWidth: 900)
        lazy.replaceSubrange(0..<0, withUnreadCount: 1_000_000)
        #expect(lazy.items.fillsYsInSlices)
        var copy = lazy
        copy.replaceSubrange(0..<0, withUnreadCount: 2_000_000)   // a copy that grows
        #expect(copy.items.fillsYsInSlices, "a copy, and the buffers it grows into, keep small pages")

        // What the kernel says about the buffers (where it reports it, with huge pages on).
        guard let eagerEligible = Self.hugePageEligible(eager.items.ys) else { return }
        #expect(eagerEligible, "an eager layout's ys ask for huge pages")
        #expect(Self.hugePageEligible(lazy.items.ys) == false, "a lazy layout's ys are on small pages")
        #expect(Self.hugePageEligible(copy.items.ys) == false, "a grown copy's ys are on small pages")
        #expect(Self.hugePageEligible(lazy.items.values) == true, "the values, written at once, stay on huge pages")
    }

    @Test("an eager layout that takes unread items later asks small pages for the ys it has not written")
    func ysTurnToSmallPagesWhenUnreadItemsArrive() {
        var layout = WaterfallLayout(columns: .fixed(3), containerWidth: 900)
        layout.append(contentsOf: repeatElement(ItemSize.height(80), count: 600_000))
        layout.replaceSubrange(600_000..<600_000, withUnreadCount: 10)
        #expect(layout.items.fillsYsInSlices)
        if let eligible = Self.hugePageEligible(layout.items.ys) { #expect(!eligible, "the ys turned to small pages") }
        while !layout.continueLayout(itemBudget: 100_000) {}
        #expect(layout.unreadCount == 0)
    }

    /// Whether the mapping that holds `pointer` asks for huge pages (`hg` among its `VmFlags` in
    /// /proc/self/smaps: `MADV_HUGEPAGE`) rather than small ones (`nh`: `MADV_NOHUGEPAGE`);
    /// `nil` where the kernel does not say, or huge pages are off.
    static func hugePageEligible<T>(_ pointer: UnsafeMutablePointer<T>) -> Bool? {
        #if os(Linux)
        guard let mode = lines(of: "/sys/kernel/mm/transparent_hugepage/enabled")?.first, !mode.contains("[never]"),
              let smaps = lines(of: "/proc/self/smaps") else { return nil }
        let address = UInt(bitPattern: pointer)
        var inside = false
        for line in smaps {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inside, fields.first == "VmFlags:" {
                return fields.contains("hg") ? true : fields.contains("nh") ? false : nil
            }
        }
        return nil
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// The lines of the file at `path`, `nil` when it cannot be read.
    static func lines(of path: String) -> [String]? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var lines: [String] = [], buffer: UnsafeMutablePointer<CChar>?, size = 0
        defer { free(buffer) }
        while getline(&buffer, &size, file) > 0, let buffer {
            var line = String(cString: buffer)
            if line.hasSuffix("\n") { line.removeLast() }
            lines.append(line)
        }
        return lines
    }
    #endif
}
