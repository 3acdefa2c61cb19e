import BenchResults
import JobRunners

/// The options of a plain `bench` sweep.
public struct SweepOptions: CommandOptions {
    public var run = RunOptions()
    public var summary = SummaryOptions()
    /// A result file to summarize instead of measuring.
    public var input: String?

    public init() {}
}

/// What a sweep's summary shows and where it goes besides standard output: settled as given, and held as they are
/// by the sweep's command.
public struct SummaryOptions: Sendable, Equatable {
    public var format = OutputFormat.table
    public var color = ColorChoice.auto
    /// Where to write the summary CSV, if anywhere.
    public var summaryPath: String?
    /// Show what the runs cost the machine (CPU time, context switches, threads, memory) in the summary.
    public var showsMetrics = false
    /// Show a line per run, and seconds per run, each cell's spread and latency, and every warning of every cell in
    /// the summary.
    public var isVerbose = false
    /// Write no HTML report beside the result file.
    public var noReport = false
}

extension SweepCommand {
    static let format = SharedOption.format(
        \SweepOptions.summary.format,
        help: "What goes to standard output: \(SharedOption.formatList). table and markdown: runners by "
            + "configurations, the cost per job with its uncertainty, its ratio to single-threaded and to each "
            + "runner's C floor, latency and modes where measured, and the warnings that call for action; html: the "
            + "same as a page, with charts (the report); csv: the summary CSV, every statistic and warning of every "
            + "cell; json: the same with every sample.")
    static let summary = Option<SweepOptions>(
        "summary", value: "path",
        help: "Also write the summary CSV (one row per runner and configuration: min, p25, median, p75, p90, max, "
            + "mean, standard deviation, CV, …).",
        \.summary.summaryPath,
        ValueParser(
            parse: { text, option throws(UsageError) in
                guard text != "-" else {
                    throw UsageError(
                        "'--\(option)' needs a file path (the summary goes to standard output with "
                            + "\(format.flag) csv)")
                }
                return try ValueParser<String>.text(valueName: "path").parse(text, option)
            },
            text: { $0 }, describe: { $0 }))
    static let input = SharedOption.input(
        \SweepOptions.input,
        help: "Summarize this result file (the CSV of runs that --output writes) instead of running a sweep: its "
            + "tables, or with --format its summary CSV or JSON.")
    static let verbose = Option<SweepOptions>.flag(
        "verbose",
        help: "Also show a line per run as it ends, with its time, instead of the progress line alone; and in the "
            + "summary, median seconds per run (and the 2010 table's layout), each cell's spread and latency "
            + "percentiles, and every warning of every cell.",
        \.summary.isVerbose)
    static let noReport = Option<SweepOptions>.flag(
        "no-report",
        help: "Write no report beside the result file. Without it a sweep to a file (NAME.csv, or a new file in "
            + "results/) also writes NAME.html, replacing one of that name: one page with the tables, a chart per "
            + "shape (and of latency where sampled) and, for a chain sweep, the 2010 table beside this one where the "
            + "result file's folder, or the checkout this program was built in, holds it (results/); self-contained, "
            + "to open in any browser.",
        \.summary.noReport)
    static let metrics = SharedOption.metrics(
        \SweepOptions.summary.showsMetrics,
        help: "Show what the runs cost the machine: CPU time and context switches per job, peak threads, peak memory "
            + "(always recorded in the CSV).")

    /// What the sweep measures and where its rows go: the options the help lists first.
    private static let plan = [
        RunOption.shapes, RunOption.queues, RunOption.iterations, RunOption.jobs, RunOption.work,
        RunOption.latency, RunOption.runners, RunOption.repetitions, RunOption.budget, RunOption.precision,
        RunOption.warmup, RunOption.seed, RunOption.output,
    ].map { $0.lifted(\SweepOptions.run) }

    /// How the runs are made: the options the help lists last.
    private static let running = [
        RunOption.processes, RunOption.isolate, RunOption.allowLong, RunOption.verifyTimeout, RunOption.stallTimeout,
    ].map { $0.lifted(\SweepOptions.run) }

    /// The options that shape the runs of a sweep, which `--input` leaves nothing to do for.
    static let measuring = plan + running

    /// `bench`'s arguments and options, in the order the help lists them.
    static let definition = CommandDefinition<SweepOptions>(
        subcommand: nil, arguments: "",
        options: plan + [format, SharedOption.color(\SweepOptions.summary.color), summary, noReport, metrics, verbose, input, RunOption.quiet.lifted(\SweepOptions.run)]
            + running)
}
