// Counting the process's allocations, for runs made to count them (never the timed runs).
//
// On Linux with glibc, this file defines malloc and its family in the executable that links it: the dynamic linker
// binds every library's calls (the Swift runtime's, Dispatch's, Foundation's, glibc's own) to the executable's
// definitions first, which is how glibc documents replacing malloc ("Replacing malloc" in its manual). Each
// definition counts, while counting is on, and hands the call to glibc's own allocator through its exported
// __libc_* entry points, so memory from either side may be freed by the other. Off, the cost is one relaxed
// load and a branch per call; the timed runs are made with counting off, and their figures were measured against a
// build without this file (docs/method.md, "Allocations").
//
// Not under a sanitizer (its runtime intercepts malloc itself), nor with another C library (musl has no __libc_*
// entry points), nor on macOS, where an executable cannot replace malloc this way: there the counter says it is
// not available, and runs carry no counts.

#include "allocation_counter.h"

#include <stdatomic.h>
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define ALLOCATION_COUNTER_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define ALLOCATION_COUNTER_SANITIZED 1
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(ALLOCATION_COUNTER_SANITIZED)
#define ALLOCATION_COUNTER_ACTIVE 1
#endif

static atomic_int counting;
static atomic_uint_fast64_t allocations;
static atomic_uint_fast64_t bytes;
static atomic_uint_fast64_t frees;

int alloc_counter_is_available(void) {
#if defined(ALLOCATION_COUNTER_ACTIVE)
    return 1;
#else
    return 0;
#endif
}

void alloc_counter_start(void) {
    atomic_store_explicit(&allocations, 0, memory_order_relaxed);
    atomic_store_explicit(&bytes, 0, memory_order_relaxed);
    atomic_store_explicit(&frees, 0, memory_order_relaxed);
    atomic_store_explicit(&counting, 1, memory_order_release);
}

alloc_counts_t alloc_counter_stop(void) {
    atomic_store_explicit(&counting, 0, memory_order_release);
    alloc_counts_t counts = {
        atomic_load_explicit(&allocations, memory_order_relaxed),
        atomic_load_explicit(&bytes, memory_order_relaxed),
        atomic_load_explicit(&frees, memory_order_relaxed),
    };
    return counts;
}

#if defined(ALLOCATION_COUNTER_ACTIVE)

#include <errno.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);
extern void __libc_free(void *pointer);

static inline void counted(size_t size) {
    if (__builtin_expect(atomic_load_explicit(&counting, memory_order_relaxed), 0)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&bytes, size, memory_order_relaxed);
    }
}

void *malloc(size_t size) {
    counted(size);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    size_t total;
    counted(__builtin_mul_overflow(count, size, &total) ? 0 : total);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    counted(size);
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    counted(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    counted(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // As POSIX asks: a power of two, and a multiple of the size of a pointer.
    if (alignment == 0 || (alignment & (alignment - 1)) != 0 || alignment % sizeof(void *) != 0) {
        return EINVAL;
    }
    counted(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    counted(size);
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    counted(size);
    return __libc_pvalloc(size);
}

void free(void *pointer) {
    if (pointer != NULL && __builtin_expect(atomic_load_explicit(&counting, memory_order_relaxed), 0)) {
        atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    }
    __libc_free(pointer);
}

#endif
