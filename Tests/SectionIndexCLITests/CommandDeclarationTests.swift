import Foundation
import Testing
@testable import SectionIndex
@testable import SectionIndexCLI

/// Issue 13 items 1, 3 and 4: commands are types whose declarations make the parser, the help
/// and the formats; settings are validated once for options and fixture headers alike.
@Suite("Command declarations, help and writers")
struct CommandDeclarationTests {
    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) -> (status: Int32, out: String, err: String) {
        var descriptors: [Int32] = [0, 0]
        _ = pipe(&descriptors)
        _ = input.utf8CString.withUnsafeBufferPointer { write(descriptors[1], $0.baseAddress, $0.count - 1) }
        close(descriptors[1])
        defer { close(descriptors[0]) }
        let out = OutputBuffer(), err = OutputBuffer()
        let status = Tool.run(arguments, environment: environment, standardInput: descriptors[0], standardOutput: out, standardError: err)
        return (status, out.text, err.text)
    }

    /// The `--name` words of the options section of a help text.
    static func optionNames(inHelp help: String) -> Set<String> {
        let options = help.components(separatedBy: "\noptions:\n")[1].components(separatedBy: "\n\n")[0]
        return Set(options.split(separator: "\n").compactMap { line in
            line.hasPrefix("  --") ? String(line.dropFirst(4).prefix { $0 != " " }) : nil
        })
    }

    @Test("Each subcommand's --help lists exactly the options the parser takes", arguments: Invocation.Subcommand.allCases)
    func helpListsWhatTheParserTakes(subcommand: Invocation.Subcommand) throws {
        let result = Self.run([subcommand.rawValue, "--help"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("section-index \(subcommand.rawValue): "))
        let listed = Self.optionNames(inHelp: result.out)
        // Every listed option (but --help) parses, and an option not listed is refused.
        for name in listed.subtracting(["help"]) {
            let option = subcommand.command.allOptions.first { $0.name == name }
            let value: [String] = switch option?.kind {
            case .flag?: []
            case .choice(let values)?: [values[0]]
            case .value?, nil: [name == "format" ? "text" : ["max-labels", "offset"].contains(name) ? "3" : "x"]
            }
            let arguments = [subcommand.rawValue, "--\(name)"] + value + (subcommand == .search || subcommand == .check ? ["q"] : [])
            let parsed = Result { try Invocation.parse(arguments, environment: [:]) }
            if case .failure(let error) = parsed {
                // Only the style rule may refuse an option on its own (icu-only options under contacts).
                #expect((error as? UsageError)?.message.contains("applies to") == true, "\(arguments): \(error)")
            }
        }
        let all = Set(Invocation.Subcommand.allCases.flatMap { $0.command.allOptions.map(\.name) })
        for name in all.subtracting(listed) {
            #expect(throws: UsageError.self, "--\(name) for \(subcommand)") {
                try Invocation.parse([subcommand.rawValue, "--\(name)", "x", "q"], environment: [:])
            }
        }
        #expect(result.out.contains("usage: \(subcommand.command.synopsis)\n"))
        #expect(result.out.contains("exit codes:"))
    }

    @Test("Help names each format a subcommand prints, and --format accepts exactly those", arguments: Invocation.Subcommand.allCases)
    func formats(subcommand: Invocation.Subcommand) throws {
        let help = Self.run([subcommand.rawValue, "--help"]).out
        let formats = subcommand.command.formats
        if formats.count > 1 {
            #expect(help.contains("--format " + formats.map(\.rawValue).joined(separator: "|")))
        } else {
            #expect(!help.contains("--format"))
        }
        for format in OutputFormat.allCases {
            let arguments = [subcommand.rawValue, "--format", format.rawValue] + (subcommand == .search || subcommand == .check ? ["q"] : [])
            let parsed = try? Invocation.parse(arguments, environment: [:])
            #expect((parsed != nil) == (formats.count > 1 && formats.contains(format)), "\(arguments)")
            #expect(parsed.map { $0.options.format == format } ?? true)
        }
    }

    @Test("group --help is group's; check --help says nothing of name input; the tool's help lists every subcommand")
    func helpTexts() {
        let group = Self.run(["group", "--help"]).out
        #expect(!group.contains("section-index sort"))
        #expect(group.contains("Han names"), "what happens to Han names, where the user looks first")
        let check = Self.run(["check", "--help"]).out
        #expect(!check.contains("name<TAB>reading") && !check.contains("--locale"))
        let tool = Self.run(["--help"]).out
        for subcommand in Invocation.Subcommand.allCases { #expect(tool.contains("  \(subcommand.rawValue) ")) }
        #expect(Self.run(["help", "sort"]).out == Self.run(["sort", "--help"]).out)
        #expect(Self.run(["help"]).out == tool)
        for code in ExitCode.allCases { #expect(tool.contains(" \(code.rawValue) "), "exit code \(code.rawValue) documented") }
    }

    @Test("An option and a fixture header are one setting: the same values allowed, the same message", arguments: [
        ("han", "abacus"), ("style", "fancy"), ("names", "nick"), ("scripts", "some"), ("max-labels", "0"), ("strict", "maybe"),
    ])
    func oneValidator(key: String, value: String) throws {
        let setting = try #require(IndexSettings.settings.first { $0.name == key })
        // The allowed values are the enum's cases, not a second list.
        if key == "han" { #expect(setting.allowedValues == ContactsIndex.HanPolicy.allCases.map(\.rawValue)) }
        let icu = key == "max-labels"
        let header = Fixture(text: "locale: sv\n" + (icu ? "style: icu\n" : "") + "\(key): \(value)\nÅsa -> Å\n", path: "f").check().failures.first
        let option = Self.run(["group", "--locale", "sv"] + (icu ? ["--style", "icu"] : []) + ["--\(key)=\(value)"])
        if key == "strict" {
            // A flag takes no value on the command line; in a header it is on or off.
            #expect(option.err.contains("option '--strict' takes no value"))
            #expect(header?.message == "cannot build the index: invalid value 'maybe' for 'strict:': use one of on, off")
            return
        }
        #expect(option.status == 64)
        let optionMessage = try #require(option.err.split(separator: "\n").first).dropFirst("section-index: ".count)
        let headerMessage = try #require(header?.message.dropFirst("cannot build the index: ".count))
        #expect(optionMessage.replacingOccurrences(of: "--\(key)", with: "\(key):") == headerMessage, "\(optionMessage) | \(headerMessage)")
        #expect(header?.line == (icu ? 3 : 2), "the header's own line")
    }

    @Test("--version prints the tool's, ICU's, CLDR's and Unicode's versions")
    func version() throws {
        let result = Self.run(["--version"])
        #expect(result.status == 0)
        let lines = result.out.split(separator: "\n")
        #expect(lines.first == "section-index \(Tool.version)")
        // The version is the VERSION file's, which a release updates, not a constant of its own.
        let file = try String(contentsOf: ExternalTool.packageRoot.appendingPathComponent("VERSION"), encoding: .utf8)
        #expect(Tool.version == file.trimmingCharacters(in: .whitespacesAndNewlines) && !Tool.version.isEmpty)
        // ICU 72 on Debian bookworm carries CLDR 42 and Unicode 15.0 (ICU 72 release notes).
        #expect(lines.last?.hasPrefix("ICU 72.") == true)
        #expect(result.out.contains("CLDR 42.") && result.out.contains("Unicode 15.0"))
    }

    @Test("Near misses get a suggestion and exit 64", arguments: [
        (["--local", "sv"], "did you mean '--locale'?"),
        (["grup", "names.txt"], "unknown subcommand 'grup'; did you mean 'group'?"),
        (["search", "--mdoe", "prefix", "q"], "did you mean '--mode'?"),
    ])
    func suggestions(arguments: [String], message: String) {
        let result = Self.run(arguments)
        #expect(result.status == 64)
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test("--sample groups the built-in sample even from a pipe; without it a pipe is read")
    func sample() {
        let sample = Self.run(["--sample", "--locale", "en"], input: "Zed\n")
        #expect(sample.status == 0)
        #expect(sample.out.contains("(the built-in sample") && !sample.out.contains("Zed"))
        let piped = Self.run(["--locale", "en"], input: "Zed\n")
        #expect(piped.out == "Z\n  Zed\n")
    }

    @Test("A bad locale from the environment says where it came from; a long locale is cut")
    func localeMessages() {
        let fromEnvironment = Self.run(["labels"], environment: ["LC_ALL": " "])
        #expect(fromEnvironment.status == 64)
        #expect(fromEnvironment.err.contains("LC_ALL"))
        let long = String(repeating: "x", count: 10_000) + " "
        let cut = Self.run(["labels", "--locale", long])
        #expect(cut.status == 64)
        #expect(cut.err.count < 400 && cut.err.contains("(10001 bytes)"))
    }

    // MARK: Writers

    @Test("The JSON encoder escapes, nests and lays out arrays of objects one per line")
    func jsonEncoder() throws {
        let value: JSONValue = .array([.object([("name", .string("A\"\\\n\u{1}\u{2028}")), ("n", .number(-3)), ("b", .bool(true)), ("r", .null),
                                                 ("items", .array([.string("x"), .number(1)]))])])
        let text = value.encoded()
        #expect(text == "[\n  {\"name\":\"A\\\"\\\\\\n\\u0001\\u2028\",\"n\":-3,\"b\":true,\"r\":null,\"items\":[\"x\",1]}\n]")
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
        #expect(parsed?.first?["name"] as? String == "A\"\\\n\u{1}\u{2028}")
        let streamed = OutputBuffer()
        JSONValue.writeArray([JSONValue.object([("a", .number(1))]), .object([("a", .number(2))])], to: streamed)
        #expect(streamed.text == "[\n  {\"a\":1},\n  {\"a\":2}\n]\n")
        let empty = OutputBuffer()
        JSONValue.writeArray([JSONValue](), to: empty)
        #expect(empty.text == "[]\n")
    }

    @Test("The TSV and text writers copy names and readings from the input buffer through its API")
    func groupedWriters() throws {
        let table = try InputDecoding.table(from: Array("Åsa\tåsa\nAnna\nBo\t\n".utf8), source: "t", invalid: .fail)
        let order = GroupedOrder(labels: ["A", "B", "Å"], kinds: [.letter, .letter, .letter],
                                 entries: [(1, 0), (2, 1), (0, 2)])
        let tsv = OutputBuffer(), plain = OutputBuffer()
        TSVWriter.grouped(order, table: table, to: tsv)
        TextWriter.grouped(order, table: table, to: plain)
        #expect(tsv.text == "A\tAnna\nB\tBo\nÅ\tÅsa\tåsa\n", "an empty reading is no reading")
        #expect(plain.text == "A\n  Anna\nB\n  Bo\nÅ\n  Åsa  (åsa)\n")
    }

    @Test("Every subcommand's formats end to end: sort tsv is tab-separated, JSON has index and line", arguments: [
        (["sort", "--locale", "sv", "--format", "tsv"], "Anna\nZoë\nÅsa\tåsa\n"),
        (["sort", "--locale", "sv"], "Anna\nZoë\nÅsa\tåsa\n"),
        (["labels", "--locale", "sv", "--style", "icu", "--max-labels", "3"], nil),
        (["keys", "--locale", "sv", "--format", "tsv"], nil),
        (["search", "--locale", "sv", "--format", "tsv", "an"], "A\tAnna\n"),
    ])
    func formatsEndToEnd(arguments: [String], expected: String?) throws {
        let result = Self.run(arguments, input: "Åsa\tåsa\nZoë\nAnna\n")
        #expect(result.status == 0, "\(result.err)")
        if let expected { #expect(result.out == expected) }
        if arguments.first == "keys" {
            #expect(result.out.split(separator: "\n").map { $0.split(separator: "\t").count } == [3, 2, 2])
        }
        let json = Self.run(arguments.filter { $0 != "tsv" && $0 != "--format" } + ["--format", "json"], input: "Åsa\tåsa\nZoë\nAnna\n")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        for object in objects where object["name"] != nil {
            #expect((object["line"] as? Int).map { $0 - 1 } == object["index"] as? Int)
        }
    }

    // MARK: Failed writes

    @Test("A full disk or a closed standard output ends the run with the error and exit 74")
    func failedWrites() throws {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let errors = OutputBuffer()
        let status = Tool.run(["sort", "--locale", "en"], environment: [:], standardInput: Self.pipeWith("b\na\n"),
                              standardOutput: OutputBuffer(descriptor: full), standardError: errors)
        #expect(status == 74)
        #expect(errors.text.contains("cannot write to standard output: No space left on device"))

        // A descriptor open for reading only: writing to it fails with EBADF, as to a closed
        // one, without the race of a closed number that a parallel test may open again.
        let readOnly = open("/dev/null", O_RDONLY)
        try #require(readOnly >= 0)
        defer { close(readOnly) }
        let closedErrors = OutputBuffer()
        let closed = Tool.run(["sort"], environment: [:], standardInput: Self.pipeWith("a\n"),
                              standardOutput: OutputBuffer(descriptor: readOnly), standardError: closedErrors)
        #expect(closed == 74)
        #expect(closedErrors.text.contains("Bad file descriptor"))
    }

    static func pipeWith(_ text: String) -> Int32 {
        var descriptors: [Int32] = [0, 0]
        _ = pipe(&descriptors)
        _ = text.utf8CString.withUnsafeBufferPointer { write(descriptors[1], $0.baseAddress, $0.count - 1) }
        close(descriptors[1])
        return descriptors[0]
    }

    @Test("| head -1 with SIGPIPE ignored: the binary ends quietly with 141, never 0, never a trace")
    func closedPipe() throws {
        let binary = try #require(BadInputEndToEndTests.executable)
        let bash = try #require(ExternalTool.path(of: "bash"))
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("section-index-pipe-\(UUID().uuidString).txt")
        try (1...300_000).map(String.init).joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: list) }
        let script = "trap '' PIPE; \"$0\" sort --locale en \"$1\" | head -1; echo \"status ${PIPESTATUS[0]}\""
        let run = try ExternalTool.run(bash, ["-c", script, binary.path, list.path])
        #expect(run.text == "1\nstatus 141\n")
        #expect(run.errors.isEmpty)
    }
}

/// The benchmark's own parser (issue 13): a malformed value is refused, never the default.
@Suite("Benchmark arguments")
struct BenchArgumentTests {
    @Test("--count abc, a missing value and an unknown mode exit 64 naming the option", arguments: [
        (["--count", "abc"], "'--count' needs a positive whole number, not 'abc'"),
        (["--count", "0"], "'--count' needs a positive whole number, not '0'"),
        (["--queries"], "option '--queries' needs a value"),
        (["--modes", "engine-icu,fast"], "unknown mode 'fast' for '--modes'"),
        (["--bogus"], "unknown argument '--bogus'"),
    ])
    func refused(arguments: [String], message: String) throws {
        let binary = try #require(BadInputEndToEndTests.executable?.deletingLastPathComponent().appendingPathComponent("section-index-bench"))
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "section-index-bench is built beside the tests")
        let run = try ExternalTool.run(binary.path, arguments, timeout: 30)
        #expect(run.status == 64)
        #expect(run.errors.contains(message), "\(run.errors)")
        #expect(run.output.isEmpty)
    }
}
