import BenchKit
import Foundation

exit(Bench.main(arguments: Array(CommandLine.arguments.dropFirst())).rawValue)
