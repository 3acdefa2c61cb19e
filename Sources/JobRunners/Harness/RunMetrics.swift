/// What a run cost the machine besides wall time, measured for the whole `bench` process from just before the
/// first job is queued to the last job's completion report.
public struct RunMetrics: Sendable, Equatable, Codable {
    /// CPU time in user mode, every thread of the process together (getrusage).
    public var cpuUserSeconds: Double
    /// CPU time in kernel mode, every thread of the process together (getrusage).
    public var cpuSystemSeconds: Double
    /// Times a thread gave up the CPU to wait (getrusage).
    public var voluntaryContextSwitches: Int
    /// Times a thread was made to give up the CPU, its time slice spent or a thread of higher priority ready
    /// (getrusage).
    public var involuntaryContextSwitches: Int
    /// The most threads the process had at once, bench's own among them (its main thread, its signal thread and
    /// the thread that queues the jobs): sampled every `ProcessResources/threadSampleInterval` by the waiting
    /// thread, and at the start and end. Nil where the system doesn't tell.
    public var peakThreads: Int?
    /// The process's peak resident memory during the run where the system can reset the peak (Linux), else its
    /// peak since it started. Nil where the system doesn't tell.
    public var maxRSSBytes: Int?

    /// Metrics with the given values, as a run measures them or a result file holds them.
    public init(
        cpuUserSeconds: Double, cpuSystemSeconds: Double, voluntaryContextSwitches: Int,
        involuntaryContextSwitches: Int, peakThreads: Int?, maxRSSBytes: Int?
    ) {
        self.cpuUserSeconds = cpuUserSeconds
        self.cpuSystemSeconds = cpuSystemSeconds
        self.voluntaryContextSwitches = voluntaryContextSwitches
        self.involuntaryContextSwitches = involuntaryContextSwitches
        self.peakThreads = peakThreads
        self.maxRSSBytes = maxRSSBytes
    }
}
