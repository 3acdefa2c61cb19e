import Foundation

/// How far a cell's runs spread at the two levels one result file holds, as standard deviations on the log scale:
/// between runs of one worker process (``run``), and between processes beyond what their runs' spread accounts
/// for (``process``: what a process draws for its life, and the stretch of the session it lived in). With the
/// session terms (``SessionTerms``: the machine's drift and a cell's move beside it between sessions), they say
/// where a machine's noise lives, and so what narrows an interval there: more runs, more processes, or comparing
/// in one session (`bench interleave`).
///
/// Each cell's two components come from a one-way random-effects analysis of variance of its runs' logarithms,
/// grouped by process (the method of moments, unbalanced groups: the within-process mean square, and the
/// between-process mean square's excess over it divided by the groups' effective size). A cell takes part where
/// two processes or more made its runs and one of them made two or more. The levels are the median over those
/// cells of each variance, the process one taken as 0 where that median is negative, as an estimate from few
/// processes can be: a median, so that the bimodal cells, whose runs jump between modes, do not set the level
/// for every other.
public struct SpreadLevels: Sendable, Equatable {
    /// How far runs of one process spread: the median cell's within-process standard deviation of ln(time).
    public var run: Double
    /// How far processes spread beyond their runs: the median cell's between-process standard deviation of
    /// ln(time), 0 where its estimate is not above 0.
    public var process: Double
    /// The cells the levels are the median over.
    public var cells: Int

    /// The levels the cells' runs show, each cell's runs with the process that made each (``Bootstrap/Sample``);
    /// nil where no cell has runs from two processes, one of which made two or more.
    public static func measured(_ samples: [Bootstrap.Sample]) -> SpreadLevels? {
        let components = samples.compactMap(components)
        guard let run = Statistics.median(components.map(\.run)),
            let process = Statistics.median(components.map(\.process))
        else {
            return nil
        }
        return SpreadLevels(run: run.squareRoot(), process: max(process, 0).squareRoot(), cells: components.count)
    }

    /// One cell's within-process variance of ln(time) and its between-process component (which may come out
    /// below 0); nil where its runs cannot separate them.
    static func components(_ sample: Bootstrap.Sample) -> (run: Double, process: Double)? {
        guard sample.groups.count >= 2, sample.values.count > sample.groups.count, sample.values.allSatisfy({ $0 > 0 })
        else {
            return nil
        }
        let groups = sample.groups.map { group in group.map { log(sample.values[$0]) } }
        let count = sample.values.count
        let means = groups.map { $0.reduce(0, +) / Double($0.count) }
        let grandMean = groups.joined().reduce(0, +) / Double(count)
        let within = zip(groups, means).reduce(0.0) { sum, group in
            sum + group.0.reduce(0) { $0 + ($1 - group.1) * ($1 - group.1) }
        }
        let between = zip(groups, means).reduce(0.0) { sum, group in
            sum + Double(group.0.count) * (group.1 - grandMean) * (group.1 - grandMean)
        }
        let withinSquare = within / Double(count - groups.count)
        let betweenSquare = between / Double(groups.count - 1)
        // The groups' effective size: their mean size, less for unequal ones.
        let size = (Double(count) - groups.reduce(0) { $0 + Double($1.count * $1.count) } / Double(count))
            / Double(groups.count - 1)
        return (withinSquare, (betweenSquare - withinSquare) / size)
    }
}
