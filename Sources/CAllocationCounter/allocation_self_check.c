// The counter's self-check, and what the client asks of it: whether this build counts, and what the check counted.
// Each kind of call is made and counted on its own; a way of counting that misses a kind, or counts one twice,
// makes alloc_counter_is_available say 0, so that no run carries a wrong count.

#include "allocation_counter.h"
#include "counter_platform.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#if defined(__APPLE__) && defined(ALLOCATION_COUNTER_ZONES)
#include <malloc/malloc.h>
#endif

int alloc_counter_counted_once(const alloc_calls_t *made, const alloc_calls_t *counted, int kinds) {
    for (int kind = 0; kind < kinds; kind++) {
        // Each call at least once, and at most half as many again: room for another thread's calls meanwhile,
        // none for a second count of every call.
        uint64_t allocations = made[kind].allocations;
        uint64_t frees = made[kind].frees;
        if (counted[kind].allocations < allocations || counted[kind].allocations > allocations + allocations / 2
            || counted[kind].frees < frees || counted[kind].frees > frees + frees / 2) {
            return 0;
        }
    }
    return 1;
}

#if defined(ALLOCATION_COUNTER_REPLACES_MALLOC) || defined(ALLOCATION_COUNTER_ZONES)

// The self-check: each kind of call on its own, counted apart (a round of malloc, one of calloc, one of realloc,
// one of posix_memalign and, on macOS, one of malloc_zone_malloc, the call CoreFoundation's allocator makes), each
// block freed, so that a kind of call counted twice, or missed, shows in its own count rather than among the
// others'. Called through volatile pointers, so that the compiler cannot take a pair of malloc and free away.
enum { rounds = 16 };

static void *(*volatile do_malloc)(size_t) = malloc;
static void *(*volatile do_calloc)(size_t, size_t) = calloc;
static void *(*volatile do_realloc)(void *, size_t) = realloc;
static int (*volatile do_posix_memalign)(void **, size_t, size_t) = posix_memalign;
static void (*volatile do_free)(void *) = free;

static alloc_calls_t check_malloc(void) {
    for (int round = 0; round < rounds; round++) {
        do_free(do_malloc(24));
    }
    return (alloc_calls_t){rounds, rounds};
}

static alloc_calls_t check_calloc(void) {
    for (int round = 0; round < rounds; round++) {
        do_free(do_calloc(2, 24));
    }
    return (alloc_calls_t){rounds, rounds};
}

// A malloc, a realloc that moves the block (which frees the old one inside the allocator: no call of free), a free.
static alloc_calls_t check_realloc(void) {
    for (int round = 0; round < rounds; round++) {
        void *block = do_malloc(24);
        void *grown = do_realloc(block, 4096);
        do_free(grown != NULL ? grown : block);
    }
    return (alloc_calls_t){2 * rounds, rounds};
}

static alloc_calls_t check_posix_memalign(void) {
    uint64_t frees = 0;
    for (int round = 0; round < rounds; round++) {
        void *aligned = NULL;
        if (do_posix_memalign(&aligned, 64, 96) == 0) {
            do_free(aligned);
            frees++;
        }
    }
    return (alloc_calls_t){rounds, frees};
}

#if defined(__APPLE__) && defined(ALLOCATION_COUNTER_ZONES)
static alloc_calls_t check_zone_malloc(void) {
    malloc_zone_t *default_zone = malloc_default_zone();
    for (int round = 0; round < rounds; round++) {
        malloc_zone_free(default_zone, malloc_zone_malloc(default_zone, 40));
    }
    return (alloc_calls_t){rounds, rounds};
}
#endif

static const struct {
    const char *name;
    alloc_calls_t (*make)(void);
} checks[] = {
    {"malloc", check_malloc},
    {"calloc", check_calloc},
    {"realloc", check_realloc},
    {"posix_memalign", check_posix_memalign},
#if defined(__APPLE__) && defined(ALLOCATION_COUNTER_ZONES)
    {"malloc_zone_malloc", check_zone_malloc},
#endif
};
enum { check_kinds = sizeof(checks) / sizeof(checks[0]) };

// What the self-check made and counted, kind by kind, once it has run.
static alloc_calls_t check_made[check_kinds];
static alloc_calls_t check_counted[check_kinds];
static int check_made_kinds;

static int counts_each_call_once(void) {
    for (int kind = 0; kind < check_kinds; kind++) {
        alloc_counter_start();
        check_made[kind] = checks[kind].make();
        alloc_counts_t counts = alloc_counter_stop();
        check_counted[kind] = (alloc_calls_t){counts.allocations, counts.frees};
    }
    check_made_kinds = check_kinds;
    return alloc_counter_counted_once(check_made, check_counted, check_kinds);
}

static int available;
static pthread_once_t check_once = PTHREAD_ONCE_INIT;

static void check(void) {
    available = alloc_counter_install() && counts_each_call_once();
}

int alloc_counter_is_available(void) {
    pthread_once(&check_once, check);
    return available;
}

int alloc_counter_is_built_in(void) {
    return 1;
}

int alloc_counter_self_check(alloc_calls_t *made, alloc_calls_t *counted, int capacity) {
    alloc_counter_is_available();
    int kinds = check_made_kinds < capacity ? check_made_kinds : capacity;
    for (int kind = 0; kind < kinds; kind++) {
        made[kind] = check_made[kind];
        counted[kind] = check_counted[kind];
    }
    return kinds;
}

const char *alloc_counter_check_name(int kind) {
    return kind >= 0 && kind < check_kinds ? checks[kind].name : "";
}

#else

int alloc_counter_is_available(void) {
    return 0;
}

int alloc_counter_is_built_in(void) {
    return 0;
}

int alloc_counter_self_check(alloc_calls_t *made, alloc_calls_t *counted, int capacity) {
    (void)made;
    (void)counted;
    (void)capacity;
    return 0;
}

const char *alloc_counter_check_name(int kind) {
    (void)kind;
    return "";
}

#endif
