// The one clock every timing of the suite reads: the start and end of a run's timed region (Swift), each sampled
// hand-off's latency (the Swift runners and the C floors alike) and the work's calibration. Defined here, in C, so
// that Swift (through the CFloors module) and the C floors call the same inline function.
#ifndef THREADING_OVERHEADS_MONOTONIC_CLOCK_H
#define THREADING_OVERHEADS_MONOTONIC_CLOCK_H

#include <stdint.h>
#include <time.h>

#if defined(__APPLE__)
// Darwin's CLOCK_MONOTONIC is derived from gettimeofday: clock_getres reports 1 µs for it, and every reading is
// a whole microsecond (Apple's Libc, gen/clock_gettime.c). CLOCK_UPTIME_RAW is mach_absolute_time() converted to
// nanoseconds by the timebase: a tick is 1 ns on Intel Macs and 41.67 ns (24 MHz) on Apple silicon. It does not
// advance while the system sleeps, which no run spans. clock_gettime_nsec_np(3), <time.h>, macOS 10.12.

/// The clock's name, for messages and documentation.
#define MONOTONIC_CLOCK_NAME "CLOCK_UPTIME_RAW"

/// Now, in nanoseconds since an arbitrary point, monotonic.
static inline uint64_t monotonic_clock_now(void) {
    return clock_gettime_nsec_np(CLOCK_UPTIME_RAW);
}
#else
// Linux's CLOCK_MONOTONIC is read through the vDSO without a system call, from the TSC where the kernel trusts it
// (clock_getres: 1 ns); consecutive reads differ by the read's own cost, about 20 ns on the development machine.

/// The clock's name, for messages and documentation.
#define MONOTONIC_CLOCK_NAME "CLOCK_MONOTONIC"

/// Now, in nanoseconds since an arbitrary point, monotonic.
static inline uint64_t monotonic_clock_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}
#endif

#endif
