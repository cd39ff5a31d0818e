import Foundation
import Testing
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
}
