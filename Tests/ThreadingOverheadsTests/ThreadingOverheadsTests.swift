import Testing

/// The root of every suite in this target. Serialized: the tests start hundreds of threads and some compare the
/// cost of runners, so tests running side by side would disturb each other's timings and thread counts.
@Suite(.serialized)
struct ThreadingOverheadsTests {}
