#ifndef C_HEAP_STATISTICS_H
#define C_HEAP_STATISTICS_H

#include <stddef.h>

/// The bytes the allocator has handed out and not yet been given back (glibc's
/// `mallinfo2().uordblks`), or 0 where it cannot be told.
size_t heap_statistics_bytes_in_use(void);

/// Whether `heap_statistics_bytes_in_use` can tell on this platform.
int heap_statistics_available(void);

#endif
