import BenchResults

extension ResultSet {
    /// Reads and checks every file in `paths`, in order; nil, with the `Error:` line that names the first that
    /// cannot be read, if one cannot.
    static func read(_ paths: [String], console: Console) -> [ResultSet]? {
        do {
            return try read(paths)
        } catch {
            console.error("Error: \(error)\n")
            return nil
        }
    }
}
