import Foundation
import Testing
import TestSupport
@testable import Collation
@testable import SectionIndex
@testable import SectionIndexCLI

/// The subcommands' output contracts (issues 2–5), run in process through `Tool.run` with
/// real files, exactly as the executable runs them.
@Suite("Commands")
struct CommandTests {
    /// Runs the tool on a file holding `input`; returns exit code, stdout and stderr.
    static func run(_ arguments: [String], input: String? = nil) throws -> (code: Int32, out: String, err: String) {
        var arguments = arguments
        var path: String?
        if let input {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("section-index-\(UUID().uuidString).txt")
            try input.write(to: url, atomically: true, encoding: .utf8)
            path = url.path
            arguments.append(url.path)
        }
        defer { if let path { try? FileManager.default.removeItem(atPath: path) } }
        let out = OutputBuffer(), err = OutputBuffer()
        let code = Tool.run(arguments, environment: [:], standardInput: -1, standardOutput: out, standardError: err)
        return (code, out.text, err.text)
    }

    @Test("sort orders by the locale's collation: Swedish Å after Z")
    func sort() throws {
        let result = try Self.run(["sort", "--locale", "sv"], input: "Zoë\nÅsa\nAnna\n")
        #expect(result.code == 0)
        #expect(result.out == "Anna\nZoë\nÅsa\n")
        let numeric = try Self.run(["sort", "--locale", "en", "--numeric", "off"], input: "File 2\nFile 10\n")
        #expect(numeric.out == "File 10\nFile 2\n")
        let primary = try Self.run(["sort", "--locale", "en", "--strength", "primary"], input: "b\nA\na\n")
        #expect(primary.out == "A\na\nb\n", "primary strength ties keep input order")
    }

    /// CLDR's om collation makes sh and Sh one letter after Z (&Z<ch<…<sh<<<Sh) but has no SH, so
    /// ICU sorts SHAGGAR as S + H (after Saba, before Suura). `sort --help` says sort keeps that
    /// order, where group and keys file both spellings under the letter SH.
    @Test("sort keeps ICU's om collation where group and keys correct SH in capitals")
    func sortKeepsICUWhereContactsCorrects() throws {
        let names = "Tola\nSHAGGAR\nSaba\nShaggar\nSuura\n"
        #expect(try Self.run(["sort", "--locale", "om"], input: names).out == "Saba\nSHAGGAR\nSuura\nTola\nShaggar\n")
        let grouped = try Self.run(["group", "--locale", "om", "--format", "tsv"], input: names).out
        #expect(grouped.split(separator: "\n").filter { $0.hasPrefix("SH\t") }.count == 2)
        let labels = try Self.run(["keys", "--locale", "om", "--label"], input: names).out
            .split(separator: "\n").filter { $0.split(separator: "\t")[2].uppercased() == "SHAGGAR" }.map { $0.split(separator: "\t")[1] }
        #expect(labels == ["SH", "SH"])
    }

    @Test("group --style icu prints label<TAB>name in ICU's bucket and in-bucket order",
          arguments: [("ja", ["en"]), ("sv", []), ("zh", []), ("ru", ["en"])] as [(String, [String])])
    func icuGroup(locale: String, also: [String]) throws {
        let names = Corpus.sample(every: 199).map(\.name).filter { !$0.contains("\t") } + ["  Anna", "42", "😀"]
        var arguments = ["group", "--style", "icu", "--locale", locale, "--format", "tsv"]
        if !also.isEmpty { arguments += ["--also", also.joined(separator: ",")] }
        let result = try Self.run(arguments, input: names.joined(separator: "\n") + "\n")
        #expect(result.code == 0)
        let reference = try ICU.ReferenceIndex(localeID: try LocaleIdentifier(locale).icuID, additionalLocaleIDs: also)
        let labels = reference.buckets.map(\.label)
        let expected = try reference.group(names).map { "\(labels[$0.bucket])\t\(names[$0.position])" }
        #expect(result.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) == expected)
        #expect(result.out.contains("\t  Anna\n"), "names exactly as read, no trimming")
    }

    @Test("labels and group show other languages' letters only when a name is under them, --full too")
    func extraLetters() throws {
        let names = "Anna\nІван\n"
        let bare = try Self.run(["labels", "--locale", "en"])
        #expect(bare.out == "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map { "\($0)\n" }.joined() + "#\n")
        // The full index is the same (issue 36): English's alphabet and #, no Icelandic Þ.
        let bareFull = try Self.run(["labels", "--locale", "en", "--full"])
        #expect(bareFull.out == bare.out)
        let used = try Self.run(["labels", "--locale", "en"], input: names).out.split(separator: "\n")
        #expect(used.contains("І") && !used.contains("Є") && !used.contains("Þ"))
        let all = try Self.run(["labels", "--locale", "en", "--full"], input: names).out.split(separator: "\n")
        #expect(all == used)
        let json = try Self.run(["labels", "--locale", "en", "--format", "json"], input: names).out
        #expect(json.contains("\"І\"") && !json.contains("\"Є\""))
        let jsonFull = try Self.run(["labels", "--locale", "en", "--format", "json", "--full"], input: names).out
        #expect(jsonFull == json)
        let group = try Self.run(["group", "--locale", "en"], input: names).out
        #expect(group == "A\n  Anna\nІ\n  Іван\n")
        // group --full prints the same index as labels and the library, empty sections as headings.
        let groupFull = try Self.run(["group", "--locale", "en", "--full"], input: names).out
        let headings = groupFull.split(separator: "\n").filter { !$0.hasPrefix("  ") }.map(String.init)
        #expect(headings == all.map(String.init))
        let library = try ContactsIndex(locale: "en").sections(of: ["Anna", "Іван"], full: true).map(\.label)
        #expect(headings == library)
        let groupFullJSON = try Self.run(["group", "--locale", "en", "--full", "--format", "json"], input: names).out
        #expect(!groupFullJSON.contains("\"Є\"") && !groupFullJSON.contains("\"Þ\"") && groupFullJSON.contains("\"Я\""))
    }

    @Test("labels --style icu prints every bucket label of ICU's index, … included")
    func icuLabels() throws {
        let result = try Self.run(["labels", "--style", "icu", "--locale", "sv", "--underflow", "<", "--overflow", ">"])
        let reference = try ICU.ReferenceIndex(localeID: "sv", underflow: "<", overflow: ">")
        #expect(result.out == reference.buckets.map { $0.label + "\n" }.joined())
        #expect(result.out.hasPrefix("<\nA\n") && result.out.hasSuffix("Ö\n>\n"))
    }

    @Test("group (contacts) tsv carries the reading column when the entry had one")
    func contactsTSV() throws {
        let result = try Self.run(["group", "--locale", "ja", "--format", "tsv"], input: "Smith\n田中\tたなか\n42\n")
        #expect(result.out == "た\t田中\tたなか\nS\tSmith\n#\t42\n")
    }

    @Test("group --format json: sections with label and items; --full flags the empty ones")
    func json() throws {
        let result = try Self.run(["group", "--locale", "sv", "--format", "json"], input: "Åsa\nAnna\tanna\n")
        let sections = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as! [[String: Any]]
        #expect(sections.map { $0["label"] as! String } == ["A", "Å"])
        let first = (sections[0]["items"] as! [[String: Any]])[0]
        #expect(first["name"] as? String == "Anna" && first["reading"] as? String == "anna" && first["index"] as? Int == 1)
        #expect((sections[1]["items"] as! [[String: Any]])[0]["reading"] is NSNull)
        let full = try Self.run(["group", "--locale", "sv", "--format", "json", "--full"], input: "Åsa\n")
        let all = try JSONSerialization.jsonObject(with: Data(full.out.utf8)) as! [[String: Any]]
        // Every label --full lists: sv's 29 letters and # (CLDR sv index characters), no other
        // language's letter (issue 36).
        let labels = try Self.run(["labels", "--locale", "sv", "--full"], input: "Åsa\n").out.split(separator: "\n").map(String.init)
        #expect(all.map { $0["label"] as! String } == labels)
        #expect(all.count == 30)
        #expect(all.filter { $0["empty"] as? Bool == false }.map { $0["label"] as! String } == ["Å"])
    }

    @Test("group --format text prints readable section headers")
    func text() throws {
        let result = try Self.run(["group", "--locale", "en"], input: "Bob\nalice\n")
        #expect(result.out == "A\n  alice\nB\n  Bob\n")
    }

    @Test("labels shows the groups for the scripts in FILE, or only the primary and --also groups without FILE")
    func contactsLabels() throws {
        let bare = try Self.run(["labels", "--locale", "ru", "--also", "en"])
        #expect(bare.out.split(separator: "\n").first == "А")
        #expect(bare.out.hasSuffix("Z\n#\n"))
        #expect(!bare.out.contains("Α"))
        let withGreek = try Self.run(["labels", "--locale", "ru", "--also", "en"], input: "Άννα\n")
        #expect(withGreek.out.contains("\nΑ\n") && withGreek.out.hasSuffix("Ω\n#\n"))
    }

    @Test("check reports each failure as FILE:LINE: expected X, got Y and ends with N passed, M failed")
    func check() throws {
        let fixture = """
        # Swedish: Å is a letter of its own.
        locale: sv
        labels: A B C D E F G H I J K L M N O P Q R S T U V W X Y Z Å Ä Ö #

        Åsa -> Å
        Östen -> O
        order: Zlatan < Åsa
        this line is not a case
        """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sv-\(UUID().uuidString).fixture")
        try fixture.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try Self.run(["check", url.path])
        #expect(result.code == 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(url.path):6: expected O, got Ö (Östen)"))
        #expect(lines.contains { $0.hasPrefix("\(url.path):8: malformed line") })
        #expect(lines.last == "3 passed, 2 failed")
    }

    @Test("check passes the repository's fixtures")
    func checkFixtures() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".fixture") }
            .map { directory.appendingPathComponent($0).path }
        let result = try Self.run(["check"] + files)
        #expect(result.code == 0, "\(result.out.suffix(2000))")
        #expect(result.out.hasSuffix(" 0 failed\n"))
    }
}

extension CommandTests {
    @Test("--labels adds a phone book's own labels in both styles", arguments: ["contacts", "icu"])
    func customLabelsOption(style: String) throws {
        let result = try Self.run(["--style", style, "--locale", "de", "--labels", "Sch St", "--format", "tsv"],
                                  input: "Schulz\nStein\nSeidel\n")
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out == "S\tSeidel\nSch\tSchulz\nSt\tStein\n")
    }

    @Test("--unread-kanji other puts kanji without a reading in 他, overflow in #; icu style refuses it")
    func unreadKanjiOption() throws {
        let other = try Self.run(["--locale", "ja", "--format", "tsv"], input: "佐藤\n1\n")
        #expect(other.out == "他\t佐藤\n#\t1\n")
        let overflow = try Self.run(["--locale", "ja", "--unread-kanji", "overflow", "--format", "tsv"], input: "佐藤\n1\n")
        #expect(overflow.out == "#\t1\n#\t佐藤\n")
        let refused = try Self.run(["--style", "icu", "--locale", "ja", "--unread-kanji", "other"], input: "佐藤\n")
        #expect(refused.code == 64)
        #expect(refused.err.contains("'--unread-kanji' applies to --style contacts"))
    }
}
