#if os(Linux)
import Glibc // posix_memalign, madvise
#endif

/// Allocations for the engine's large per-item buffers, backed by transparent huge pages where
/// the kernel offers them on request (`madvise` mode, as on this project's machines): a buffer
/// of 2 MiB or more is aligned to 2 MiB and marked `MADV_HUGEPAGE`, so that filling it faults
/// in one 2 MiB page at a time instead of 512 small ones — what dominates the first build of a
/// huge feed on fresh memory. Smaller buffers, and systems without the call, get plain memory.
/// Free the result with `deallocate()` (both come from `malloc`'s family).
enum HugePages {
    /// Buffers from this size on are huge-page backed.
    static let threshold = 2 << 20

    /// Uninitialized memory for `capacity` values of `T`.
    /// - Complexity: O(1).
    static func allocate<T>(_ type: T.Type, capacity: Int) -> UnsafeMutablePointer<T> {
        let bytes = capacity * MemoryLayout<T>.stride
        #if os(Linux)
        if bytes >= threshold {
            var memory: UnsafeMutableRawPointer?
            if posix_memalign(&memory, threshold, bytes) == 0, let memory {
                _ = madvise(memory, bytes, MADV_HUGEPAGE)
                return memory.bindMemory(to: T.self, capacity: capacity)
            }
        }
        #endif
        return .allocate(capacity: capacity)
    }
}
