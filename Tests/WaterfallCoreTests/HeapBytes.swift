import CHeapUsage

/// The bytes the C allocator has handed out and not taken back, for tests that measure memory
/// instead of trusting a type's own arithmetic.
enum HeapBytes {
    /// Bytes in use now (glibc's `mallinfo2`: arena chunks plus separately mapped blocks).
    static var inUse: Int { Int(heap_usage_bytes_in_use()) }
}
