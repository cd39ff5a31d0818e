import Foundation
import Testing
@testable import SectionIndexCLI

/// Issue 17 items 3 and 7 on the command line: readings are printed in both styles, so `keys`
/// sorted by bytes lines up with `group`; section ids are unique in JSON, and an overflow
/// text that would be mistaken for a label, or break one-line-per-entry output, is refused.
@Suite("Group output: readings and section ids")
struct GroupOutputTests {
    static func run(_ arguments: [String], input: String) throws -> (status: Int32, output: String, errors: String) {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("section-index-group-output-\(UUID().uuidString).txt")
        try Data(input.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let output = OutputBuffer(), errors = OutputBuffer()
        let status = Tool.run(arguments + [url.path], environment: [:], standardInput: 0,
                              standardOutput: output, standardError: errors)
        return (status, output.text, errors.text)
    }

    static let input = "田中\tたなか\nAnna\n42\n鈴木\tすずき\nÅsa\t\nZoë\tzoe\n!bang\nΩmega\n"

    @Test("keys sorted by bytes, without the key, is group's tsv without the label, in both styles", arguments: [
        ["--style", "icu", "--locale", "ja"], ["--style", "icu", "--locale", "sv"], ["--locale", "ja"], ["--locale", "sv"],
    ])
    func keysMatchGroup(options: [String]) throws {
        let keys = try Self.run(["keys"] + options, input: Self.input)
        let group = try Self.run(["group", "--format", "tsv"] + options, input: Self.input)
        #expect(keys.status == 0 && group.status == 0, "\(keys.errors) \(group.errors)")
        func dropFirstField(_ text: String) -> [String] {
            text.split(separator: "\n").map { String($0.drop { $0 != "\t" }.dropFirst()) }
        }
        // LC_ALL=C sort: plain byte order of whole lines.
        let sortedKeys = keys.output.split(separator: "\n").map(String.init).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(dropFirstField(sortedKeys.joined(separator: "\n")) == dropFirstField(group.output), "\(options)")
        #expect(group.output.contains("田中\tたなか\n") && group.output.contains("Zoë\tzoe\n"), "\(options)")
    }

    @Test("ICU style prints readings in text and JSON too")
    func readingsInICUStyle() throws {
        let text = try Self.run(["group", "--style", "icu", "--locale", "ja"], input: Self.input)
        #expect(text.output.contains("  田中  (たなか)\n"), "\(text.output)")
        let json = try Self.run(["group", "--style", "icu", "--locale", "ja", "--format", "json"], input: Self.input)
        let sections = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        let items = sections.flatMap { $0["items"] as? [[String: Any]] ?? [] }
        let tanaka = try #require(items.first { $0["name"] as? String == "田中" })
        #expect(tanaka["reading"] as? String == "たなか")
    }

    @Test("Section ids are unique in JSON, in both styles, with or without --full", arguments: [
        ["--style", "icu", "--locale", "en"], ["--style", "icu", "--locale", "en", "--full"],
        ["--style", "icu", "--locale", "ja", "--also", "ru"], ["--style", "icu", "--locale", "en", "--underflow", "#", "--overflow", "#"],
        ["--locale", "en", "--full"], ["--locale", "ja", "--overflow", "…"],
    ])
    func uniqueIDs(options: [String]) throws {
        let json = try Self.run(["group", "--format", "json"] + options, input: Self.input + "Иван\n")
        #expect(json.status == 0, "\(json.errors)")
        let sections = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        let ids = sections.compactMap { $0["id"] as? String }
        #expect(ids.count == sections.count && Set(ids).count == ids.count, "\(options): \(ids)")
    }

    @Test("An overflow text that is empty, holds a tab or line break, or equals a label is a usage error", arguments: [
        (["--overflow", "A"], "is also a label"), (["--overflow", ""], "is empty"), (["--overflow", "a\tb"], "tab or a line break"),
        (["--overflow", "a\nb", "--format", "tsv"], "tab or a line break"), (["--overflow", "a\r"], "tab or a line break"),
        (["--style", "icu", "--overflow", "A"], "is also a label"), (["--style", "icu", "--underflow", "Z"], "is also a label"),
        (["--style", "icu", "--inflow", "x\ny"], "tab or a line break"),
    ])
    func badOverflow(options: [String], problem: String) throws {
        let result = try Self.run(["group", "--locale", "en"] + options, input: Self.input)
        #expect(result.status == ExitCode.usage.rawValue, "\(options)")
        #expect(result.errors.contains(problem), "\(options): \(result.errors)")
        #expect(result.output.isEmpty)
    }
}

/// Issue 17 item 6 on the command line: a query of symbols is documented and defined.
@Suite("Search: symbol queries (command line)")
struct SearchSymbolCommandTests {
    @Test("search --help says what a query of symbols matches")
    func documented() {
        let output = OutputBuffer()
        #expect(Tool.run(["search", "--help"], environment: [:], standardOutput: output, standardError: OutputBuffer()) == 0)
        #expect(output.text.contains("only punctuation and symbols") && output.text.contains("linear"))
    }

    @Test("'.', '#' and '+' match the lines that contain them", arguments: [
        (".", ["Anna.B"]), ("#", ["#hash"]), ("+", ["C++ Club", "x+y"]),
    ])
    func symbols(query: String, expected: [String]) throws {
        for mode in ["prefix", "substring"] {
            let result = try GroupOutputTests.run(["search", "--locale", "en", "--mode", mode, query], input: "C++ Club\nx+y\nAnna.B\n#hash\nBob\n")
            #expect(result.status == 0)
            #expect(Set(result.output.split(separator: "\n").map(String.init)) == Set(expected), "\(query) \(mode): \(result.output)")
        }
    }
}
