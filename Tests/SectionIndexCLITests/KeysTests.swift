import Foundation
import Testing
import SectionIndex
@testable import SectionIndexCLI

/// `section-index keys` (issue 10): keys whose byte order, in a database or in `sort`, is the
/// order `group` prints.
@Suite("Keys for databases")
struct KeysTests {
    /// The built-in sample, a corpus sample (every script, Japanese readings), names that need
    /// SQL quoting, canonically equivalent spellings and duplicates that only the tie-break
    /// orders.
    static let entries: [(name: String, reading: String?)] = {
        BuiltInSample.entries.map { ($0.name, $0.reading) } + ExternalTool.corpusSample(every: 15)
            + [("O'Brien", nil), ("Åsa", nil), ("A\u{030A}sa", nil), ("Åsa", nil), ("田中", "たなか"), ("田中", nil), ("42", nil), ("", nil)]
    }()

    static let settings: [[String]] = [
        ["--locale", "en"], ["--locale", "sv"], ["--locale", "ja"], ["--locale", "zh"], ["--locale", "zh-Hant"],
        ["--locale", "ko"], ["--locale", "ar"], ["--locale", "ru", "--also", "el"], ["--locale", "de", "--han", "pinyin"],
        ["--locale", "sv", "--style", "icu"], ["--locale", "ja", "--style", "icu"],
    ]

    /// Runs `keys` and `group --format json` on the entries: the keys in input order, and
    /// the input positions in the grouped order.
    static func keysAndGroupOrder(_ options: [String]) throws -> (keys: [String], lines: [String], grouped: [Int], directory: URL) {
        let directory = try ExternalTool.temporaryDirectory()
        let input = directory.appendingPathComponent("names.txt")
        try ExternalTool.writeEntries(entries, to: input)
        let keys = ExternalTool.sectionIndex(["keys"] + options + [input.path])
        #expect(keys.status == 0, "\(options): \(keys.errors)")
        let lines = keys.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == entries.count)
        for (line, entry) in zip(lines, entries) {
            let expected = entry.name + (entry.reading.map { "\t" + $0 } ?? "")
            #expect(line.drop { $0 != "\t" }.dropFirst() == Substring(expected), "\(options): line \(line)")
        }
        let hex = lines.map { String($0.prefix { $0 != "\t" }) }
        #expect(hex.allSatisfy { !$0.isEmpty && $0.count % 2 == 0 && $0.allSatisfy { "0123456789abcdef".contains($0) } },
                "\(options): keys are lowercase hex")

        let group = ExternalTool.sectionIndex(["group", "--format", "json"] + options + [input.path])
        #expect(group.status == 0, "\(options): \(group.errors)")
        let sections = try #require(try JSONSerialization.jsonObject(with: Data(group.output.utf8)) as? [[String: Any]])
        let grouped = sections.flatMap { ($0["items"] as? [[String: Any]] ?? []).compactMap { $0["index"] as? Int } }
        #expect(grouped.count == entries.count)
        return (hex, lines, grouped, directory)
    }

    @Test("Keys stored as BLOBs in SQLite come back by ORDER BY key in the grouped order",
          .enabled(if: ExternalTool.path(of: "sqlite3") != nil, "sqlite3 is not installed (bash .ci/install-dependencies installs it)"),
          arguments: settings)
    func sqlite(options: [String]) throws {
        let (keys, _, grouped, directory) = try Self.keysAndGroupOrder(options)
        defer { try? FileManager.default.removeItem(at: directory) }
        var sql = "CREATE TABLE contact(position INTEGER PRIMARY KEY, name TEXT NOT NULL, sort_key BLOB NOT NULL);\nBEGIN;\n"
        for (position, (entry, key)) in zip(Self.entries, keys).enumerated() {
            let quoted = "'" + entry.name.replacingOccurrences(of: "'", with: "''") + "'"
            sql += "INSERT INTO contact VALUES (\(position), \(quoted), X'\(key)');\n"
        }
        sql += "COMMIT;\n"
        sql += "SELECT count(*) FROM contact WHERE typeof(sort_key) <> 'blob';\n"
        // Inserted in input order, so a rowid order would pass by luck only if input were grouped.
        sql += "SELECT position FROM contact ORDER BY sort_key;\n"
        let database = directory.appendingPathComponent("contacts.sqlite")
        let run = try ExternalTool.run(ExternalTool.path(of: "sqlite3")!, ["-batch", "-bail", database.path], input: Data(sql.utf8))
        #expect(run.status == 0, "sqlite3: \(run.errors)")
        let rows = run.text.split(separator: "\n").map { Int($0) }
        #expect(rows.first == 0, "\(options): every key is a BLOB")
        let ordered = rows.dropFirst().compactMap { $0 }
        let first = grouped.indices.first { $0 >= ordered.count || grouped[$0] != ordered[$0] }
        #expect(ordered.count == grouped.count && first == nil,
                "\(options): ORDER BY sort_key differs from group at \(first ?? -1): \(first.map { "group has \(Self.entries[grouped[$0]].name), SQLite \($0 < ordered.count ? Self.entries[ordered[$0]].name : "nothing")" } ?? "")")
        #expect(grouped != Array(grouped.indices), "\(options): the input must not already be in grouped order")
    }

    @Test("LC_ALL=C sort over the keys output gives the grouped order",
          .enabled(if: ExternalTool.path(of: "sort") != nil, "sort is not installed"), arguments: settings)
    func plainSort(options: [String]) throws {
        let (keys, lines, grouped, directory) = try Self.keysAndGroupOrder(options)
        defer { try? FileManager.default.removeItem(at: directory) }
        let position = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        #expect(position.count == keys.count, "\(options): keys are distinct")
        let text = lines.map { $0 + "\n" }.joined()
        let run = try ExternalTool.run(ExternalTool.path(of: "sort")!, [], input: Data(text.utf8), environment: ["LC_ALL": "C"])
        #expect(run.status == 0, "sort: \(run.errors)")
        let sorted = run.text.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        let ordered = sorted.compactMap { position[$0] }
        let first = grouped.indices.first { $0 >= ordered.count || grouped[$0] != ordered[$0] }
        #expect(ordered.count == grouped.count && first == nil,
                "\(options): sort differs from group at \(first ?? -1): \(first.map { "group has \(Self.entries[grouped[$0]].name), sort \($0 < ordered.count ? Self.entries[ordered[$0]].name : "nothing")" } ?? "")")
    }

    @Test("keys --format json carries key, name, reading and input index")
    func json() throws {
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("names.txt")
        try ExternalTool.writeEntries([("Smith", nil), ("田中", "たなか")], to: input)
        let text = ExternalTool.sectionIndex(["keys", "--locale", "ja", input.path]).output
        let run = ExternalTool.sectionIndex(["keys", "--locale", "ja", "--format", "json", input.path])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["Smith", "田中"])
        #expect(items.map { $0["reading"] as? String } == [nil, "たなか"])
        #expect(items.map { $0["index"] as? Int } == [0, 1])
        #expect(items.map { $0["key"] as? String ?? "" } == text.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) })
        // Japanese: the kana rows (the primary group, 01…) before the Latin group (02…).
        #expect((items[1]["key"] as? String ?? "") < (items[0]["key"] as? String ?? ""))
    }

    /// Issue 19: `keys` over the parts of a split list, each with `--offset` its first
    /// position, prints the whole list's keys byte for byte; with `--label`, sorting the lines
    /// by bytes and dropping the key prints exactly `group --format tsv`.
    @Test("keys --offset over the parts of a split list equals keys of the whole; --label, sorted, is group --format tsv",
          arguments: settings)
    func splitAndMerge(options: [String]) throws {
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cuts = [0, 1, Self.entries.count / 3, Self.entries.count / 3, Self.entries.count - 2, Self.entries.count]
        let whole = directory.appendingPathComponent("whole.txt")
        try ExternalTool.writeEntries(Self.entries, to: whole)
        var labeled = "", plain = ""
        for (part, (start, end)) in zip(cuts, cuts.dropFirst()).enumerated() {
            let file = directory.appendingPathComponent("part\(part).txt")
            try ExternalTool.writeEntries(Array(Self.entries[start..<end]), to: file)
            let run = ExternalTool.sectionIndex(["keys", "--offset", "\(start)"] + options + [file.path])
            let withLabel = ExternalTool.sectionIndex(["keys", "--label", "--offset", "\(start)"] + options + [file.path])
            #expect(run.status == 0 && withLabel.status == 0, "\(options): \(run.errors)\(withLabel.errors)")
            plain += run.output
            labeled += withLabel.output
        }
        let keys = ExternalTool.sectionIndex(["keys"] + options + [whole.path])
        #expect(plain == keys.output, "\(options): the parts' keys are the whole's")
        // Sorted by bytes, as LC_ALL=C sort does; the key is everything up to the first tab.
        let lines = labeled.split(separator: "\n").map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        let merged = lines.map { String(decoding: $0.drop { $0 != 0x09 }.dropFirst(), as: UTF8.self) + "\n" }.joined()
        let group = ExternalTool.sectionIndex(["group", "--format", "tsv"] + options + [whole.path])
        #expect(group.status == 0, "\(options): \(group.errors)")
        #expect(merged == group.output, "\(options): the merged parts, sorted, are not what group prints")
    }

    @Test("keys --offset refuses what is not a position a key holds", arguments: [
        (["--offset", "-1"], "'--offset' takes a whole number from 0 to 4294967295, not '-1'"),
        (["--offset", "1e3"], "'--offset' takes a whole number from 0 to 4294967295, not '1e3'"),
        (["--offset", "4294967296"], "'--offset' takes a whole number from 0 to 4294967295, not '4294967296'"),
        (["--offset", "4294967295"], "'--offset 4294967295' with 2 entries numbers them past 4294967295, the largest position a key holds"),
    ])
    func badOffset(arguments: [String], message: String) throws {
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("names.txt")
        try ExternalTool.writeEntries([("Anna", nil), ("Bo", nil)], to: input)
        let run = ExternalTool.sectionIndex(["keys"] + arguments + [input.path])
        #expect(run.status == 64, "\(arguments)")
        #expect(run.output.isEmpty && run.errors.contains(message), "\(arguments): \(run.errors)")
    }

    @Test("keys --label --offset --format json: the label, and the index numbered from the offset")
    func jsonLabelAndOffset() throws {
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("names.txt")
        try ExternalTool.writeEntries([("Östen", nil), ("田中", "たなか")], to: input)
        let run = ExternalTool.sectionIndex(["keys", "--locale", "sv", "--label", "--offset", "40", "--format", "json", input.path])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        // Swedish files Ö as a letter of its own, after Z; a reading places 田中 under た.
        #expect(items.map { $0["label"] as? String } == ["Ö", "た"])
        #expect(items.map { $0["index"] as? Int } == [40, 41])
        #expect(items.map { $0["line"] as? Int } == [1, 2], "line stays the line in this input")
        let text = ExternalTool.sectionIndex(["keys", "--locale", "sv", "--label", "--offset", "40", input.path]).output
        #expect(text.split(separator: "\n").map { $0.split(separator: "\t").dropFirst().joined(separator: "\t") } == ["Ö\tÖsten", "た\t田中\tたなか"])
        #expect(items.map { $0["key"] as? String ?? "" } == text.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) })
        // The last 4 bytes are the position: 40 and 41.
        #expect(items.map { String(($0["key"] as? String ?? "").suffix(8)) } == ["00000028", "00000029"])
    }

    /// `keys` puts each key together in one growing buffer, the sort keys written into it in
    /// place; the library's one-entry path (``ContactsIndex/labeledSortKeys(names:readings:firstTieBreak:)``)
    /// builds them part by part in arrays. Names whose keys reach past the room a key is
    /// written into (1 KB) and past the buffer's first size (4 KB), beside short ones before
    /// and after them (a long key must not leave bytes behind), give the same keys both ways.
    @Test("keys: names with keys longer than the buffer they are put together in get the library's keys",
          arguments: [["--locale", "en"], ["--locale", "ja"], ["--locale", "sv", "--label"]])
    func longKeysAsTheLibraryMakesThem(options: [String]) throws {
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("names.txt")
        var entries: [(name: String, reading: String?)] = [("Anna", nil)]
        for length in [300, 1_000, 1_030, 2_000, 5_000] {
            entries += [(String(repeating: "ab", count: length), nil), ("Bo", nil),
                        (String(repeating: "田中", count: length), String(repeating: "たなか", count: length)),
                        ("Östen " + String(repeating: "x\u{0301}", count: length), nil), ("Åsa", nil)]
        }
        try ExternalTool.writeEntries(entries, to: input)
        let run = ExternalTool.sectionIndex(["keys"] + options + [input.path])
        #expect(run.status == 0, "\(options): \(run.errors)")
        let lines = run.output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        let index = try ContactsIndex(locale: options[1])
        let expected = index.labeledSortKeys(names: entries.map(\.name), readings: entries.map(\.reading))
        try #require(lines.count == expected.count, "\(options)")
        for (position, (line, key)) in zip(lines, expected).enumerated() {
            let hex = key.key.bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            // Compared apart from the message: a key of a 5,000-letter name is 20,000 digits.
            let same = line[0] == Substring(hex)
            #expect(same, "\(options): entry \(position) (\(entries[position].name.prefix(12))…): \(line[0].count) digits, the library's \(hex.count)")
            if options.contains("--label") { #expect(line[1] == Substring(key.label), "\(options): entry \(position)") }
        }
    }

    /// Every byte value's two digits, in every position of the eight-byte, four-byte and
    /// one-byte steps of the hex writer, against `String(_:radix:)`.
    @Test("keys: the hex digits of every byte value, in every step of the hex writer")
    func hexOfEveryByteInEveryPosition() {
        for length in [1, 3, 4, 5, 8, 11, 16, 19] {
            for first in 0..<256 {
                let bytes = (0..<length).map { UInt8(truncatingIfNeeded: first &+ 97 &* $0) }
                var text: [UInt8] = []
                bytes.withUnsafeBufferPointer { BlockWriter.appendHex($0, to: &text) }
                let expected = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
                #expect(String(decoding: text, as: UTF8.self) == expected, "\(bytes)")
            }
        }
    }
}
