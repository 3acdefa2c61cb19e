#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// What the process allocated and freed while counting: every call of malloc, calloc, realloc, the aligned
/// variants (memalign, posix_memalign, aligned_alloc, valloc, pvalloc) and free, from any thread, the Swift
/// runtime, Dispatch and Foundation included.
typedef struct {
    /// Calls that allocated: each malloc, calloc and aligned allocation, and each realloc (a reallocation is an
    /// allocation of its new size).
    uint64_t allocations;
    /// The bytes those calls asked for.
    uint64_t bytes;
    /// Calls of free with a pointer (free(NULL) frees nothing).
    uint64_t frees;
} alloc_counts_t;

/// 1 where this process counts allocations: Linux with glibc or macOS, not under a sanitizer (which brings its own
/// malloc), and only if a self-check, made on the first call, counted each of its own calls once; 0 elsewhere,
/// where counting gives nothing.
int alloc_counter_is_available(void);

/// 1 where this build has a way to count (Linux with glibc, macOS, not under a sanitizer), whether or not the
/// self-check then passes; for a test that the self-check passes wherever there is a way.
int alloc_counter_is_built_in(void);

/// Zeroes the counts and starts counting, in every thread of the process.
void alloc_counter_start(void);

/// Stops counting, and returns what was counted since alloc_counter_start.
alloc_counts_t alloc_counter_stop(void);

#endif
