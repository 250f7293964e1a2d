#include "CHeapStatistics.h"

#if defined(__linux__)
#include <malloc.h>
#endif

#if defined(__GLIBC__)
size_t heap_statistics_bytes_in_use(void) { return mallinfo2().uordblks; }
size_t heap_statistics_bytes_in_use_with_mapped(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
int heap_statistics_available(void) { return 1; }
void heap_statistics_trim(void) { malloc_trim(0); }
#else
size_t heap_statistics_bytes_in_use(void) { return 0; }
size_t heap_statistics_bytes_in_use_with_mapped(void) { return 0; }
int heap_statistics_available(void) { return 0; }
void heap_statistics_trim(void) {}
#endif
