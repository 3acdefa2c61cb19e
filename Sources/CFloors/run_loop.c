// floor-run-loop: a worker thread per queue running its CFRunLoop; each job is delivered as `run-loop` delivers it,
// CFRunLoopPerformBlock + CFRunLoopWakeUp, with a block that calls floor_iterate. On Apple platforms C has blocks;
// on Linux clang needs -fblocks for them, an unsafe flag for a package, so the block is built by hand as the
// Block ABI (clang's Block-ABI-Apple, which Linux's BlocksRuntime follows) lays it out: a stack block with one
// captured pointer and no copy or dispose helpers, which CFRunLoopPerformBlock copies to the heap as it would a
// block literal. A version-0 run-loop source keeps the run loop alive and carries the stop.
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#if __APPLE__
#include <CoreFoundation/CoreFoundation.h>
#else
typedef long CFIndex;
typedef unsigned char Boolean;
typedef unsigned long CFHashCode;
typedef const void *CFTypeRef;
typedef const struct __CFString *CFStringRef;
typedef const struct __CFAllocator *CFAllocatorRef;
typedef struct __CFRunLoop *CFRunLoopRef;
typedef struct __CFRunLoopSource *CFRunLoopSourceRef;
typedef CFStringRef CFRunLoopMode;
typedef struct {
    CFIndex version;
    void *info;
    const void *(*retain)(const void *info);
    void (*release)(const void *info);
    CFStringRef (*copyDescription)(const void *info);
    Boolean (*equal)(const void *info1, const void *info2);
    CFHashCode (*hash)(const void *info);
    void (*schedule)(void *info, CFRunLoopRef runLoop, CFRunLoopMode mode);
    void (*cancel)(void *info, CFRunLoopRef runLoop, CFRunLoopMode mode);
    void (*perform)(void *info);
} CFRunLoopSourceContext;
extern const CFRunLoopMode kCFRunLoopDefaultMode;
extern CFRunLoopRef CFRunLoopGetCurrent(void);
extern void CFRunLoopRun(void);
extern void CFRunLoopStop(CFRunLoopRef runLoop);
extern void CFRunLoopWakeUp(CFRunLoopRef runLoop);
extern CFRunLoopSourceRef CFRunLoopSourceCreate(CFAllocatorRef allocator, CFIndex order, CFRunLoopSourceContext *context);
extern void CFRunLoopAddSource(CFRunLoopRef runLoop, CFRunLoopSourceRef source, CFRunLoopMode mode);
extern void CFRunLoopSourceSignal(CFRunLoopSourceRef source);
extern void CFRunLoopSourceInvalidate(CFRunLoopSourceRef source);
extern CFTypeRef CFRetain(CFTypeRef object);
extern void CFRelease(CFTypeRef object);
extern void CFRunLoopPerformBlock(CFRunLoopRef runLoop, CFTypeRef mode, void *block);

/// A block literal as the Block ABI defines it, capturing one pointer.
struct floor_block_descriptor {
    unsigned long reserved;
    unsigned long size;
};
struct floor_block {
    void *isa;
    int flags;
    int reserved;
    void (*invoke)(struct floor_block *block);
    struct floor_block_descriptor *descriptor;
    floor_job *job;
};
extern void *_NSConcreteStackBlock[32];

static void floor_block_invoke(struct floor_block *block) {
    floor_iterate(block->job);
}

static struct floor_block_descriptor floor_block_descriptor = {0, sizeof(struct floor_block)};
#endif

enum { floor_worker_starting, floor_worker_running, floor_worker_exited };

/// How long setup waits for a worker to start, and teardown for it to exit, in seconds.
static const int floor_worker_timeout = 10;

typedef struct floor_worker {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    // Guarded by lock:
    int stopping;
    int state;
    // Set by the worker before it is running, then only read. The run loop is retained: CoreFoundation frees a
    // thread's run loop when the thread exits, and teardown's wake-up can come after that (the worker may see the
    // stop signalled and exit before teardown wakes it), so without a reference of its own teardown would wake a
    // freed run loop. Released once the worker has been joined.
    CFRunLoopRef run_loop;
    CFRunLoopSourceRef source;
    pthread_t thread;
} floor_worker;

/// The source's perform: only the stop that teardown sends.
static void floor_worker_perform(void *info) {
    floor_worker *worker = info;
    pthread_mutex_lock(&worker->lock);
    int stopping = worker->stopping;
    pthread_mutex_unlock(&worker->lock);
    if (stopping) {
        CFRunLoopStop(CFRunLoopGetCurrent());
    }
}

static void *floor_worker_main(void *info) {
    floor_worker *worker = info;
    CFRunLoopSourceContext context = {0};
    context.info = worker;
    context.perform = floor_worker_perform;
    CFRunLoopSourceRef source = CFRunLoopSourceCreate(NULL, 0, &context);
    CFRunLoopRef runLoop = (CFRunLoopRef)CFRetain(CFRunLoopGetCurrent());
    CFRunLoopAddSource(runLoop, source, kCFRunLoopDefaultMode);
    pthread_mutex_lock(&worker->lock);
    worker->source = source;
    worker->run_loop = runLoop;
    worker->state = floor_worker_running;
    int stopping = worker->stopping;
    pthread_cond_broadcast(&worker->changed);
    pthread_mutex_unlock(&worker->lock);
    // The source keeps the run loop running until the stop that teardown sends through it; a worker given up on
    // before it started doesn't run at all.
    if (!stopping) {
        CFRunLoopRun();
    }
    CFRunLoopSourceInvalidate(source);
    CFRelease(source);
    pthread_mutex_lock(&worker->lock);
    worker->state = floor_worker_exited;
    pthread_cond_broadcast(&worker->changed);
    pthread_mutex_unlock(&worker->lock);
    return NULL;
}

/// Waits, holding the worker's lock, up to floor_worker_timeout seconds for its state to reach `state`.
static int floor_worker_wait(floor_worker *worker, int state) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += floor_worker_timeout;
    int result = 0;
    while (worker->state < state && result == 0) {
        result = pthread_cond_timedwait(&worker->changed, &worker->lock, &deadline);
    }
    return worker->state >= state ? 0 : ETIMEDOUT;
}

static void floor_run_loop_queue(floor_job *job) {
    floor_worker *worker = job->queue;
#if __APPLE__
    CFRunLoopPerformBlock(worker->run_loop, kCFRunLoopDefaultMode, ^{
        floor_iterate(job);
    });
#else
    struct floor_block block = {_NSConcreteStackBlock, 0, 0, floor_block_invoke, &floor_block_descriptor, job};
    CFRunLoopPerformBlock(worker->run_loop, kCFRunLoopDefaultMode, &block);
#endif
    CFRunLoopWakeUp(worker->run_loop);
}

/// Stops the first `count` workers and frees them; a worker that doesn't exit in time (stuck in a job of a run
/// that stalled) is left behind, detached, with its memory.
static void floor_run_loop_stop(floor_worker *workers, long count) {
    int leftBehind = 0;
    for (long index = 0; index < count; index++) {
        floor_worker *worker = &workers[index];
        pthread_mutex_lock(&worker->lock);
        int running = worker->state == floor_worker_running;
        worker->stopping = 1;
        pthread_mutex_unlock(&worker->lock);
        if (running) {
            CFRunLoopSourceSignal(worker->source);
            CFRunLoopWakeUp(worker->run_loop);
        } else {
            // Never started (a thread that could not be created, or slow to start): nothing to stop or wait for.
            pthread_detach(worker->thread);
            leftBehind = 1;
        }
    }
    for (long index = 0; index < count; index++) {
        floor_worker *worker = &workers[index];
        pthread_mutex_lock(&worker->lock);
        int running = worker->state != floor_worker_starting;
        int exited = running && floor_worker_wait(worker, floor_worker_exited) == 0;
        pthread_mutex_unlock(&worker->lock);
        if (exited) {
            pthread_join(worker->thread, NULL);
            CFRelease(worker->run_loop);
            pthread_mutex_destroy(&worker->lock);
            pthread_cond_destroy(&worker->changed);
        } else if (running) {
            pthread_detach(worker->thread);
            leftBehind = 1;
        }
    }
    if (!leftBehind) {
        free(workers);
    }
}

int floor_run_loop_create(floor_run *run) {
    long count = run->made_count;
    floor_worker *workers = calloc((size_t)count, sizeof(floor_worker));
    if (workers == NULL) {
        return ENOMEM;
    }
    for (long index = 0; index < count; index++) {
        floor_worker *worker = &workers[index];
        pthread_mutex_init(&worker->lock, NULL);
        pthread_cond_init(&worker->changed, NULL);
        int error = pthread_create(&worker->thread, NULL, floor_worker_main, worker);
        if (error == 0) {
            pthread_mutex_lock(&worker->lock);
            error = floor_worker_wait(worker, floor_worker_running);
            pthread_mutex_unlock(&worker->lock);
        }
        if (error != 0) {
            // A worker that could not be created has no thread to stop: stop only those before it.
            floor_run_loop_stop(workers, error == ETIMEDOUT ? index + 1 : index);
            return error;
        }
        run->made[index] = worker;
    }
    run->mechanism = workers;
    run->queue = floor_run_loop_queue;
    return 0;
}

void floor_run_loop_destroy(floor_run *run) {
    floor_run_loop_stop(run->mechanism, run->made_count);
}
