#define _GNU_SOURCE
#include "MallocCounter.h"
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define FOOTFALL_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FOOTFALL_SANITIZED 1
#endif

#ifdef FOOTFALL_SANITIZED

// The sanitizer's runtime intercepts malloc and free itself; see MallocCounter.h.
uint64_t footfall_thread_allocations(void) { return 0; }
int footfall_malloc_counter_available(void) { return 0; }

#else

// glibc's own entry points; defining malloc here makes every allocation in the test
// executable pass through these wrappers first.
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static __thread uint64_t allocations;

uint64_t footfall_thread_allocations(void) { return allocations; }
int footfall_malloc_counter_available(void) { return 1; }

void *malloc(size_t size) { allocations++; return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { allocations++; return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { allocations++; return __libc_realloc(pointer, size); }
void *aligned_alloc(size_t alignment, size_t size) { allocations++; return __libc_memalign(alignment, size); }
int posix_memalign(void **result, size_t alignment, size_t size) {
    allocations++;
    void *pointer = __libc_memalign(alignment, size);
    if (!pointer) return 12; /* ENOMEM */
    *result = pointer;
    return 0;
}

#endif
