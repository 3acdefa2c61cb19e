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

/// Calls of one kind that the self-check made, or that the counter counted while they were made.
typedef struct {
    uint64_t allocations;
    uint64_t frees;
} alloc_calls_t;

/// The self-check's rule, for `kinds` kinds of call each made and counted on its own: 1 if every kind's calls
/// were each counted once (at least as many as made, and at most half as many again, for another thread's calls
/// meanwhile), 0 if any kind was missed or counted twice.
int alloc_counter_counted_once(const alloc_calls_t *made, const alloc_calls_t *counted, int kinds);

/// 1 where this process counts allocations: Linux with glibc or macOS, not under a sanitizer (which brings its own
/// malloc), and only if a self-check, made on the first call, counted each of its own calls once, kind by kind; 0
/// elsewhere, where counting gives nothing.
int alloc_counter_is_available(void);

/// 1 where this build has a way to count (Linux with glibc, macOS, not under a sanitizer), whether or not the
/// self-check then passes; for a test that the self-check passes wherever there is a way.
int alloc_counter_is_built_in(void);

/// What this process's self-check made and counted, kind by kind (named by alloc_counter_check_name), into `made`
/// and `counted`, at most `capacity` kinds; returns how many kinds it wrote: 0 where there is no way to count, and
/// so no self-check. Makes the self-check first if it has not been made.
int alloc_counter_self_check(alloc_calls_t *made, alloc_calls_t *counted, int capacity);

/// The name of the self-check's kind of call `kind` (`malloc`, `calloc`, `realloc`, `posix_memalign`, on macOS
/// `malloc_zone_malloc`); empty for no such kind.
const char *alloc_counter_check_name(int kind);

/// Zeroes the counts and starts counting, in every thread of the process.
void alloc_counter_start(void);

/// Stops counting, and returns what was counted since alloc_counter_start.
alloc_counts_t alloc_counter_stop(void);

#endif
