import BenchResults
import Foundation
import Testing

@testable import BenchKit

extension ThreadingOverheadsTests {
    /// Colour in the tables (`--color`): what is coloured, and that a coloured table is the plain one once the codes
    /// are removed, so that it keeps its widths.
    @Suite struct ColourTests {
        static let table = """
            runner                  configuration  A per job  B per job    B/A  verdict  beside machine  verdict
            single-threaded         1×100000         7.88 ns    12.7 ns   1.61  slower             1.21  dearer
            run-loop                1×100000         1.35 µs    1.10 µs  0.818  unsure!           0.615  cheaper
            serial-queue            8×12500     45.7 ns ±10%~!  40 ns     0.875  faster            1.00  with-machine
            PASS  serial-queue <= 200 ns/job at 4×500
            FAIL  task <= 100 ns/job at 4×500
            INCONCLUSIVE  actor <= 1 µs/job at 4×500

            Warnings
              Noise: 3 of 26 cells vary over 10% from run to run (CV)

            """

        @Test("verdicts, outcomes, marks and the warnings heading are coloured; nothing else, and no width changes")
        func paint() {
            let painted = Colour.paint(Self.table)
            #expect(Colour.strip(painted) == Self.table)
            for (word, code) in [
                ("slower", Colour.red), ("dearer", Colour.red), ("FAIL", Colour.red), ("faster", Colour.green),
                ("cheaper", Colour.green), ("PASS", Colour.green), ("INCONCLUSIVE", Colour.yellow),
                ("unsure", Colour.dim), ("~", Colour.cyan), ("Warnings", Colour.boldYellow),
            ] {
                #expect(painted.contains(Colour.code(code, word)), "\(word)")
            }
            // A mark after a figure and after a verdict alike.
            #expect(painted.contains("%" + Colour.code(Colour.cyan, "~") + Colour.code(Colour.yellow, "!")))
            #expect(painted.contains(Colour.code(Colour.dim, "unsure") + Colour.code(Colour.yellow, "!")))
            // Words that are not verdicts stay plain: a runner's name, `with-machine`.
            #expect(painted.contains("single-threaded         1×100000"))
            #expect(painted.contains("with-machine"))
            #expect(!painted.contains(Colour.code(Colour.red, "with")))
        }

        @Test(
            "auto colours a terminal unless NO_COLOR is set and not empty; always and never are the user's word",
            arguments: [
                (ColorChoice.auto, true, [:], true), (.auto, false, [:], false), (.auto, true, ["NO_COLOR": "1"], false),
                (.auto, true, ["NO_COLOR": ""], true), (.always, false, ["NO_COLOR": "1"], true),
                (.never, true, [:], false),
            ] as [(ColorChoice, Bool, [String: String], Bool)])
        func choice(choice: ColorChoice, isTerminal: Bool, environment: [String: String], isOn: Bool) {
            #expect(choice.isOn(isTerminal: isTerminal, environment: environment) == isOn)
        }

        @Test("compare: --color always colours its table, never and a captured output (not a terminal) do not")
        func compare() throws {
            let files = ["results/vm-2026-11-23-aa-1.csv", "results/vm-2026-11-23-aa-5.csv"].map {
                DocumentationTests.root.appendingPathComponent($0).path
            }
            let always = bench(["compare"] + files + ["--color", "always"])
            let never = bench(["compare"] + files + ["--color", "never"])
            let auto = bench(["compare"] + files)
            #expect(always.output.contains("\u{1B}["))
            #expect(!never.output.contains("\u{1B}["))
            #expect(!auto.output.contains("\u{1B}["))
            #expect(Colour.strip(always.output) == never.output)
            #expect(never.output.split(separator: "\n").allSatisfy { $0.count <= PlainTextRenderer.width })
            // Only the table: markdown and CSV stay as they are.
            #expect(!bench(["compare"] + files + ["--color", "always", "--format", "markdown"]).output.contains("\u{1B}["))
            #expect(bench(["compare"] + files + ["--color", "sometimes"]).error.hasPrefix(
                "Error: Unknown choice 'sometimes' for '--color'; the choices are: auto, always, never"))
        }
    }
}
