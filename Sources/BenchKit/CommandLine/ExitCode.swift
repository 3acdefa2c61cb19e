/// `bench`'s exit codes.
public enum ExitCode: Int32, Sendable {
    /// Every run was `ok`.
    case success = 0
    /// Something other than the runs went wrong, such as the result file.
    case failure = 1
    /// The sweep finished, but some runs failed or stalled; their rows say why.
    case someRunsFailed = 2
    /// `bench check`: no check failed, but some could not be decided.
    case inconclusive = 3
    /// The command line was wrong (EX_USAGE).
    case usage = 64
}
