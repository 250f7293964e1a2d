#ifndef C_HEAP_STATISTICS_H
#define C_HEAP_STATISTICS_H

#include <stddef.h>

/// The bytes the allocator has handed out and not yet been given back (glibc's
/// `mallinfo2().uordblks`), or 0 where it cannot be told.
size_t heap_statistics_bytes_in_use(void);

/// The same plus the blocks the allocator mapped on their own (`hblkhd`: large arrays), or 0
/// where it cannot be told.
size_t heap_statistics_bytes_in_use_with_mapped(void);

/// Whether `heap_statistics_bytes_in_use` can tell on this platform.
int heap_statistics_available(void);

/// Returns the allocator's free memory to the system where it can (glibc's `malloc_trim(0)`),
/// so that resident memory shows what is in use rather than what the allocator keeps.
void heap_statistics_trim(void);

#endif
