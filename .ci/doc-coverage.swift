// Fails when a public symbol declared in a module's source has no doc comment, as docc sees it.
//
// Usage: swift .ci/doc-coverage.swift MODULE ARCHIVE.doccarchive SYMBOL-GRAPH-DIR
//
// The verdict is docc's: ARCHIVE's documentation-coverage.json (written by `docc convert
// --experimental-documentation-coverage`) lists every page with `hasAbstract`. Some pages are of symbols the compiler
// made, not the source: `!=` and `hashValue` from a protocol's extension, an enum's derived `init(rawValue:)`. No
// comment can be written on those, so they are told apart by the symbol graph docc read: a symbol the compiler made
// has no source `location`. A symbol written in the source always has one, so none of those escapes the check. A
// page's path names its symbol up to docc's disambiguation suffix, a hash of the symbol's identifier; where a path
// names both a symbol of the source and one the compiler made (`next()` of a random number generator, beside the
// generic `next()` its protocol's extension gives it), the page is a made one if every symbol the source declares
// there has a doc comment in the graph.
// Run as a script so that CI needs nothing beyond the Swift toolchain.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let module = arguments.first else {
    FileHandle.standardError.write(Data("Usage: swift .ci/doc-coverage.swift MODULE ARCHIVE SYMBOL-GRAPH-DIR\n".utf8))
    exit(64)
}
let archive = URL(fileURLWithPath: arguments[arguments.startIndex + 1])
let graphs = URL(fileURLWithPath: arguments[arguments.startIndex + 2])

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("FAIL: \(message)\n".utf8))
    exit(1)
}

func jsonObject(at url: URL) -> Any {
    guard let data = try? Data(contentsOf: url), let object = try? JSONSerialization.jsonObject(with: data) else {
        fail("cannot read \(url.path) as JSON")
    }
    return object
}

/// A page's path under the module with docc's disambiguation taken off each component: "Status-swift.enum" and
/// "makeRunners(count:settings:)-20uac" become "Status" and "makeRunners(count:settings:)", as in a symbol graph's
/// pathComponents. An operator's own "-" is kept: a suffix follows a name, never starts one.
func plainPath(_ components: [Substring]) -> String {
    components.map { component in
        guard let dash = component.lastIndex(of: "-"), dash != component.startIndex else { return String(component) }
        let suffix = component[component.index(after: dash)...]
        let isDisambiguation = suffix.hasPrefix("swift.")
            || (!suffix.isEmpty && suffix.allSatisfy { $0.isLowercase || $0.isNumber })
        return isDisambiguation ? String(component[..<dash]) : String(component)
    }.joined(separator: "/")
}

// Paths of the public symbols in the graphs (the module's own, and its extensions of other modules'
// types), split into those the source declares and those the compiler made.
var declared: [String: [Bool]] = [:]  // whether each has a doc comment
var made = Set<String>()
let files = (try? FileManager.default.contentsOfDirectory(at: graphs, includingPropertiesForKeys: nil)) ?? []
for file in files where file.lastPathComponent.hasSuffix(".symbols.json") {
    let symbols = (jsonObject(at: file) as? [String: Any])?["symbols"] as? [[String: Any]] ?? []
    for symbol in symbols {
        guard let components = symbol["pathComponents"] as? [String] else { continue }
        let path = components.joined(separator: "/")
        if symbol["location"] == nil {
            made.insert(path)
        } else {
            let lines = (symbol["docComment"] as? [String: Any])?["lines"] as? [[String: Any]] ?? []
            let hasComment = lines.contains { ($0["text"] as? String)?.contains { !$0.isWhitespace } == true }
            declared[path, default: []].append(hasComment)
        }
    }
}
if declared.isEmpty { fail("no symbols of \(module) in \(graphs.path)") }

let entries = jsonObject(at: archive.appendingPathComponent("documentation-coverage.json")) as? [[String: Any]] ?? []
var pages = 0
var compilerMade = 0
var missing: [String] = []
for entry in entries {
    guard let kind = entry["kind"] as? [String: Any], kind["isSymbol"] as? Bool == true,
          let reference = entry["referencePath"] as? String,
          let range = reference.range(of: "/documentation/\(module)/") else { continue }
    pages += 1
    if entry["hasAbstract"] as? Bool == true { continue }
    let path = plainPath(reference[range.upperBound...].split(separator: "/"))
    if made.contains(path) && declared[path, default: []].allSatisfy({ $0 }) {
        compilerMade += 1
    } else {
        missing.append("\(module)/\(reference[range.upperBound...])")
    }
}
if pages == 0 { fail("\(archive.path) lists no symbol of \(module)") }
print("\(module): \(pages - compilerMade - missing.count) of \(pages - compilerMade) public symbols documented "
    + "(\(compilerMade) more made by the compiler)")
if !missing.isEmpty {
    let count = missing.count == 1 ? "1 public symbol" : "\(missing.count) public symbols"
    fail("\(count) of \(module) without a doc comment:\n  "
        + missing.sorted().joined(separator: "\n  "))
}
