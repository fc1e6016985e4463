// Counts heap allocations made by the calling thread, for the tests that check the
// detector's per-sample path allocates nothing. The counting malloc family replaces glibc's
// for the whole test executable and forwards to it.
#ifndef FOOTFALL_MALLOC_COUNTER_H
#define FOOTFALL_MALLOC_COUNTER_H
#include <stdint.h>

/// Allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc) made by this thread so far.
uint64_t footfall_thread_allocations(void);

#endif
