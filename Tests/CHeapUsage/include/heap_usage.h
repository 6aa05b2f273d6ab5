#ifndef HEAP_USAGE_H
#define HEAP_USAGE_H

#include <stddef.h>

/// Bytes the C allocator has handed out and not taken back: chunks in its arenas plus blocks
/// mapped on their own (glibc's mallinfo2 `uordblks + hblkhd`).
size_t heap_usage_bytes_in_use(void);

/// Makes the allocator serve every block up to 32 MiB from its arenas instead of mapping large
/// blocks on their own, for the rest of the process. glibc moves its mapping threshold as blocks
/// are freed, so without this a measurement would depend on what earlier tests allocated; and a
/// separately mapped block that is aligned (posix_memalign) counts its unused alignment padding in
/// `hblkhd`, while in an arena the padding goes back to the free lists.
void heap_usage_serve_from_arenas(void);

#endif
