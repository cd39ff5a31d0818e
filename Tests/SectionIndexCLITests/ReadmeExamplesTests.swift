import Foundation
import Testing

/// Issue 14, item 4, and issue 35: every shell example of README.md and of the documents
/// beside it runs as written and prints what the document says it prints.
///
/// The documents' convention: in a ```sh block, the lines starting with `# ` under a command
/// are its output (`#` alone an empty line, `\t` a tab, a line `...` any number of lines, `...`
/// inside a line any text). A command with no such lines must print nothing. Each document's
/// blocks run in order in an empty directory of its own (later examples use the files earlier
/// ones write), with the built `section-index` first on PATH, `swift run section-index` read
/// as `section-index`, and `Fixtures/` linked from the package for the `check` example; then
/// all of them run a second time in the same directory, so an example that only works once
/// (a table that doubles its rows) fails. Blocks that build, install, benchmark or fuzz the
/// package itself (`bash .ci/…`, `swift test`, `swift run -c release`, `swift run fuzz-…`) are
/// what CI runs anyway; they are listed, not run. Blocks that need a PostgreSQL server or
/// Spark are run by `KeysAtScaleTests`, on a large list.
@Suite("README examples")
struct ReadmeExamplesTests {
    /// Code lines and the output the document shows under them.
    struct Step {
        var line: Int
        var code: String
        var expected: [String]
    }

    struct Block {
        var line: Int
        var text: String
        var steps: [Step]
    }

    /// Each Markdown document at the top of the package, with how many of its steps at least
    /// run and how many of those show their output: a count that drops means examples were
    /// lost, or no longer found.
    static let documents: [(name: String, steps: Int, withOutput: Int)] = [
        ("README.md", 5, 4), ("CommandLine.md", 20, 15),
        ("Benchmarks.md", 0, 0), ("Robustness.md", 0, 0), ("Contributing.md", 0, 0),
    ]

    /// The command line by example: the recipes `KeysAtScaleTests` runs are there.
    static let commandLineGuide = ExternalTool.packageRoot.appendingPathComponent("CommandLine.md")

    /// The ```sh blocks, each cut into steps: the code up to a blank line or to the output
    /// lines under it.
    static func blocks(of markdown: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        var code: [String] = [], codeLine = 0, expected: [String] = []
        func finishStep() {
            if !code.isEmpty { current?.steps.append(Step(line: codeLine, code: code.joined(separator: "\n"), expected: expected)) }
            code = []
            expected = []
        }
        for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            if current == nil {
                if line == "```sh" { current = Block(line: number + 1, text: "", steps: []) }
                continue
            }
            if line == "```" {
                finishStep()
                blocks.append(current!)
                current = nil
                continue
            }
            current!.text += line + "\n"
            if line == "#" || line.hasPrefix("# ") {
                expected.append(String(line.dropFirst(2)).replacingOccurrences(of: "\\t", with: "\t"))
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty {
                finishStep()
            } else {
                if !expected.isEmpty { finishStep() }
                if code.isEmpty { codeLine = number + 1 }
                code.append(line)
            }
        }
        return blocks
    }

    /// A block that builds, installs, benchmarks or fuzzes the package rather than using the tool.
    static func buildsThePackage(_ block: Block) -> Bool {
        ["bash .ci/", "swift test", "swift run -c release", "swift run fuzz-"].contains { block.text.contains($0) }
    }

    /// A block that needs a PostgreSQL server or Apache Spark: the `Keys at scale` suite runs it
    /// (against a cluster of its own, on a large list) instead.
    static func runsAtScale(_ block: Block) -> Bool {
        block.text.contains("psql") || block.text.contains("pyspark")
    }

    /// Whether output lines match the document's expected lines (`...` a wildcard).
    static func matches(_ output: [Substring], _ expected: [String]) -> Bool {
        guard let pattern = expected.first else { return output.isEmpty }
        if pattern == "..." {
            return (0...output.count).contains { matches(output.dropFirst($0).map { $0 }, Array(expected.dropFirst())) }
        }
        guard let line = output.first, matches(line: line, pattern) else { return false }
        return matches(Array(output.dropFirst()), Array(expected.dropFirst()))
    }

    static func matches(line: Substring, _ pattern: String) -> Bool {
        let pieces = pattern.components(separatedBy: "...")
        guard pieces.count > 1 else { return line == pattern }
        guard line.hasPrefix(pieces[0]), line.dropFirst(pieces[0].count).hasSuffix(pieces[pieces.count - 1]) else { return false }
        var rest = line.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    @Test("The expected-output notation: exact lines, ... for lines or text left out")
    func notation() {
        #expect(Self.matches(["A", "B"], ["A", "B"]))
        #expect(!Self.matches(["A", "B"], ["A"]))
        #expect(!Self.matches(["A"], []))
        #expect(Self.matches(["A", "B", "C", "D"], ["A", "...", "D"]))
        #expect(Self.matches(["A", "D"], ["A", "...", "D"]))
        #expect(!Self.matches(["A", "C"], ["A", "...", "D"]))
        #expect(Self.matches(["2435 passed, 0 failed"], ["... passed, 0 failed"]))
        #expect(!Self.matches(["2435 passed, 1 failed"], ["... passed, 0 failed"]))
        #expect(Self.matches(["A B C X Y Z"], ["A B ... Y Z"]))
        #expect(!Self.matches(["A B"], ["A B ... B"]), "the prefix and the suffix may not overlap")
        let blocks = Self.blocks(of: "text\n```sh\nprintf 'a\\tb' > f\n\ncat f\n# a\\tb\ncat f | wc -l\n#\n```\n```swift\nx\n```\n")
        #expect(blocks.count == 1)
        #expect(blocks.first?.steps.map(\.code) == ["printf 'a\\tb' > f", "cat f", "cat f | wc -l"])
        #expect(blocks.first?.steps.map(\.expected) == [[], ["a\tb"], [""]])
        #expect(blocks.first?.steps.map(\.line) == [3, 5, 7])
    }

    @Test("Every Markdown document at the top of the package is one whose examples run")
    func everyDocumentIsChecked() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: ExternalTool.packageRoot.path)
            .filter { $0.hasSuffix(".md") }
        #expect(Set(names) == Set(Self.documents.map(\.name)))
    }

    @Test("Every shell example in a document runs as written and prints what the document shows",
          arguments: Self.documents.map(\.name))
    func documentExamples(_ document: String) throws {
        let binary = try #require(BadInputEndToEndTests.executable, "section-index is not built next to the tests")
        let bash = try #require(ExternalTool.path(of: "bash"))
        let text = try String(contentsOf: ExternalTool.packageRoot.appendingPathComponent(document), encoding: .utf8)
        let minimum = try #require(Self.documents.first { $0.name == document })
        let blocks = Self.blocks(of: text)
        let runnable = blocks.filter { !Self.buildsThePackage($0) && !Self.runsAtScale($0) }
        for block in blocks where Self.runsAtScale(block) {
            print("\(document) line \(block.line): run by the 'Keys at scale' suite (PostgreSQL or Spark)")
        }
        // A block left out holds nothing but commands on the package itself.
        for block in blocks where Self.buildsThePackage(block) {
            for step in block.steps {
                #expect(step.code.split(separator: "\n").allSatisfy { $0.hasPrefix("bash .ci/") || $0.hasPrefix("swift ") },
                        "\(document):\(step.line) is not run, so it may only build, test, install or fuzz the package")
            }
        }
        #expect(runnable.flatMap(\.steps).count >= minimum.steps, "the examples of \(document) were found")
        #expect(runnable.flatMap(\.steps).filter { !$0.expected.isEmpty }.count >= minimum.withOutput, "and what they print")

        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("Fixtures"),
                                                   withDestinationURL: ExternalTool.packageRoot.appendingPathComponent("Fixtures"))
        // Only the tool and the system: no locale from the environment, no `swift`.
        let environment = ["PATH": binary.deletingLastPathComponent().path + ":/usr/local/bin:/usr/bin:/bin", "HOME": directory.path]
        let hasSQLite = ExternalTool.path(of: "sqlite3") != nil
        for round in 1...2 {
            for step in runnable.flatMap(\.steps) {
                if step.code.contains("sqlite3"), !hasSQLite {
                    print("\(document) line \(step.line): skipped, sqlite3 is not installed (bash .ci/install-dependencies --test-tools)")
                    continue
                }
                let code = step.code.replacingOccurrences(of: "swift run section-index", with: "section-index")
                let script = "set -eo pipefail\ncd '\(directory.path)'\n" + code + "\n"
                let run = try ExternalTool.run(bash, ["-c", script], environment: environment)
                let where_ = "\(document):\(step.line) (run \(round))"
                #expect(run.status == 0, "\(where_): exit \(run.status)\n\(step.code)\n\(run.errors)")
                var lines = run.text.split(separator: "\n", omittingEmptySubsequences: false)
                if lines.last == "" { lines.removeLast() }
                #expect(Self.matches(lines, step.expected),
                        "\(where_): \(step.code)\nprints:\n\(run.text)\nthe document shows:\n\(step.expected.joined(separator: "\n"))")
            }
        }
    }
}
