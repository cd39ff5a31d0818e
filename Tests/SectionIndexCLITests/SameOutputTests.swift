import Foundation
import Testing
import TestSupport
@testable import Collation
@testable import SectionIndex
@testable import SectionIndexCLI

/// Issue 18: `sort`, `keys` and `group` read the input buffer on every core (one key per line
/// from UTF-8, a radix sort on key bytes, output in parallel blocks). Their output on the whole
/// test corpus, with heavy ties (every name twice, and again with a suffix), must be exactly
/// what the library's slow paths give: `Collator.sorted` (a comparison sort over strings) for
/// `sort`, and `sortKeys(names:readings:)` (one entry at a time, from strings) for `keys` and
/// for the order of `group`, with `label(for:reading:)` for its labels.
@Suite("Fast paths give the slow paths' bytes")
struct SameOutputTests {
    /// A quarter of the corpus (every script and origin), then the same again (equal names:
    /// ties), then with a numeric suffix (long shared prefixes), and the awkward inputs: more
    /// lines than one core's share, so every parallel path runs.
    static let entries: [(name: String, reading: String?)] = {
        let corpus = ExternalTool.corpusSample(every: 4)
        return corpus + corpus + corpus.map { ($0.name + " 1", $0.reading) } + Corpus.awkward.filter { !$0.contains("\t") }.map { ($0, nil) }
    }()

    static let file: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("section-index-same-output-\(getpid()).txt")
        try! ExternalTool.writeEntries(entries, to: url)
        return url
    }()

    static func asRead(_ entry: (name: String, reading: String?)) -> String {
        entry.name + (entry.reading.map { "\t" + $0 } ?? "")
    }

    @Test("sort prints the lines in Collator.sorted's order",
          arguments: [["--locale", "sv"], ["--locale", "zh"], ["--locale", "de", "--strength", "primary"], ["--locale", "en", "--numeric", "off", "--ignore-punctuation"]])
    func sort(options: [String]) throws {
        #expect(!Corpus.sample(every: 1).isEmpty, "the test corpus is missing")
        let result = ExternalTool.sectionIndex(["sort"] + options + [Self.file.path])
        #expect(result.status == 0, "\(options): \(result.errors)")
        let invocation = try Invocation.parse(["sort"] + options, environment: [:])
        let collator = try Collator(locale: invocation.options.index.locale, options: invocation.options.collation)
        let expected = collator.sorted(Self.entries, by: \.name).map { Self.asRead($0) + "\n" }.joined()
        #expect(result.output == expected, "\(options): sort differs from Collator.sorted")
    }

    static let indexSettings: [[String]] = [
        ["--locale", "en"], ["--locale", "ja"], ["--locale", "zh"], ["--locale", "sv", "--style", "icu"],
        ["--locale", "de", "--han", "pinyin", "--also", "el"],
    ]

    @Test("keys prints sortKeys(names:readings:) for every line", arguments: indexSettings)
    func keys(options: [String]) throws {
        let result = ExternalTool.sectionIndex(["keys"] + options + [Self.file.path])
        #expect(result.status == 0, "\(options): \(result.errors)")
        let index = try Invocation.parse(["keys"] + options, environment: [:]).options.index.makeIndex()
        let keys = index.sortKeys(names: Self.entries.map(\.name), readings: Self.entries.map(\.reading))
        let expected = zip(keys, Self.entries).map { "\($0)\t" + Self.asRead($1) + "\n" }.joined()
        #expect(result.output == expected, "\(options): keys differ from sortKeys(names:readings:)")
    }

    @Test("keys --offset --label prints labeledSortKeys(firstTieBreak:) for every line",
          arguments: [["--locale", "ja", "--offset", "7"], ["--locale", "sv", "--style", "icu", "--offset", "3"]])
    func labeledKeys(options: [String]) throws {
        let result = ExternalTool.sectionIndex(["keys", "--label"] + options + [Self.file.path])
        #expect(result.status == 0, "\(options): \(result.errors)")
        let invocation = try Invocation.parse(["keys"] + options, environment: [:])
        let keyed = try invocation.options.index.makeIndex().labeledSortKeys(
            names: Self.entries.map(\.name), readings: Self.entries.map(\.reading), firstTieBreak: invocation.options.offset)
        let expected = zip(keyed, Self.entries).map { "\($0.key)\t\($0.label)\t" + Self.asRead($1) + "\n" }.joined()
        #expect(result.output == expected, "\(options): keys --label differ from labeledSortKeys")
    }

    @Test("group --format tsv prints the entries in the order of their keys, each under label(for:reading:)",
          arguments: indexSettings)
    func group(options: [String]) throws {
        let result = ExternalTool.sectionIndex(["group", "--format", "tsv"] + options + [Self.file.path])
        #expect(result.status == 0, "\(options): \(result.errors)")
        let index = try Invocation.parse(["group"] + options, environment: [:]).options.index.makeIndex()
        let keys = index.sortKeys(names: Self.entries.map(\.name), readings: Self.entries.map(\.reading))
        var labels: [String: String] = [:]
        let expected = Self.entries.indices.sorted { keys[$0] < keys[$1] }.map { i in
            let entry = Self.entries[i]
            let labelKey = entry.name + "\u{0}" + (entry.reading ?? "")
            let label = labels[labelKey] ?? index.label(for: entry.name, reading: entry.reading)
            labels[labelKey] = label
            return label + "\t" + Self.asRead(entry) + "\n"
        }.joined()
        #expect(result.output == expected, "\(options): group differs from the order of sortKeys")
    }

    /// The entries with quotes, backslashes, controls and U+2028 in names and readings, which
    /// the streamed JSON escapes from bytes: the file's lines, then those.
    static let jsonEntries: [(name: String, reading: String?)] = entries + [
        ("Say \"hi\"", nil), ("back\\slash", "x\\y"), ("line\u{2028}sep\u{2029}", nil), ("bell\u{7}", "\u{1F}"), ("dash\u{2010}\u{2027}", nil),
    ]

    static let jsonFile: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("section-index-same-json-\(getpid()).txt")
        try! ExternalTool.writeEntries(jsonEntries, to: url)
        return url
    }()

    @Test("group --format json is JSONValue's encoding of sections(of:full:)",
          arguments: indexSettings.flatMap { [$0, $0 + ["--full"]] })
    func groupJSON(options: [String]) throws {
        let result = ExternalTool.sectionIndex(["group", "--format", "json"] + options + [Self.jsonFile.path])
        #expect(result.status == 0, "\(options): \(result.errors)")
        let invocation = try Invocation.parse(["group"] + options, environment: [:])
        let index = try invocation.options.index.makeIndex()
        let numbered = Self.jsonEntries.enumerated().map { (index: $0.offset, name: $0.element.name, reading: $0.element.reading) }
        let sections = index.sections(of: numbered, name: \.name, reading: \.reading, full: invocation.options.full)
        let expected = JSONValue.array(sections.map { section in
            .object([("label", .string(section.label)), ("id", .string(section.id)), ("kind", .string(section.kind.rawValue)),
                     ("empty", .bool(section.items.isEmpty)),
                     ("items", .array(section.items.map {
                         .object([("name", .string($0.name)), ("reading", .string($0.reading)),
                                  ("index", .number($0.index)), ("line", .number($0.index + 1))])
                     }))])
        }).encoded() + "\n"
        #expect(result.output == expected, "\(options): group --format json differs from the sections' JSON")
    }
}
