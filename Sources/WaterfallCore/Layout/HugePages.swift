#if os(Linux)
import Glibc // posix_memalign, madvise, getpagesize
#endif

/// Allocations for the engine's large per-item buffers, backed by transparent huge pages where
/// the kernel offers them on request (`madvise` mode, as on this project's machines): a buffer
/// of 2 MiB or more is aligned to 2 MiB and marked `MADV_HUGEPAGE`, so that filling it faults
/// in one 2 MiB page at a time instead of 512 small ones — what dominates the first build of a
/// huge feed on fresh memory. Smaller buffers, and systems without the call, get plain memory.
/// A buffer that is filled a little at a time from idle slices (the ys of a layout whose sizes
/// are read lazily) asks for small pages instead: one 2 MiB fault zeroes the whole page at once,
/// 2–8 ms on a loaded VM and up to ~20 ms when the kernel compacts memory for it, which would be
/// one slice's stall; small pages spread the same zeroing over the slices.
/// Free the result with `deallocate()` (both come from `malloc`'s family).
enum HugePages {
    /// Buffers from this size on are huge-page backed.
    static let threshold = 2 << 20

    /// Uninitialized memory for `capacity` values of `T`, on huge pages unless `filledInSlices`
    /// (then explicitly on small ones, whatever the system's default).
    /// - Complexity: O(1).
    static func allocate<T>(_ type: T.Type, capacity: Int, filledInSlices: Bool = false) -> UnsafeMutablePointer<T> {
        let bytes = capacity * MemoryLayout<T>.stride
        #if os(Linux)
        if bytes >= threshold {
            var memory: UnsafeMutableRawPointer?
            if posix_memalign(&memory, threshold, bytes) == 0, let memory {
                _ = madvise(memory, bytes, filledInSlices ? MADV_NOHUGEPAGE : MADV_HUGEPAGE)
                return memory.bindMemory(to: T.self, capacity: capacity)
            }
        }
        #endif
        return .allocate(capacity: capacity)
    }

    /// Asks for small pages for the part of a buffer from ``allocate(_:capacity:filledInSlices:)``
    /// not touched yet, now that it is to be filled in slices: `start` is the allocation's start,
    /// `capacity` its size in values of `T`. Pages faulted in already stay as they are.
    /// - Complexity: O(1).
    static func fillInSlices<T>(_ start: UnsafeMutablePointer<T>, capacity: Int) {
        #if os(Linux)
        let bytes = capacity * MemoryLayout<T>.stride
        guard bytes >= threshold else { return }
        // Whole pages only (a buffer from plain `malloc` need not start on one).
        let page = UInt(getpagesize()), address = UInt(bitPattern: start)
        let first = (address + page - 1) & ~(page - 1), end = (address + UInt(bytes)) & ~(page - 1)
        if end > first { _ = madvise(UnsafeMutableRawPointer(bitPattern: first), Int(end - first), MADV_NOHUGEPAGE) }
        #endif
    }
}
