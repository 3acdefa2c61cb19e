import BenchKit

Bench.runProcess(arguments: Array(CommandLine.arguments.dropFirst()))
