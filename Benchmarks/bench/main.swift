import BenchKit
import Foundation

// First, before any other thread starts: SIGINT and SIGTERM are then handled on a thread of their own.
Interrupts.install()
exit(Bench.main(arguments: Array(CommandLine.arguments.dropFirst())).rawValue)
