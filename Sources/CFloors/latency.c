// The latency histogram's functions that are not on the measured path: setting up, merging, reading quantiles.
#include "CFloors.h"

#include <math.h>
#include <string.h>

latency_plan latency_plan_make(long every, long cycle, long hand_offs) {
    long power = 1;
    while (power < every || power < cycle) {
        power *= 2;
    }
    latency_plan plan = {power - 1, cycle, hand_offs - cycle, cycle - 1};
    return plan;
}

void latency_merge(latency_histogram *into, const latency_histogram *from) {
    into->count += from->count;
    if (from->max > into->max) {
        into->max = from->max;
    }
    for (long index = 0; index < LATENCY_BUCKETS; index++) {
        into->buckets[index] += from->buckets[index];
    }
}

void latency_merge_sampler(latency_histogram *into, const latency_sampler *sampler) {
    latency_merge(into, &sampler->histogram);
}

/// The middle of bucket `index`'s values (exact below LATENCY_SUB_BUCKETS).
static uint64_t latency_bucket_middle(long index) {
    if (index < LATENCY_SUB_BUCKETS) {
        return (uint64_t)index;
    }
    long shift = index / LATENCY_SUB_BUCKETS - 1;
    uint64_t low = (uint64_t)(LATENCY_SUB_BUCKETS + index % LATENCY_SUB_BUCKETS) << shift;
    return low + (((uint64_t)1 << shift) - 1) / 2;
}

uint64_t latency_quantile(const latency_histogram *histogram, double quantile) {
    if (histogram->count == 0) {
        return 0;
    }
    double exact = ceil(quantile * (double)histogram->count);
    uint64_t rank = exact < 1 ? 1 : exact > (double)histogram->count ? histogram->count : (uint64_t)exact;
    uint64_t seen = 0;
    for (long index = 0; index < LATENCY_BUCKETS; index++) {
        seen += histogram->buckets[index];
        if (seen >= rank) {
            uint64_t middle = latency_bucket_middle(index);
            return middle < histogram->max ? middle : histogram->max;
        }
    }
    return histogram->max;
}
