// A `bench` with every built-in runner and condition-worker beside them: the whole command line, `--help`, checks
// and comparisons included.
//
//     swift run -c release custom-bench --runners condition-worker,serial-queue,run-loop --queues 8 --iterations 12500

import BenchKit
import ConditionWorker
import JobRunners

BenchCommand.main(adding: [.conditionWorker])
