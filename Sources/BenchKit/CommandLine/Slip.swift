/// What a name typed on the command line is most likely a slip for: a runner's id, an option's name.
enum Slip {
    /// The one of `names` that `name` is most likely a slip for: the shortest one it begins, where every other it
    /// begins extends that one (`serial-q`: `serial-queue`, not `serial-queue-closure`), or the only one within two
    /// edits of it (a letter left out, added, changed); nil where none is, or several are.
    static func nearest(to name: String, among names: [String]) -> String? {
        let extended = names.filter { $0.hasPrefix(name) && !name.isEmpty }.sorted { $0.count < $1.count }
        if let shortest = extended.first, extended.allSatisfy({ $0.hasPrefix(shortest) }) {
            return shortest
        }
        let close = names.filter { edits(from: name, to: $0) <= 2 }
        return close.count == 1 ? close.first : nil
    }

    /// The Levenshtein distance between `a` and `b`: the fewest letters to insert, delete or change.
    static func edits(from a: String, to b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var row = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                row[j + 1] = min(previous[j + 1] + 1, row[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = row
        }
        return previous[b.count]
    }
}
