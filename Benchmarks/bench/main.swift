import BenchKit

BenchCommand.main()
