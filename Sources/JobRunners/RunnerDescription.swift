/// What every runner states about itself, Swift runner (``JobRunner``) or C floor alike.
public protocol RunnerDescription {
    /// The runner's name on the command line and in result files, for example `serial-queue`.
    static var id: String { get }

    /// The runner of the 2010 experiment that this one reproduces, or a plain description for a new one.
    static var referenceName: String { get }

    /// The mechanism, in a few words, for `bench --help`.
    static var summary: String { get }

    /// Whether the runner starts a new thread for every job, which makes it orders of magnitude slower than the
    /// others (charts give such runners a panel of their own). False unless a runner says otherwise.
    static var startsThreadPerJob: Bool { get }

    /// Whether the runner is left out of a sweep unless named in `--runners` (main-queue needs the main thread).
    static var isOptIn: Bool { get }

    /// How many threads of its own the runner may have at once for each queue (a run-loop worker: 1; detached
    /// threads, each starting the next and then taking a while to exit: about 5, measured). `bench` limits queues
    /// by it. 0 unless a runner says otherwise: threads that a system pool manages, such as Dispatch's, don't count.
    static var threadsPerQueue: Int { get }
}

extension RunnerDescription {
    public static var startsThreadPerJob: Bool {
        false
    }

    public static var isOptIn: Bool {
        false
    }

    public static var threadsPerQueue: Int {
        0
    }
}
