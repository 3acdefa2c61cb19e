import BenchResults
import Foundation

extension ResultSet {
    /// Reads and checks every file in `paths`, in order; nil, with the `Error:` line that names the first that
    /// cannot be read, if one cannot, or, unless `allowingBuilds`, the first that holds runs of two builds
    /// (`bench interleave`'s, which only `bench compare` reads).
    static func read(_ paths: [String], console: Console, allowingBuilds: Bool = false) -> [ResultSet]? {
        let files: [ResultSet]
        do {
            files = try read(paths)
        } catch {
            console.reportError(error)
            return nil
        }
        if !allowingBuilds, let mixed = files.first(where: { !$0.variants.isEmpty }) {
            console.reportError(
                "'\(mixed.path)' is from '\(Program.name) interleave': give it to "
                    + "'\(Program.name) compare' alone")
            return nil
        }
        return files
    }

    /// Whether two paths name one file, their links followed: a file given twice, which `compare` and `validate`
    /// would judge against itself.
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        func identity(_ path: String) -> String {
            URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        }
        return identity(a) == identity(b)
    }
}
