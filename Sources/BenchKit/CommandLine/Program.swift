import Foundation
import Synchronization

/// The name the running program goes by in its usage lines, messages and examples: `bench`, or the name of a
/// `bench` of one's own (`custom-bench`, built with ``BenchCommand/main(adding:)``), from its executable's name.
enum Program {
    private static let current = Mutex("bench")

    static var name: String {
        current.withLock { $0 }
    }

    /// Names the program after the executable at `path` (the last component), unless that is empty.
    static func setName(fromExecutable path: String) {
        let name = URL(fileURLWithPath: path).lastPathComponent
        if !name.isEmpty {
            current.withLock { $0 = name }
        }
    }

    /// `name`, then `subcommand` if any: `bench`, `bench compare`.
    static func command(_ subcommand: String?) -> String {
        subcommand.map { "\(name) \($0)" } ?? name
    }

    /// The files the help's example of `compare` compares: this package's 2010 table against the user's sweep;
    /// a package of the user's own (Examples/CustomRunner), which has no 2010 table, two sweeps of its own.
    static var compareExampleFiles: String {
        name == "bench"
            ? "results/2010-mac-pro-cocoawithlove.csv results/<yours>.csv" : "results/<before>.csv results/<after>.csv"
    }
}
