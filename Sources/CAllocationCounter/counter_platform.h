// What the counter's two files share, and no client sees: which way this build counts, and how it is put in place.

#ifndef COUNTER_PLATFORM_H
#define COUNTER_PLATFORM_H

#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define ALLOCATION_COUNTER_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define ALLOCATION_COUNTER_SANITIZED 1
#endif

#if defined(__APPLE__)
#include <Availability.h>
#include <TargetConditionals.h>
#endif

#if defined(ALLOCATION_COUNTER_SANITIZED)
// No counting.
#elif defined(__linux__) && defined(__GLIBC__)
#define ALLOCATION_COUNTER_REPLACES_MALLOC 1
#elif defined(__APPLE__) && TARGET_OS_OSX
#define ALLOCATION_COUNTER_ZONES 1
// The typed zone functions (zone version 16) are in the structure from the macOS 15 SDK on.
#if defined(__MAC_OS_X_VERSION_MAX_ALLOWED) && __MAC_OS_X_VERSION_MAX_ALLOWED >= 150000
#define ALLOCATION_COUNTER_TYPED_ZONES 1
#endif
#endif

/// Puts the counter in place (on macOS, over malloc zone 0's functions; on Linux it is in place from exec):
/// 1 if it is, 0 if it cannot be. Called once, by the self-check, before any count is trusted.
int alloc_counter_install(void);

#endif
