import JobRunners

/// Reads a check, character by character, with messages that say what was expected where.
struct CheckScanner {
    let text: String
    let characters: [Character]
    var position = 0

    init(text: String) {
        self.text = text
        self.characters = Array(text)
    }

    func failure(_ message: String) -> CheckExpression.ParseError {
        CheckExpression.ParseError(expression: text, message: message)
    }

    var rest: String {
        String(characters[position...])
    }

    mutating func skipSpaces() {
        while position < characters.count, characters[position].isWhitespace {
            position += 1
        }
    }

    mutating func take(while predicate: (Character) -> Bool) -> String {
        let start = position
        while position < characters.count, predicate(characters[position]) {
            position += 1
        }
        return String(characters[start..<position])
    }

    mutating func take(_ literal: String) -> Bool {
        let literal = Array(literal)
        guard characters[position...].starts(with: literal) else {
            return false
        }
        position += literal.count
        return true
    }

    mutating func parseCheck() throws(CheckExpression.ParseError) -> CheckExpression {
        skipSpaces()
        let subject = try parseOperand(after: nil)
        skipSpaces()
        guard let comparison = CheckExpression.Comparison.allCases.first(where: { take($0.rawValue) }) else {
            // Only the word in the way: the whole rest repeats the check, which the error line has already quoted.
            let word = rest.prefix { $0 != " " }
            throw failure("expected >=, <=, > or < after '\(subject)'\(word.isEmpty ? "" : ", not '\(word)'")")
        }
        skipSpaces()
        // `serial-queue allocs`: allocations relative to another runner's, with no factor.
        if position < characters.count, characters[position].isLetter {
            let other = try parseOperand(after: comparison.rawValue)
            return try finish(subject, comparison, .allocationsMultiple(1, of: try takeAllocs(after: other)))
        }
        let number = take(while: { $0.isASCIIDigit || $0 == "." })
        skipSpaces()
        if let count = Double(number), count.isFinite, count >= 0, takeAllocsPerJob() {
            // A count is 0 or more: below 0 it can never hold, which is a mistake in the check, not a measurement.
            guard count > 0 || comparison != .less else {
                throw failure("'< 0' can never hold: a count is 0 or more (a count of none per job: '< 0.01')")
            }
            return try finish(subject, comparison, .allocationsPerJob(count))
        }
        guard let value = Double(number), value.isFinite, value > 0 else {
            guard !(number.isEmpty && rest.hasPrefix("-")) else {
                throw failure(
                    "a bound cannot be negative: expected a positive number after '\(comparison.rawValue)' (or 0 "
                        + "allocs/job)")
            }
            throw failure(
                "expected a positive number after '\(comparison.rawValue)'\(number.isEmpty ? "" : ", not '\(number)'")")
        }
        skipSpaces()
        let bound: CheckExpression.Bound
        if take("x") || take("×") {
            skipSpaces()
            let other = try parseOperand(after: "\(number)x")
            skipSpaces()
            let allocs = take("allocations") || take("allocs")
            bound = allocs ? .allocationsMultiple(value, of: other) : .multiple(value, of: other)
        } else if let unit = takeUnit() {
            skipSpaces()
            guard take("/") else {
                throw failure("expected '/job' after '\(unit.0)': a cost per job reads '\(number)\(unit.0)/job'")
            }
            skipSpaces()
            guard take("job") else {
                throw failure("expected '/job' after '\(unit.0)': a cost per job reads '\(number)\(unit.0)/job'")
            }
            bound = .perJob(nanoseconds: value * unit.1)
        } else {
            // A word before '/' was meant as a unit: name the ones there are (`1usec/job`).
            let word = characters[position...].prefix { $0.isLetter }
            if !word.isEmpty, characters[(position + word.count)...].first == "/" {
                throw failure(
                    "'\(String(word))' is not a unit of time: ns, us (or µs), ms or s, as in \(number)ns/job")
            }
            if characters[position...].first == "X" {
                throw failure("a multiple is written with a small x, as in \(number)x serial-queue, not '\(number)X'")
            }
            throw failure("'\(number)' needs a unit: \(number)x serial-queue, \(number)ns/job or \(number) allocs/job")
        }
        return try finish(subject, comparison, bound)
    }

    /// The check, once nothing but spaces follows its bound.
    mutating func finish(
        _ subject: CheckExpression.Operand, _ comparison: CheckExpression.Comparison, _ bound: CheckExpression.Bound
    ) throws(CheckExpression.ParseError) -> CheckExpression {
        skipSpaces()
        guard position == characters.count else {
            throw failure("unexpected '\(rest)' at the end")
        }
        return CheckExpression(subject: subject, comparison: comparison, bound: bound)
    }

    /// `allocs/job` or `allocations/job`, spaces allowed around the slash.
    mutating func takeAllocsPerJob() -> Bool {
        let start = position
        guard take("allocations") || take("allocs") else {
            return false
        }
        skipSpaces()
        guard take("/") else {
            position = start
            return false
        }
        skipSpaces()
        guard take("job") else {
            position = start
            return false
        }
        return true
    }

    /// `other`, once `allocs` follows it: a bound on allocations relative to another runner's.
    mutating func takeAllocs(after other: CheckExpression.Operand) throws(CheckExpression.ParseError)
        -> CheckExpression.Operand
    {
        skipSpaces()
        guard take("allocations") || take("allocs") else {
            throw failure("expected a number before '\(other)', or 'allocs' after it (\(other) allocs)")
        }
        return other
    }

    /// A unit of time (`ns`, `us`, `µs`, `ms`, `s`) and its nanoseconds, unless what follows is a letter: `10 serial`
    /// is not 10 s.
    mutating func takeUnit() -> (String, Double)? {
        let start = position
        let units = [("ns", 1.0), ("us", 1e3), ("µs", 1e3), ("μs", 1e3), ("ms", 1e6), ("s", 1e9)]
        guard let unit = units.first(where: { take($0.0) }) else {
            return nil
        }
        if position < characters.count, characters[position].isLetter {
            position = start
            return nil
        }
        return unit
    }

    mutating func parseOperand(after previous: String?) throws(CheckExpression.ParseError) -> CheckExpression.Operand {
        guard position < characters.count, characters[position].isLetter else {
            let place = previous.map { "after '\($0)'" } ?? "at the start"
            throw failure("expected a runner id such as serial-queue \(place)")
        }
        let runner = take(while: { $0.isLetter || $0.isASCIIDigit || $0 == "-" || $0 == "_" })
        guard take("@") else {
            return CheckExpression.Operand(runner: runner, configuration: nil)
        }
        let queues = take(while: \.isASCIIDigit)
        let separated = take("x") || take("×")
        let iterations = take(while: \.isASCIIDigit)
        guard separated, let queueCount = Int(queues), let iterationCount = Int(iterations), queueCount > 0,
            iterationCount > 0, !queueCount.multipliedReportingOverflow(by: iterationCount).overflow
        else {
            throw failure("expected a configuration such as 8x12500 (queues x iterations) after '\(runner)@'")
        }
        return CheckExpression.Operand(
            runner: runner, configuration: RunConfiguration(queues: queueCount, iterations: iterationCount))
    }
}
