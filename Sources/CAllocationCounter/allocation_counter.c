// Counting the process's allocations, for runs made to count them (never the timed runs).
//
// Counting is one of two ways, by platform; each hands every call on to the system's allocator, counts while
// counting is on (relaxed atomic additions), and costs one relaxed load and a branch per call while off. The timed
// runs are made with counting off, and their figures were measured against a build without this file
// (docs/method.md, "Allocations"). Whichever way, a self-check decides whether the build counts: calls made by the
// check itself, each kind of call counted apart, must each be counted once (alloc_counter_is_available), so that a
// way that misses a kind of call, or counts one twice, gives no counts rather than wrong ones.
//
// Not under a sanitizer (its runtime intercepts malloc itself), nor with another C library than glibc on Linux
// (musl has no __libc_* entry points): there the counter says it is not available, and runs carry no counts.

#include "allocation_counter.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "counter_platform.h"

static atomic_int counting;
static atomic_uint_fast64_t allocations;
static atomic_uint_fast64_t bytes;
static atomic_uint_fast64_t frees;

static inline void counted(size_t size) {
    if (__builtin_expect(atomic_load_explicit(&counting, memory_order_relaxed), 0)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&bytes, size, memory_order_relaxed);
    }
}

static inline void counted_free(void *pointer) {
    if (pointer != NULL && __builtin_expect(atomic_load_explicit(&counting, memory_order_relaxed), 0)) {
        atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    }
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

#if defined(ALLOCATION_COUNTER_REPLACES_MALLOC)

// Linux with glibc: this file defines malloc and its family in the executable that links it. The dynamic linker
// binds every library's calls (the Swift runtime's, Dispatch's, Foundation's, glibc's own) to the executable's
// definitions first, which is how glibc documents replacing malloc ("Replacing malloc" in its manual). Each hands
// the call to glibc's own allocator through its exported __libc_* entry points, so memory from either side may be
// freed by the other.

#include <errno.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);
extern void __libc_free(void *pointer);

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
    counted_free(pointer);
    __libc_free(pointer);
}

int alloc_counter_install(void) {
    return 1;
}

#elif defined(__APPLE__) && defined(ALLOCATION_COUNTER_ZONES)

// macOS: every allocation of the process goes through a malloc zone (malloc/malloc.h), and malloc, free and their
// family pass the call to the first registered zone, "zone 0" (malloc_get_all_zones lists it first). This counter
// replaces the function pointers of that zone's malloc_zone_t with counting ones that hand each call on to the
// zone's own, saved before. The zone structure is read-only once registered; vm_protect (mach/vm_map.h) makes it
// writable for the change and read-only again. What each field does, and from which version of the structure it is
// present, is as the SDK's malloc/malloc.h documents it: memalign from 5, free_definite_size from 6,
// try_free_default from 13, malloc_with_options from 15, the typed malloc_type_* functions from 16 (SDK 15 on).
//
// Written against that header and not run here (the suite's development machine is Linux): whether the zone's
// functions see every call on a given macOS is for the self-check below to find out on the user's Mac. Where it
// does not (a newer zone version with entry points this file does not know, stack logging's lite zone, a zone that
// calls its own fields), the counter says it is not available, and runs carry no counts rather than wrong ones.

#include <mach/mach.h>
#include <malloc/malloc.h>
#include <pthread.h>

static malloc_zone_t *zone0;
static malloc_zone_t original;  // zone 0's fields as they were, each call handed on to them

static void *counting_malloc(malloc_zone_t *zone, size_t size) {
    counted(size);
    return original.malloc(zone, size);
}

static void *counting_calloc(malloc_zone_t *zone, size_t count, size_t size) {
    size_t total;
    counted(__builtin_mul_overflow(count, size, &total) ? 0 : total);
    return original.calloc(zone, count, size);
}

static void *counting_valloc(malloc_zone_t *zone, size_t size) {
    counted(size);
    return original.valloc(zone, size);
}

static void *counting_realloc(malloc_zone_t *zone, void *pointer, size_t size) {
    counted(size);
    return original.realloc(zone, pointer, size);
}

static void counting_free(malloc_zone_t *zone, void *pointer) {
    counted_free(pointer);
    original.free(zone, pointer);
}

static unsigned counting_batch_malloc(malloc_zone_t *zone, size_t size, void **results, unsigned requested) {
    unsigned made = original.batch_malloc(zone, size, results, requested);
    for (unsigned index = 0; index < made; index++) {
        counted(size);
    }
    return made;
}

static void counting_batch_free(malloc_zone_t *zone, void **pointers, unsigned count) {
    for (unsigned index = 0; index < count; index++) {
        counted_free(pointers[index]);
    }
    original.batch_free(zone, pointers, count);
}

static void *counting_memalign(malloc_zone_t *zone, size_t alignment, size_t size) {
    counted(size);
    return original.memalign(zone, alignment, size);
}

static void counting_free_definite_size(malloc_zone_t *zone, void *pointer, size_t size) {
    counted_free(pointer);
    original.free_definite_size(zone, pointer, size);
}

static void counting_try_free_default(malloc_zone_t *zone, void *pointer) {
    counted_free(pointer);
    original.try_free_default(zone, pointer);
}

static void *counting_malloc_with_options(malloc_zone_t *zone, size_t alignment, size_t size, uint64_t options) {
    counted(size);
    return original.malloc_with_options(zone, alignment, size, options);
}

#if defined(ALLOCATION_COUNTER_TYPED_ZONES)
static void *counting_type_malloc(malloc_zone_t *zone, size_t size, malloc_type_id_t type) {
    counted(size);
    return original.malloc_type_malloc(zone, size, type);
}

static void *counting_type_calloc(malloc_zone_t *zone, size_t count, size_t size, malloc_type_id_t type) {
    size_t total;
    counted(__builtin_mul_overflow(count, size, &total) ? 0 : total);
    return original.malloc_type_calloc(zone, count, size, type);
}

static void *counting_type_realloc(malloc_zone_t *zone, void *pointer, size_t size, malloc_type_id_t type) {
    counted(size);
    return original.malloc_type_realloc(zone, pointer, size, type);
}

static void *counting_type_memalign(malloc_zone_t *zone, size_t alignment, size_t size, malloc_type_id_t type) {
    counted(size);
    return original.malloc_type_memalign(zone, alignment, size, type);
}

static void *counting_type_malloc_with_options(
    malloc_zone_t *zone, size_t alignment, size_t size, uint64_t options, malloc_type_id_t type) {
    counted(size);
    return original.malloc_type_malloc_with_options(zone, alignment, size, options, type);
}
#endif

// The protection of the memory that holds address (as vm_region_64 reports it), or 0 where it cannot tell.
static vm_prot_t protection_at(vm_address_t address) {
    vm_address_t region = address;
    vm_size_t size = 0;
    vm_region_basic_info_data_64_t info;
    mach_msg_type_number_t count = VM_REGION_BASIC_INFO_COUNT_64;
    mach_port_t object = MACH_PORT_NULL;
    if (vm_region_64(mach_task_self(), &region, &size, VM_REGION_BASIC_INFO_64, (vm_region_info_t)&info, &count,
                     &object) != KERN_SUCCESS || region > address) {
        return 0;
    }
    return info.protection;
}

// Replaces zone 0's fields, those it has (called once). 0 where the zone cannot be found or made writable.
int alloc_counter_install(void) {
    vm_address_t *zones = NULL;
    unsigned count = 0;
    if (malloc_get_all_zones(mach_task_self(), NULL, &zones, &count) != KERN_SUCCESS || count == 0 || zones == NULL) {
        return 0;
    }
    zone0 = (malloc_zone_t *)zones[0];
    original = *zone0;
    vm_prot_t protection = protection_at((vm_address_t)zone0);
    if (protection == 0) {
        return 0;
    }
    // Registered zones are read-only (from version 8): writable for the change, as they were after it.
    int was_writable = (protection & VM_PROT_WRITE) != 0;
    if (!was_writable && vm_protect(mach_task_self(), (vm_address_t)zone0, sizeof(malloc_zone_t), 0,
                                    protection | VM_PROT_WRITE) != KERN_SUCCESS) {
        return 0;
    }
    unsigned version = zone0->version;
    // Only the fields the zone has, and only those it fills: a NULL field means "not supported" to libmalloc.
    zone0->malloc = counting_malloc;
    zone0->calloc = counting_calloc;
    zone0->valloc = counting_valloc;
    zone0->realloc = counting_realloc;
    zone0->free = counting_free;
    if (original.batch_malloc != NULL) { zone0->batch_malloc = counting_batch_malloc; }
    if (original.batch_free != NULL) { zone0->batch_free = counting_batch_free; }
    if (version >= 5 && original.memalign != NULL) { zone0->memalign = counting_memalign; }
    if (version >= 6 && original.free_definite_size != NULL) {
        zone0->free_definite_size = counting_free_definite_size;
    }
    if (version >= 13 && original.try_free_default != NULL) {
        zone0->try_free_default = counting_try_free_default;
    }
    if (version >= 15 && original.malloc_with_options != NULL) {
        zone0->malloc_with_options = counting_malloc_with_options;
    }
#if defined(ALLOCATION_COUNTER_TYPED_ZONES)
    if (version >= 16) {
        if (original.malloc_type_malloc != NULL) { zone0->malloc_type_malloc = counting_type_malloc; }
        if (original.malloc_type_calloc != NULL) { zone0->malloc_type_calloc = counting_type_calloc; }
        if (original.malloc_type_realloc != NULL) { zone0->malloc_type_realloc = counting_type_realloc; }
        if (original.malloc_type_memalign != NULL) { zone0->malloc_type_memalign = counting_type_memalign; }
        if (original.malloc_type_malloc_with_options != NULL) {
            zone0->malloc_type_malloc_with_options = counting_type_malloc_with_options;
        }
    }
#endif
    if (!was_writable) {
        vm_protect(mach_task_self(), (vm_address_t)zone0, sizeof(malloc_zone_t), 0, protection);
    }
    return 1;
}

#endif
