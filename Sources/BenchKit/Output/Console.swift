import Foundation

/// Where `bench` writes text: standard output for the data the user asked for, standard error for everything else.
public struct Console: Sendable {
    public var output: @Sendable (String) -> Void
    public var error: @Sendable (String) -> Void

    public init(output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.output = output
        self.error = error
    }

    /// The process's standard output and standard error, each written through at once.
    public static let standard = Console(
        output: { text in
            FileHandle.standardOutput.write(Data(text.utf8))
        },
        error: { text in
            FileHandle.standardError.write(Data(text.utf8))
        })
}
