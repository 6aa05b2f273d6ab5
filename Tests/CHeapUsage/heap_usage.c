#include "heap_usage.h"

#include <malloc.h>

size_t heap_usage_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

void heap_usage_serve_from_arenas(void) {
    mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's largest threshold on 64-bit systems
}
