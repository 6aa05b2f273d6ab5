#ifndef HEAP_USAGE_H
#define HEAP_USAGE_H

#include <stddef.h>

/// Bytes the C allocator has handed out and not taken back: chunks in its arenas plus blocks
/// mapped on their own (glibc's mallinfo2 `uordblks + hblkhd`).
size_t heap_usage_bytes_in_use(void);

#endif
