#include "CHeapStatistics.h"

#if defined(__linux__)
#include <malloc.h>
#endif

#if defined(__GLIBC__)
size_t heap_statistics_bytes_in_use(void) { return mallinfo2().uordblks; }
int heap_statistics_available(void) { return 1; }
#else
size_t heap_statistics_bytes_in_use(void) { return 0; }
int heap_statistics_available(void) { return 0; }
#endif
