import Foundation
import Testing
@testable import SectionIndexCLI

/// Issue 8, bad input: every kind of input or command line that is wrong gets an exit code
/// and a message naming what was wrong; input that is merely unusual (CRLF, a BOM, an empty
/// file, a 10 MB line) is read with nothing lost. Exit codes are BSD's sysexits
/// (`ExitCode`), messages are the tool's own.
@Suite("Bad input (command line)")
struct BadInputTests {
    /// What one run of the tool did.
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs the tool with `input` as standard input (a temporary file) and, when `asFile`, as
    /// the FILE argument instead.
    static func run(_ arguments: [String], input: [UInt8] = [], asFile: Bool = false) throws -> Run {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("section-index-bad-input-\(UUID().uuidString).txt")
        try Data(input).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(asFile ? "/dev/null" : url.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let output = OutputBuffer(), errors = OutputBuffer()
        let status = Tool.run(asFile ? arguments + [url.path] : arguments, environment: [:],
                              standardInput: descriptor, standardOutput: output, standardError: errors)
        return Run(status: status, output: output.text, errors: errors.text)
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    // MARK: Invalid UTF-8 and NUL

    @Test("Invalid UTF-8 fails with exit 65, naming the line and the byte", arguments: [
        (bytes("Anna\nBo") + [0xFF] + bytes("b\n"), "line 2, byte 2 (offset 7 in the input): invalid UTF-8 byte 0xFF"),
        ([0xEF, 0xBB, 0xBF] + bytes("Anna\n") + [0x80], "line 2, byte 0 (offset 8 in the input): invalid UTF-8 byte 0x80"),
        // Overlong encoding of "/".
        ([0xC0, 0xAF], "line 1, byte 0 (offset 0 in the input): invalid UTF-8 byte 0xC0"),
        // An encoded surrogate (U+D800).
        (bytes("a") + [0xED, 0xA0, 0x80], "line 1, byte 1 (offset 1 in the input): invalid UTF-8 sequence starting with byte 0xED"),
        // Above U+10FFFF.
        ([0xF4, 0x90, 0x80, 0x80], "line 1, byte 0 (offset 0 in the input): invalid UTF-8 sequence starting with byte 0xF4"),
        // The input ends inside a sequence.
        (bytes("Zoë\n") + [0xE2, 0x82], "line 2, byte 0 (offset 5 in the input): truncated UTF-8 sequence"),
        // CRLF line ends count as one line end each.
        (bytes("A\r\nB\r\n") + [0xFE], "line 3, byte 0 (offset 6 in the input): invalid UTF-8 byte 0xFE"),
        (bytes("Anna\nB\0b\n"), "line 2, byte 1 (offset 6 in the input): NUL byte"),
    ] as [([UInt8], String)])
    func invalidUTF8(input: [UInt8], message: String) throws {
        for (subcommand, source) in [(["group"], "standard input"), (["sort"], "standard input"), (["labels", "-"], "standard input")] {
            let result = try Self.run(subcommand + ["--locale", "en"], input: input)
            #expect(result.status == ExitCode.dataError.rawValue, "\(subcommand)")
            #expect(result.errors.contains("section-index: \(source): " + message), "\(subcommand): \(result.errors)")
            #expect(result.errors.contains("--invalid replace"))
            #expect(result.output.isEmpty, "nothing is printed from input that was refused")
        }
    }

    /// The judge of a line (what `labels` checks each line with before cutting it): a problem
    /// at any offset, after any run of ASCII and a two-byte letter, is found at its own byte
    /// and named by what UTF-8 forbids there.
    @Test("The first problem of a line is found at its own byte, wherever it stands", arguments: [
        ([0x00], "NUL byte"),
        ([0xFF], "invalid UTF-8 byte 0xFF"),                              // never a UTF-8 byte
        ([0xC0, 0x80], "invalid UTF-8 byte 0xC0"),                        // overlong lead
        ([0xE2, 0x61], "invalid UTF-8 sequence starting with byte 0xE2"),  // a lead without continuation
        ([0xED, 0xA0, 0x80], "invalid UTF-8 sequence starting with byte 0xED"),  // a surrogate, U+D800
    ] as [([UInt8], String)])
    func firstProblemAtEveryOffset(bad: [UInt8], problem: String) {
        for offset in 0..<20 {
            // ASCII, then a well-formed two-byte letter (é), then the bad bytes, then ASCII.
            let before = Array(String(repeating: "abcdefgh", count: 3).utf8.prefix(offset))
            let line = before + [0xC3, 0xA9] + bad + Array("ijklmnopqrstuvwx".utf8)
            let found = line.withUnsafeBufferPointer { InputDecoding.firstProblem(in: $0) }
            #expect(found?.0 == offset + 2, "offset \(offset)")
            #expect(found?.1 == problem, "offset \(offset)")
        }
        // A line that is well-formed throughout, of every length around a word's, has none.
        for length in 0..<20 {
            let line = Array(String(repeating: "añb", count: length).utf8)
            #expect(line.withUnsafeBufferPointer { InputDecoding.firstProblem(in: $0) } == nil)
        }
        // A truncated sequence at the very end of a line.
        let truncated = Array("abcdefghij".utf8) + [0xE2, 0x82]
        #expect(truncated.withUnsafeBufferPointer { InputDecoding.firstProblem(in: $0) }?.1 == "truncated UTF-8 sequence")
    }

    @Test("A FILE with invalid UTF-8 is named in the message")
    func invalidUTF8InFile() throws {
        let result = try Self.run(["--locale", "en"], input: Self.bytes("Anna\n") + [0xC3, 0x28], asFile: true)
        #expect(result.status == 65)
        #expect(result.errors.contains("section-index-bad-input-"))
        #expect(result.errors.contains(": line 2, byte 0 (offset 5 in the input): invalid UTF-8 sequence starting with byte 0xC3"))
    }

    @Test("--invalid replace reads every line, with U+FFFD for each bad sequence and for NUL")
    func invalidReplace() throws {
        let input = Self.bytes("Anna\nBo") + [0xFF] + Self.bytes("b\nC\0arl\nDan") + [0xE2, 0x82]
        let result = try Self.run(["--locale", "en", "--format", "tsv", "--invalid", "replace"], input: input)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        #expect(result.output == "A\tAnna\nB\tBo\u{FFFD}b\nC\tC\u{FFFD}arl\nD\tDan\u{FFFD}\n")

        let sorted = try Self.run(["sort", "--locale", "en", "--invalid=replace"], input: input)
        #expect(sorted.status == 0)
        #expect(sorted.output.split(separator: "\n").count == 4)
    }

    @Test("--invalid takes only fail or replace")
    func invalidPolicyValues() throws {
        let result = try Self.run(["--invalid", "skip"], input: Self.bytes("Anna\n"))
        #expect(result.status == 64)
        #expect(result.errors.contains("invalid value 'skip' for '--invalid': use one of fail, replace"))
    }

    // MARK: Line ends, BOM, empty input, long lines

    @Test("CRLF line ends, a missing final line end and a leading BOM are read; names keep their text")
    func lineEndsAndBOM() throws {
        let input = [0xEF, 0xBB, 0xBF] + Self.bytes("Zoë\r\nAnna\r\n\u{FEFF}Bob\nCarl")
        let result = try Self.run(["--locale", "en", "--format", "json"], input: input)
        #expect(result.status == 0)
        #expect(!result.output.contains("\\r"), "CR belongs to the line end, not to the name")
        #expect(result.output.contains("{\"name\":\"Zoë\",\"reading\":null,\"index\":0,\"line\":1}"), "the BOM at the start is dropped")
        // A BOM inside the text is a character of the name (default-ignorable: placed by B).
        #expect(result.output.contains("{\"name\":\"\u{FEFF}Bob\",\"reading\":null,\"index\":2,\"line\":3}"))
        #expect(result.output.contains("{\"name\":\"Carl\",\"reading\":null,\"index\":3,\"line\":4}"))
        let sorted = try Self.run(["sort", "--locale", "en"], input: input)
        #expect(sorted.output == "Anna\n\u{FEFF}Bob\nCarl\nZoë\n")
    }

    @Test("An empty file is an empty list: no sections, exit 0, nothing on stderr", arguments: [
        (["--locale", "en"], ""), (["--locale", "en", "--format", "tsv"], ""),
        (["--locale", "en", "--format", "json"], "[]\n"), (["sort", "--locale", "en"], ""),
        (["sort", "--locale", "en", "--format", "json"], "[]\n"), (["--locale", "en", "--style", "icu"], ""),
    ])
    func emptyFile(arguments: [String], expected: String) throws {
        for asFile in [false, true] {
            let result = try Self.run(arguments, input: [], asFile: asFile)
            #expect(result.status == 0)
            #expect(result.output == expected, "\(arguments)")
            #expect(result.errors.isEmpty)
        }
        // Only a BOM, or one line end: still nothing lost. One empty line is one empty name.
        #expect(try Self.run(["--locale", "en", "--format", "tsv"], input: [0xEF, 0xBB, 0xBF]).output == "")
        #expect(try Self.run(["--locale", "en", "--format", "tsv"], input: [0x0A]).output == "#\t\n")
    }

    @Test("A 10 MB line is one name, kept whole", arguments: [
        ("en", "A", "A"), ("zh", "张", "Z"), ("ja", "ア", "あ"), ("ko", "가", "ㄱ"),
    ])
    func tenMegabyteLine(locale: String, unit: String, label: String) throws {
        let count = 10_000_000 / unit.utf8.count
        let long = String(repeating: unit, count: count)
        let input = Self.bytes("Zoë\n") + Self.bytes(long) + Self.bytes("\nBob\n")
        let result = try Self.run(["--locale", locale, "--format", "tsv"], input: input, asFile: true)
        #expect(result.status == 0, "locale \(locale): \(result.errors)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4, "locale \(locale): three names and the final line end")
        let longLine = try #require(lines.first { $0.utf8.count > 1000 })
        // Compared without printing 10 MB when they differ.
        #expect(longLine.hasPrefix("\(label)\t"), "locale \(locale): \(longLine.prefix(8))")
        #expect(longLine.dropFirst(label.count + 1) == long, "locale \(locale): the name is not kept whole")
        #expect(Set(lines.map { $0.split(separator: "\t").last.map(String.init) ?? "" }).isSuperset(of: ["Zoë", "Bob"]))
    }

    // MARK: Locales

    @Test("An ill-formed locale is a usage error (exit 64) naming the locale", arguments: [
        ("en_US@@", "ill-formed locale 'en_US@@'"),
        ("@@@", "ill-formed locale '@@@'"),
        (String(repeating: "a", count: 300), "longer than 156 bytes"),
        ("en-" + String(repeating: "abcdefgh-", count: 33) + "x", "longer than 156 bytes"),
        ("", "ill-formed locale '': it is empty"),
        ("en US", "only ASCII letters, digits"),
        ("sv-", "ill-formed locale 'sv-': not a well-formed BCP 47 language tag"),
        ("zh@collation=stroke@", "ill-formed locale 'zh@collation=stroke@'"),
    ])
    func illFormedLocale(locale: String, message: String) throws {
        // An empty --also is an empty list, not an ill-formed locale.
        let also = locale.isEmpty ? [] : [["--locale", "en", "--also", locale]]
        for arguments in [["--locale", locale], ["--style", "icu", "--locale", locale],
                          ["sort", "--locale", locale], ["labels", "--locale", locale]] + also {
            let result = try Self.run(arguments, input: Self.bytes("Anna\n"))
            #expect(result.status == ExitCode.usage.rawValue, "\(arguments.prefix(2))")
            #expect(result.errors.contains(message), "\(arguments.prefix(2)): \(result.errors)")
            #expect(result.output.isEmpty)
        }
    }

    @Test("A well-formed locale ICU has no data for is served from root with a warning", arguments: [
        "xx", "tlh", "qaa", "xx-Latn-AQ",
    ])
    func rootFallback(locale: String) throws {
        for arguments in [["--locale", locale], ["--locale", locale, "--style", "icu"], ["sort", "--locale", locale]] {
            let result = try Self.run(arguments, input: Self.bytes("Zoë\nAnna\n"))
            #expect(result.status == 0, "\(arguments)")
            #expect(result.errors == "section-index: warning: ICU has no data for locale '\(locale)'; using root collation (--strict refuses this)\n")
            #expect(result.output.contains("Anna") && result.output.contains("Zoë"))
        }
    }

    @Test("--strict refuses a locale ICU has no data for (exit 64)", arguments: ["xx", "tlh"])
    func strictRefuses(locale: String) throws {
        for arguments in [["--locale", locale, "--strict"], ["--locale", locale, "--style", "icu", "--strict"],
                          ["sort", "--strict", "--locale", locale], ["labels", "--strict", "--locale", locale]] {
            let result = try Self.run(arguments, input: Self.bytes("Anna\n"))
            #expect(result.status == 64, "\(arguments)")
            #expect(result.errors.contains("unknown locale '\(locale)': ICU has no data for it and would use root collation"))
            #expect(result.output.isEmpty)
        }
        // The same for a locale given with --also.
        for arguments in [["--locale", "en", "--also", "ru,\(locale)", "--strict"], ["--style", "icu", "--locale", "en", "--also", locale, "--strict"]] {
            let result = try Self.run(arguments, input: Self.bytes("Anna\n"))
            #expect(result.status == 64, "\(arguments)")
            #expect(result.errors.contains("unknown locale '\(locale)': ICU has no data for it and would use root collation"))
        }
        let warned = try Self.run(["--locale", "en", "--also", "ru,\(locale)"], input: Self.bytes("Anna\n"))
        #expect(warned.status == 0 && warned.output == "A\n  Anna\n")
        #expect(warned.errors == "section-index: warning: ICU has no data for locale '\(locale)' (--also); using root's labels (--strict refuses this)\n")
        // A locale ICU has data for passes --strict without a warning.
        let fine = try Self.run(["--locale", "sv", "--strict"], input: Self.bytes("Åsa\n"))
        #expect(fine.status == 0 && fine.errors.isEmpty && fine.output == "Å\n  Åsa\n")
    }

    // MARK: Options

    @Test("Conflicting and unknown options are usage errors (exit 64) naming the option", arguments: [
        (["--locale", "sv", "--locale", "fi"], "conflicting values for '--locale': 'sv' and 'fi'"),
        (["--format", "json", "--format=tsv"], "conflicting values for '--format': 'json' and 'tsv'"),
        (["--style", "icu", "--han", "pinyin"], "'--han' applies to --style contacts, not --style icu"),
        (["--style", "icu", "--scripts", "none"], "'--scripts' applies to --style contacts"),
        (["--inflow", "~"], "'--inflow' applies to --style icu only"),
        (["--style", "icu", "--max-labels", "-3"], "'--max-labels' needs a positive whole number, not '-3'"),
        (["--style", "icu", "--max-labels", "many"], "'--max-labels' needs a positive whole number, not 'many'"),
        (["--bogus"], "unknown option '--bogus' for 'group'"),
        (["-x"], "unknown option '-x'"),
        (["sort", "--style", "icu"], "unknown option '--style' for 'sort'"),
        (["check", "--locale", "sv", "a.fixture"], "unknown option '--locale' for 'check'"),
        (["--han"], "option '--han' needs a value"),
        (["--han", "cantonese"], "invalid value 'cantonese' for '--han'"),
        (["--strict=yes"], "option '--strict' takes no value"),
        (["sort", "a.txt", "b.txt"], "unexpected argument 'b.txt'"),
        (["sort", "--format", "html"], "'--format html' is for 'group' only"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try Self.run(arguments, input: Self.bytes("Anna\n"))
        #expect(result.status == ExitCode.usage.rawValue)
        #expect(result.errors.hasPrefix("section-index: " + message), "\(result.errors)")
        #expect(result.errors.contains("usage: section-index"))
        #expect(result.output.isEmpty)
    }

    @Test("A FILE that cannot be read: exit 66 when missing, 74 when unreadable")
    func unreadableFile() throws {
        let missing = try Self.run(["--locale", "en", "/nonexistent/names.txt"])
        #expect(missing.status == ExitCode.noInput.rawValue)
        #expect(missing.errors == "section-index: cannot read '/nonexistent/names.txt': No such file or directory\n")
        let directory = try Self.run(["sort", "--locale", "en", FileManager.default.temporaryDirectory.path])
        #expect(directory.status == ExitCode.ioError.rawValue)
        #expect(directory.errors.contains("Is a directory"))
    }

    // MARK: Fixtures

    @Test("check names the file, line and problem of every malformed fixture line")
    func malformedFixture() throws {
        let text = """
        locale: sv
        Åsa -> Å
        this line is junk
        Åsa -> \\q
        \\u{D800}x -> A
        order: A
        Zoë ->\u{20}
        locale: en
        Östen -> Ö

        """
        let result = try Self.run(["check"], input: Self.bytes(text), asFile: true)
        #expect(result.status == ExitCode.failure.rawValue)
        let lines = result.output.split(separator: "\n").map { String($0.drop { $0 != ":" }) }
        #expect(lines.dropLast() == [
            ":3: malformed line: not a comment, header, case (NAME -> LABEL) or order line",
            ":4: malformed line: unknown escape '\\q': use \\u{XXXX}, \\\\ or \\#",
            ":5: malformed line: \\u{D800} is not a Unicode scalar value (1–6 hex digits, no surrogates)",
            ":6: malformed line: an order line needs at least two entries separated by ' < '",
            ":7: malformed line: the label after ' -> ' is empty",
            ":8: malformed line: header 'locale:' after the first case; headers come first",
        ])
        #expect(result.output.hasSuffix("2 passed, 6 failed\n"))
    }

    @Test("check reads fixtures with CRLF line ends and a BOM")
    func crlfFixture() throws {
        let result = try Self.run(["check"], input: [0xEF, 0xBB, 0xBF] + Self.bytes("locale: sv\r\nÅsa -> Å\r\nZoë -> Z\r\norder: Zoë < Åsa\r\n"), asFile: true)
        #expect(result.output == "3 passed, 0 failed\n")
        #expect(result.status == 0)
    }

    @Test("check reports a fixture that is not UTF-8, has no locale, or cannot be read")
    func unusableFixtures() throws {
        let invalid = try Self.run(["check"], input: Self.bytes("locale: sv\nÅsa -> Å\nB") + [0xFF], asFile: true)
        #expect(invalid.status == 1)
        #expect(invalid.output.contains(":3: malformed line: invalid UTF-8 byte 0xFF at byte offset 23\n"))
        #expect(invalid.output.hasSuffix("1 passed, 1 failed\n"), "the line before the bad one is still checked")
        let noLocale = try Self.run(["check"], input: Self.bytes("Åsa -> Å\n"), asFile: true)
        #expect(noLocale.status == 1)
        #expect(noLocale.output.contains(":1: malformed line: no 'locale:' header"))
        let badLocale = try Self.run(["check"], input: Self.bytes("locale: @@@\nÅsa -> Å\n"), asFile: true)
        #expect(badLocale.status == 1)
        #expect(badLocale.output.contains(":1: cannot build the index: ill-formed locale '@@@'"))
        #expect(badLocale.output.contains(":2: not checked: the index could not be built"))
        let missing = try Self.run(["check", "/nonexistent.fixture"])
        #expect(missing.status == 66, "EX_NOINPUT, as for a missing FILE")
        #expect(missing.output.hasPrefix("/nonexistent.fixture:0: cannot read the fixture: cannot read '/nonexistent.fixture': No such file or directory\n"))
    }
}

/// Issue 38, "Nothing misleading, third round": each broken promise an adversarial run found.
extension BadInputTests {
    // MARK: Item 6: --sample with a FILE

    @Test("--sample with a FILE is a usage error naming the FILE, not a FILE silently ignored", arguments: [
        ["group", "--sample", "names.txt"], ["--sample", "names.txt"], ["search", "--sample", "an", "names.txt"],
    ])
    func sampleWithFile(arguments: [String]) throws {
        let result = try Self.run(arguments)
        #expect(result.status == ExitCode.usage.rawValue)
        #expect(result.errors.hasPrefix("section-index: '--sample' takes no FILE: it replaces the input, so 'names.txt' would be ignored"), "\(result.errors)")
        #expect(result.output.isEmpty)
        // Without the FILE the sample is still grouped and searched.
        #expect(try Self.run(Array(arguments.dropLast())).status == 0)
    }

    // MARK: Item 9: numbers, one rule

    @Test("A number option takes digits only: a sign is refused whichever it is", arguments: [
        (["keys", "--offset", "-0"], "'--offset' takes a whole number from 0 to 4294967295, not '-0'"),
        (["keys", "--offset=+5"], "'--offset' takes a whole number from 0 to 4294967295, not '+5'"),
        (["keys", "--offset", "-1"], "'--offset' takes a whole number from 0 to 4294967295, not '-1'"),
        (["keys", "--offset", " 5"], "'--offset' takes a whole number from 0 to 4294967295, not ' 5'"),
        (["--style", "icu", "--max-labels", "+5"], "'--max-labels' needs a positive whole number, not '+5'"),
        (["--style", "icu", "--max-labels", "-0"], "'--max-labels' needs a positive whole number, not '-0'"),
    ])
    func signedNumbers(arguments: [String], message: String) throws {
        let result = try Self.run(arguments + ["--locale", "en"], input: Self.bytes("Anna\n"))
        #expect(result.status == ExitCode.usage.rawValue)
        #expect(result.errors.hasPrefix("section-index: " + message), "\(result.errors)")
    }

    @Test("Digits are still numbers: --offset 05 is 5, --max-labels 007 is 7")
    func digitNumbers() throws {
        let padded = try Self.run(["keys", "--locale", "en", "--format", "json", "--offset", "05"], input: Self.bytes("Anna\n"))
        #expect(padded.status == 0)
        #expect(padded.output.contains("\"index\":5,"))
        #expect(try Self.run(["--locale", "en", "--style", "icu", "--max-labels", "007"], input: Self.bytes("Anna\n")).status == 0)
    }

    // MARK: Item 9: standard input has one name

    @Test("Standard input is 'standard input' in every message, given as - or not", arguments: [
        ["sort"], ["sort", "-"], ["labels", "-"], ["keys", "-"], ["search", "a", "-"], ["check", "-"],
    ])
    func standardInputName(arguments: [String]) throws {
        // A directory as standard input: reading it fails.
        let descriptor = open(FileManager.default.temporaryDirectory.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let output = OutputBuffer(), errors = OutputBuffer()
        let status = Tool.run(arguments + (arguments[0] == "check" ? [] : ["--locale", "en"]), environment: [:],
                              standardInput: descriptor, standardOutput: output, standardError: errors)
        let said = output.text + errors.text
        #expect(said.contains("cannot read 'standard input': Is a directory"), "\(arguments): \(said)")
        #expect(!said.contains("'-'") && !said.hasPrefix("-:"), "\(arguments): \(said)")
        #expect(status == ExitCode.ioError.rawValue)
        if arguments[0] == "check" { #expect(output.text.hasPrefix("standard input:0: cannot read the fixture")) }
    }

    // MARK: Item 5: arguments that are not UTF-8

    /// Runs the tool with arguments given as bytes, as `main` gets them from the system.
    static func run(rawArguments: [[UInt8]], input: [UInt8]) throws -> Run {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("section-index-raw-\(UUID().uuidString).txt")
        try Data(input).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let output = OutputBuffer(), errors = OutputBuffer()
        let status = Tool.run(RawArguments(rawArguments), environment: [:], standardInput: descriptor,
                              standardOutput: output, standardError: errors)
        return Run(status: status, output: output.text, errors: errors.text)
    }

    @Test("An option value or QUERY that is not UTF-8 is exit 64 naming it and the byte, never taken as text", arguments: [
        ([bytes("--style"), bytes("icu"), bytes("--overflow"), bytes("X") + [0xFF] + bytes("Y")],
         "the value of '--overflow' is not UTF-8: 'X\\xFFY' has byte 0xFF at offset 1"),
        ([bytes("--style=icu"), bytes("--overflow=X") + [0xFF] + bytes("Y")],
         "the value of '--overflow' is not UTF-8: 'X\\xFFY' has byte 0xFF at offset 1"),
        ([bytes("--labels"), bytes("Sch") + [0xFF]], "the value of '--labels' is not UTF-8: 'Sch\\xFF' has byte 0xFF at offset 3"),
        ([bytes("--locale"), bytes("sv") + [0xC3]], "the value of '--locale' is not UTF-8: 'sv\\xC3' has byte 0xC3 at offset 2"),
        ([bytes("search"), [0xFF]], "QUERY is not UTF-8: '\\xFF' has byte 0xFF at offset 0"),
        // A well-formed sequence before the bad byte counts its own bytes.
        ([bytes("search"), bytes("Zoë") + [0xE9]], "QUERY is not UTF-8: 'Zoë\\xE9' has byte 0xE9 at offset 4"),
        ([bytes("--lo") + [0xE9]], "unknown option '--lo\\xE9' (not UTF-8: byte 0xE9 at offset 4)"),
    ] as [([[UInt8]], String)])
    func argumentNotUTF8(arguments: [[UInt8]], message: String) throws {
        let result = try Self.run(rawArguments: arguments, input: Self.bytes("Anna\n\u{10FFFF}\n"))
        #expect(result.status == ExitCode.usage.rawValue)
        #expect(result.errors.hasPrefix("section-index: " + message), "\(result.errors)")
        #expect(result.output.isEmpty, "nothing printed from an argument the tool could not read")
    }

    @Test("A valid U+10FFFF in an argument is text, and a FILE that is not UTF-8 is still opened by its bytes")
    func argumentsThatAreFine() throws {
        // U+10FFFF written as UTF-8 is a character like any other: the labels are taken.
        let labels = try Self.run(rawArguments: [Self.bytes("--labels"), Self.bytes("A \u{10FFFF}")], input: Self.bytes("Anna\n"))
        #expect(labels.status == 0, "\(labels.errors)")
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = Self.bytes(directory.path + "/lat") + [0xE9] + Self.bytes(".txt")
        let descriptor = (path + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o600) } }
        try #require(descriptor >= 0)
        _ = Self.bytes("Zoë\nAnna\n").withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let sorted = try Self.run(rawArguments: [Self.bytes("sort"), Self.bytes("--locale"), Self.bytes("en"), path], input: [])
        #expect(sorted.status == 0, "\(sorted.errors)")
        #expect(sorted.output == "Anna\nZoë\n")
    }

    // MARK: Item 1: one bad line in a fixture

    @Test("A fixture line that is not UTF-8 fails on its own: every other line is checked and counted", arguments: [
        ([0xFF], "invalid UTF-8 byte 0xFF at byte offset 33"),
        ([0x00], "NUL byte at byte offset 33"),
        ([0xC3, 0x28], "invalid UTF-8 sequence starting with byte 0xC3 at byte offset 33"),
    ] as [([UInt8], String)])
    func fixtureWithBadLine(bad: [UInt8], problem: String) throws {
        // Line 4 is "An<bad>na -> A"; its offset is that of the byte after "locale: sv\nAnna -> A\nCarl -> B\nAn".
        let text = Self.bytes("locale: sv\nAnna -> A\nCarl -> B\nAn") + bad + Self.bytes("na -> A\nBob -> B\nÅsa -> A\n")
        #expect(Self.bytes("locale: sv\nAnna -> A\nCarl -> B\nAn").count == 33)
        let result = try Self.run(["check"], input: text, asFile: true)
        #expect(result.status == ExitCode.failure.rawValue, "a failed line is exit 1, as any failure")
        let lines = result.output.split(separator: "\n").map { String($0.drop { $0 != ":" }) }
        // Under sv, Carl is under C and Åsa under Å (its own letter after Z): two real failures.
        #expect(lines.dropLast() == [
            ":3: expected B, got C (Carl)",
            ":4: malformed line: \(problem)",
            ":6: expected A, got Å (Åsa)",
        ])
        #expect(result.output.hasSuffix("\n2 passed, 3 failed\n"), "Anna and Bob pass; Carl, Åsa and the bad line fail")
    }

    // MARK: Item 8: control characters in messages

    @Test("Control characters a fixture holds are escaped in check's messages, never printed raw")
    func controlsEscapedInCheck() throws {
        let text = Self.bytes("locale: sv\n\u{1B}[31mAnna -> B\nBo\rb -> A\nDel\u{7F} -> D\nC1\u{85} -> C\n")
        let result = try Self.run(["check"], input: text, asFile: true)
        #expect(result.status == 1)
        #expect(!result.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) },
                "\(result.output.debugDescription)")
        #expect(result.output.contains(":2: expected B, got # (\\x1B[31mAnna)"))
        #expect(result.output.contains(":3: expected A, got B (Bo\\x0Db)"))
        #expect(result.output.hasSuffix("2 passed, 2 failed\n"), "Del\\x7F is under D and C1\\u{85} under C")
    }

    @Test("Control characters in an argument are escaped in the error naming it", arguments: [
        (["--locale", "sv\u{1B}[31m"], "ill-formed locale 'sv\\x1B[31m'"),
        (["--bogus\r"], "unknown option '--bogus\\x0D'"),
        (["sort", "a\nb.txt", "c"], "unexpected argument 'c'"),
        (["--locale", "en", "/nonexistent/a\u{1B}b.txt"], "cannot read '/nonexistent/a\\x1Bb.txt'"),
    ])
    func controlsEscapedInErrors(arguments: [String], message: String) throws {
        let result = try Self.run(arguments)
        #expect(result.errors.hasPrefix("section-index: " + message), "\(result.errors.debugDescription)")
        #expect(!result.errors.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.errors.debugDescription)")
        #expect(result.errors.split(separator: "\n").count <= 3, "no line end but the message's own")
    }

    // MARK: Item 9: fixtures without a locale

    @Test("An empty fixture is the file's failure (line 0), not one of a line 1 it does not have", arguments: [
        [UInt8](), [0xEF, 0xBB, 0xBF],
    ])
    func emptyFixture(bytes: [UInt8]) throws {
        let result = try Self.run(["check"], input: bytes, asFile: true)
        #expect(result.status == ExitCode.failure.rawValue)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasSuffix(".txt:0: the fixture is empty: it needs a 'locale:' header"), "\(result.output)")
        #expect(lines.last == "0 passed, 1 failed")
        // A file with a line, but no locale, still points at line 1, where the header belongs.
        let comment = try Self.run(["check"], input: Self.bytes("# nothing yet\n"), asFile: true)
        #expect(comment.output.contains(":1: malformed line: no 'locale:' header"))
    }

    @Test("A header in capitals is an unknown header with a suggestion, with or without a locale", arguments: [
        ("LOCALE: sv\nAnna -> A\n", 1, "unknown header 'LOCALE:' for an index; did you mean 'locale:'?"),
        ("locale: sv\nLOCALE: sv\nAnna -> A\n", 2, "cannot build the index: unknown header 'LOCALE:' for an index; did you mean 'locale:'?"),
        ("locale: sv\nMax-Labels: 3\nAnna -> A\n", 2, "cannot build the index: unknown header 'Max-Labels:' for an index; did you mean 'max-labels:'?"),
    ])
    func capitalHeader(text: String, line: Int, message: String) throws {
        let result = try Self.run(["check"], input: Self.bytes(text), asFile: true)
        #expect(result.status == ExitCode.failure.rawValue)
        #expect(result.output.contains(":\(line): \(message)\n"), "\(result.output)")
        let option = try Self.run(["--LOCALE", "sv"], input: Self.bytes("Anna\n"))
        #expect(option.errors.hasPrefix("section-index: unknown option '--LOCALE' for 'group'; did you mean '--locale'?"))
    }

    // MARK: Item 2: a part that starts with U+FEFF

    @Test("The README's split recipe gives the whole list's keys when a part starts with U+FEFF", arguments: [
        InputDecoding.InvalidPolicy.fail, .replace,
    ])
    func splitAtByteOrderMark(invalid: InputDecoding.InvalidPolicy) throws {
        // The whole file starts with a byte-order mark; its third line starts with U+FEFF, a
        // character of that name (it is not at the start of the file).
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let lines = [Self.bytes("Anna"), Self.bytes("Bob"), bom + Self.bytes("Zed"), Self.bytes("Carl"), bom + Self.bytes("Åsa")]
        let whole = bom + lines.flatMap { $0 + [0x0A] }
        let settings = ["keys", "--locale", "sv", "--label", "--invalid", invalid.rawValue]
        let expected = try Self.run(settings, input: whole, asFile: true)
        #expect(expected.status == 0)
        #expect(expected.output.contains("\tZ\t\u{FEFF}Zed\n"), "the whole keeps the U+FEFF of line 3")
        // split -l 2: each part with --offset set to the lines before it.
        var merged = ""
        for first in stride(from: 0, to: lines.count, by: 2) {
            let part = (first == 0 ? bom : []) + lines[first..<min(first + 2, lines.count)].flatMap { $0 + [0x0A] }
            let run = try Self.run(settings + ["--offset", "\(first)"], input: part, asFile: true)
            #expect(run.status == 0, "\(run.errors)")
            merged += run.output
        }
        #expect(merged == expected.output, "the parts' keys are byte for byte the keys of the whole")
        // At --offset 0 the same bytes are a file's start: the mark is dropped, as group drops it.
        let start = try Self.run(settings, input: bom + Self.bytes("Zed\n"), asFile: true)
        #expect(start.output.hasSuffix("\tZ\tZed\n"))
    }

    // MARK: Item 7: lone CR line ends

    @Test("A CR that no LF follows stays in the name, with a warning naming its line", arguments: [
        (["--format", "tsv"], "A\tAnna\rBob\rCarl\n"), (["sort"], "Anna\rBob\rCarl\n"),
        (["keys"], nil), (["labels", "-"], nil), (["search", "bob"], "Anna\rBob\rCarl\n"),
    ] as [([String], String?)])
    func loneCarriageReturns(arguments: [String], output: String?) throws {
        // An old Mac file: three names, CR after each; the last CR ends the input and so the line.
        let result = try Self.run(arguments + ["--locale", "en"], input: Self.bytes("Anna\rBob\rCarl\r"))
        #expect(result.status == 0)
        if let output { #expect(result.output == output, "one entry, nothing lost") }
        #expect(result.errors == "section-index: warning: standard input: line 1 holds a carriage return (CR) that no line feed follows, as old Mac files end lines (2 such CRs in all); only LF and CRLF end a line, so it stays in the name (tr '\\r' '\\n' converts such a file)\n")
    }

    @Test("CRLF and a final CR are line ends: no warning; a lone CR further down is named by its line")
    func carriageReturnsThatEndLines() throws {
        let clean = try Self.run(["sort", "--locale", "en"], input: Self.bytes("Bob\r\nAnna\r"))
        #expect(clean.errors.isEmpty && clean.output == "Anna\nBob\n")
        let later = try Self.run(["sort", "--locale", "en"], input: Self.bytes("Bob\r\nAnna\nCa\rrl\n"))
        #expect(later.errors.hasPrefix("section-index: warning: standard input: line 3 holds a carriage return (CR) that no line feed follows"))
        #expect(!later.errors.contains("in all"))
        #expect(later.output == "Anna\nBob\nCa\rrl\n")
    }

    // MARK: Items 3 and 4: what a long query means, and what it costs

    @Test("Query words are conditions, not counts: a repeated word counts once, in every mode", arguments: [
        ("a a a a a a a a", "prefix", "Anna\n"), ("an an AN", "substring", "Anna\nJohan\n"),
        ("nn nn", "substring", "Anna\n"), ("anna b", "prefix", ""), ("26 26 26", "t9", "Anna\nBob\n"),
    ])
    func repeatedWords(query: String, mode: String, expected: String) throws {
        let result = try Self.run(["search", "--locale", "en", "--mode", mode, query], input: Self.bytes("Anna\nJohan\nBob\n"))
        #expect(result.status == 0)
        #expect(result.output == expected, "\(query)")
        // What --help says of it.
        let help = SearchCommand.notes.replacingOccurrences(of: "\n", with: " ")
        #expect(help.contains("a word given again counts once"))
        #expect(!help.contains("longer than every line matches none"))
    }

    @Test("A query word collation ignores entirely is matched as written, not as an empty query", arguments: [
        (String(repeating: "\u{301}", count: 10_000), ""), ("\u{01}", "A\u{01}nna\n"), ("\u{301}", "Rene\u{301}\n"),
        ("\u{200B}", ""), ("anna \u{01}", "A\u{01}nna\n"),
    ])
    func ignorableQuery(query: String, expected: String) throws {
        let input = Self.bytes("Anna\nA\u{01}nna\nRene\u{301}\nBob\n")
        for mode in ["prefix", "substring"] {
            let result = try Self.run(["search", "--locale", "en", "--mode", mode, query], input: input)
            #expect(result.status == 0)
            #expect(result.output == expected, "\(mode) \(query.unicodeScalars.count) scalars: \(result.output.debugDescription)")
        }
        // Only an empty query, or one of white space, matches every entry.
        #expect(try Self.run(["search", "--locale", "en", " \t "], input: input).output.split(separator: "\n").count == 4)
    }

    @Test("A 3,000-word substring query costs about what its one word costs, not 3,000 times it")
    func longQueryCost() throws {
        let names = (0..<3_000).map { ["Maria Lopez", "Anna Marković", "Bob Smith", "Tamara Ito"][$0 % 4] + " \($0)" }
        let input = Self.bytes(names.joined(separator: "\n") + "\n")
        func timed(_ query: String) throws -> (seconds: Double, output: String) {
            let start = Date()
            let result = try Self.run(["search", "--locale", "en", "--mode", "substring", query], input: input)
            #expect(result.status == 0)
            return (Date().timeIntervalSince(start), result.output)
        }
        let long = (0..<3_000).map { ["mar", "Mar", "MAR"][$0 % 3] }.joined(separator: " ")
        _ = try timed("mar")   // ICU's data paged in for both
        let one = try timed("mar"), many = try timed(long)
        #expect(many.output == one.output, "the same words, so the same matches")
        #expect(one.output.split(separator: "\n").count == 2_250, "Maria, Marković and Tamara")
        // 3,000 times the matching work took more than 10× as long before; a busy machine may
        // slow either run, hence the margin.
        #expect(many.seconds <= 2 * one.seconds + 0.5, "\(many.seconds) s against \(one.seconds) s")
    }

    // MARK: Item 9: text output is each line as it was read

    @Test("sort and search print each line as read: an empty reading's tab and further columns kept", arguments: [
        ["sort", "--locale", "en"], ["search", "--locale", "en", ""], ["search", "--locale", "en", "--mode", "substring", "o"],
    ])
    func linesAsRead(arguments: [String]) throws {
        let input = Self.bytes("Bob\t\r\nAnna\tanna\textra\tmore\nZoë\t\t\nCarl\tcarl\n")
        let result = try Self.run(arguments, input: input)
        #expect(result.status == 0)
        let all = ["Anna\tanna\textra\tmore", "Bob\t", "Carl\tcarl", "Zoë\t\t"]
        let expected = arguments.contains("o") ? ["Bob\t", "Zoë\t\t"] : all
        #expect(result.output == expected.map { $0 + "\n" }.joined(), "\(arguments): \(result.output.debugDescription)")
        // tsv stays name<TAB>reading, the reading column left out when empty.
        let tsv = try Self.run(["sort", "--locale", "en", "--format", "tsv"], input: input)
        #expect(tsv.output == "Anna\tanna\nBob\nCarl\tcarl\nZoë\n")
    }

    // MARK: Item 9: locales

    @Test("und or root with a region says what is wrong with it, not to use und", arguments: [
        ("und-SE", "ill-formed locale 'und-SE': 'und' with a script or region still names no language: say 'und' alone for CLDR's root locale, or name the language (sv-SE)"),
        ("und-Latn", "ill-formed locale 'und-Latn': 'und' with a script or region still names no language"),
        ("root_SE", "ill-formed locale 'root_SE': 'root' with a script or region still names no language"),
    ])
    func rootWithRegion(locale: String, message: String) throws {
        let result = try Self.run(["--locale", locale], input: Self.bytes("Anna\n"))
        #expect(result.status == ExitCode.usage.rawValue)
        #expect(result.errors.hasPrefix("section-index: " + message), "\(result.errors)")
        #expect(!result.errors.contains("say 'root' or 'und'"), "the advice it had already followed")
        // und and root alone are CLDR's root locale.
        for root in ["und", "root"] { #expect(try Self.run(["--locale", root], input: Self.bytes("Anna\n")).status == 0) }
    }

    @Test("A collation keyword given twice is refused naming it, in --locale, --also and fixtures alike", arguments: [
        ("sv-u-co-foo-co-bar", "co"), ("sv-u-co-search-kn-true-co-bogus", "co"), ("sv@collation=foo;collation=bar", "collation"),
        ("de-u-kn-true-KN-false", "KN"),
    ])
    func repeatedKeyword(locale: String, key: String) throws {
        let message = "ill-formed locale '\(locale)': the keyword '\(key)' is given twice; give it once"
        for arguments in [["--locale", locale], ["--locale", "en", "--also", locale], ["sort", "--locale", locale]] {
            let result = try Self.run(arguments, input: Self.bytes("Anna\n"))
            #expect(result.status == ExitCode.usage.rawValue, "\(arguments)")
            #expect(result.errors.hasPrefix("section-index: " + message), "\(arguments): \(result.errors)")
        }
        let fixture = try Self.run(["check"], input: Self.bytes("locale: \(locale)\nAnna -> A\n"), asFile: true)
        #expect(fixture.output.contains(":1: cannot build the index: \(message)"))
        // One keyword each, or one in the locale and a private-use subtag that looks alike, is fine.
        for fine in ["sv-u-co-search-kn-true", "sv-x-co-co"] {
            #expect(try Self.run(["--locale", fine], input: Self.bytes("Anna\n")).status == 0, "\(fine)")
        }
    }

    // MARK: What --help and the README say

    @Test("--help and the README's exit codes say what issue 38 changed")
    func exitCodesDocumented() throws {
        let help = Help.exitCodes.replacingOccurrences(of: "\n", with: " ")
        #expect(help.contains("1 check found failures (a fixture line not UTF-8 is one)"))
        #expect(help.contains("64 usage error (also an option value or QUERY that is not UTF-8)"))
        #expect(help.contains("65 FILE or standard input is not valid UTF-8 text"))
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        #expect(readme.contains("| 64 | usage error (also an option value or QUERY that is not UTF-8)"))
        #expect(readme.contains("| 65 | FILE or standard input is not valid UTF-8 text"))
        let check = Help.text(for: CheckCommand.self).replacingOccurrences(of: "\n", with: " ")
        #expect(check.contains("every other line is still checked and counted (exit 1, not 65)"))
        let group = Help.text(for: GroupCommand.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(group.contains("use the built-in sample instead of FILE or standard input (refused with a FILE)"))
        #expect(Help.text(for: KeysCommand.self).replacingOccurrences(of: "\n", with: " ").contains("With --offset above 0 the input continues a list"))
    }
}

/// The one test that runs the built `section-index` binary, with standard input a pipe, so
/// that `main`, `exit` and the real descriptors are covered too.
@Suite("Bad input (end to end)")
struct BadInputEndToEndTests {
    /// The executable beside the test bundle in the products directory (`swift build`
    /// builds it with the tests), or in `.build/debug` of this package.
    static var executable: URL? {
        let products = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug"),
        ]
        return products.map { $0.appendingPathComponent("section-index") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static func run(_ arguments: [String], input: [UInt8]) throws -> (status: Int32, output: String, errors: String) {
        let binary: URL = try #require(executable, "section-index is not built next to the tests (\(CommandLine.arguments[0]))")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ["LANG": "C"]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    /// Issue 38 item 9: a closed standard output said "Invalid argument" when a thread's event
    /// descriptor had taken number 1 and the output went to it.
    @Test("A closed standard output or input is exit 74 saying it is closed, whatever the run opens", arguments: [
        (["--sample"], ">&-", "cannot write to standard output: it is closed"),
        (["--sample", "--format", "html"], ">&-", "cannot write to standard output: it is closed"),
        (["sort", "--locale", "en", "FILE"], ">&-", "cannot write to standard output: it is closed"),
        (["--help"], ">&-", "cannot write to standard output: it is closed"),
        (["sort", "--locale", "en"], "<&-", "cannot read 'standard input': it is closed"),
        (["labels", "--locale", "en", "-"], "<&-", "cannot read 'standard input': it is closed"),
    ])
    func closedDescriptors(arguments: [String], redirection: String, message: String) throws {
        let binary: URL = try #require(Self.executable, "section-index is not built next to the tests")
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("names.txt")
        try Data("Zoë\nAnna\n".utf8).write(to: file)
        let run = try ExternalTool.run("/bin/sh", ["-c", "exec \"$0\" \"$@\" \(redirection)", binary.path]
                                       + arguments.map { $0 == "FILE" ? file.path : $0 }, environment: ["LANG": "C"], timeout: 60)
        #expect(run.status == ExitCode.ioError.rawValue, "\(arguments) \(redirection): \(run.errors)")
        #expect(run.errors == "section-index: \(message)\n", "\(arguments) \(redirection)")
        // A usage error is still a usage error, with nothing written to the closed output.
        let usage = try ExternalTool.run("/bin/sh", ["-c", "exec \"$0\" --bogus >&-", binary.path], environment: ["LANG": "C"])
        #expect(usage.status == ExitCode.usage.rawValue)
    }

    @Test("The binary reads a pipe, sorts it, and exits 65 with the line and byte of invalid UTF-8")
    func binary() throws {
        let good = try Self.run(["sort", "--locale", "sv"], input: Array("Zoë\r\nÅsa\r\nAnna\r\n".utf8))
        #expect(good.status == 0)
        #expect(good.output == "Anna\nZoë\nÅsa\n")
        #expect(good.errors.isEmpty)

        let bad = try Self.run(["--locale", "sv"], input: Array("Anna\nÅs".utf8) + [0xC3] + Array("a\n".utf8))
        #expect(bad.status == 65)
        #expect(bad.output.isEmpty)
        #expect(bad.errors == "section-index: standard input: line 2, byte 3 (offset 8 in the input): invalid UTF-8 sequence starting with byte 0xC3; use --invalid replace to read it anyway\n")

        let locale = try Self.run(["--locale", "en_US@@"], input: Array("Anna\n".utf8))
        #expect(locale.status == 64)
        #expect(locale.errors.contains("ill-formed locale 'en_US@@'"))
    }
}

@Suite("Out of memory (end to end)")
struct OutOfMemoryTests {
    /// Runs the built binary with its address space limited to `kilobytes` (`ulimit -v`).
    static func run(limit kilobytes: Int, _ arguments: [String]) throws -> ExternalTool.Run {
        let binary: URL = try #require(BadInputEndToEndTests.executable, "section-index is not built next to the tests")
        return try ExternalTool.run("/bin/sh", ["-c", "ulimit -v \(kilobytes) && exec \"$0\" \"$@\"", binary.path] + arguments,
                                    environment: ["LANG": "C"], timeout: 60)
    }

    /// 200 MB of address space: room to start and group a small list, not for the 160 MB
    /// line table of ten million empty lines.
    static let limit = 200_000

    @Test("Too little memory for the input: a message and exit 71, never a backtrace", arguments: ["group", "sort"])
    func failedAllocation(subcommand: String) throws {
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let small = directory.appendingPathComponent("small.txt"), big = directory.appendingPathComponent("big.txt")
        try Data("Zoë\nÅsa\nAnna\n".utf8).write(to: small)
        try Data(repeating: 0x0A, count: 10_000_000).write(to: big)

        // The limit leaves room for the process itself: the same command on a small list works.
        let fits = try Self.run(limit: Self.limit, [subcommand, "--locale", "sv", small.path])
        #expect(fits.status == 0, "\(fits.errors)")
        #expect(fits.text.contains("Anna"))

        let tooBig = try Self.run(limit: Self.limit, [subcommand, "--locale", "sv", big.path])
        #expect(tooBig.status == 71)
        #expect(tooBig.errors.hasPrefix("section-index: out of memory: "), "\(tooBig.errors)")
        #expect(!tooBig.errors.contains("Backtrace") && !tooBig.errors.contains("Fatal error"))
        #expect(tooBig.output.isEmpty)
    }

    /// Every subcommand and output whose memory grows with the input.
    static let commands: [[String]] = [
        ["group"], ["group", "--format", "json"], ["group", "--style", "icu", "--format", "tsv"], ["group", "--format", "html"],
        ["sort"], ["sort", "--format", "json"], ["keys"], ["keys", "--format", "json"], ["labels"], ["labels", "--format", "json"],
        ["search", "a"],
    ]

    /// 300,000 empty lines (the most lines 300 KB hold, so the most per-line memory),
    /// under address-space limits from too little to start up to plenty: each run prints its
    /// output, or says it is out of memory with exit 71 — never a backtrace, whichever
    /// allocation the limit falls on. The probes are not so cautious that they refuse what fits.
    @Test("At every address-space limit: the output, or exit 71 and a message, never a backtrace", arguments: commands)
    func anyLimit(command: [String]) throws {
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("empty.txt")
        try Data(repeating: 0x0A, count: 300_000).write(to: file)
        var fitted: Int?
        for megabytes in stride(from: 120, through: 500, by: 10) {
            let run = try Self.run(limit: megabytes * 1000, command + ["--locale", "sv", file.path])
            #expect(run.status == 0 || run.status == 71, "\(command) at \(megabytes) MB: exit \(run.status) \(run.errors.prefix(300))")
            #expect(!run.errors.contains("Fatal error") && !run.errors.contains("Backtrac"), "\(command) at \(megabytes) MB")
            if run.status == 71 { #expect(run.errors.hasPrefix("section-index: out of memory: "), "\(run.errors.prefix(300))") }
            if run.status == 0 { fitted = megabytes; break }
        }
        // A page of 300,000 rows needs gigabytes; everything else fits well under 500 MB.
        if command.contains("html") { #expect(fitted == nil) } else { #expect(fitted != nil, "\(command) never fitted") }
    }

    @Test("Exit code 71 is documented in --help")
    func documented() {
        #expect(ExitCode.outOfMemory.rawValue == 71)
        #expect(Help.exitCodes.contains("71 out of memory"))
    }
}
