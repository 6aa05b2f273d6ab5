import CHeapUsage

/// The bytes the C allocator has handed out and not taken back, for tests that measure memory
/// instead of trusting a type's own arithmetic.
enum HeapBytes {
    /// Bytes in use now (glibc's `mallinfo2`: arena chunks plus separately mapped blocks).
    /// Reading it first makes the allocator serve large blocks from its arenas (see
    /// `heap_usage_serve_from_arenas`), so the figure does not depend on earlier allocations.
    static var inUse: Int {
        heap_usage_serve_from_arenas()
        return Int(heap_usage_bytes_in_use())
    }
}
