// Counts heap allocations made by the calling thread, for the tests that check the
// detector's per-sample path allocates nothing. The counting malloc family replaces glibc's
// for the whole test executable and forwards to it.
//
// Not under AddressSanitizer or ThreadSanitizer: their runtimes own malloc and free, and a
// second malloc in the executable takes over allocations made while the runtime starts, so the
// test executable crashed before its first test. There the counter is left out and
// footfall_malloc_counter_available() says so, so the allocation tests skip themselves.
#ifndef FOOTFALL_MALLOC_COUNTER_H
#define FOOTFALL_MALLOC_COUNTER_H
#include <stdint.h>

/// Allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc) made by this thread so far.
uint64_t footfall_thread_allocations(void);

/// 1 when allocations are counted; 0 in a build with a sanitizer, which has its own malloc.
int footfall_malloc_counter_available(void);

#endif
