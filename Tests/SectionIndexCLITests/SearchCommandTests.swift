import Foundation
import Testing
@testable import SectionIndexCLI

/// `section-index search` (issue 7): the matching lines as read, in index order, run in
/// process through `Tool.run` with real files.
@Suite("Search command")
struct SearchCommandTests {
    /// Runs the tool with `input` in a temporary file appended as FILE (or, with
    /// `asStandardInput`, opened as standard input); returns exit code, stdout and stderr.
    static func run(_ arguments: [String], input: String, asStandardInput: Bool = false) throws -> (code: Int32, out: String, err: String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("section-index-search-\(UUID().uuidString).txt")
        try input.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let out = OutputBuffer(), err = OutputBuffer()
        let code = Tool.run(asStandardInput ? arguments : arguments + [url.path], environment: [:],
                            standardInput: asStandardInput ? handle.fileDescriptor : -1,
                            standardOutput: out, standardError: err)
        return (code, out.text, err.text)
    }

    static let japanese = "Smith\n田中 一郎\tたなか いちろう\nTanaka Kazuya\nｽｽﾞｷ ﾊﾅｺ\n"

    @Test("Matching lines as read (name<TAB>reading), in index order: kana sections before Latin under ja")
    func text() throws {
        let result = try Self.run(["search", "--locale", "ja", "tana"], input: Self.japanese)
        #expect(result.code == 0)
        // 田中 by the romaji of its reading, in た; Tanaka in T, after the kana group (contacts rule 2).
        #expect(result.out == "田中 一郎\tたなか いちろう\nTanaka Kazuya\n")
        #expect(result.err == "")
    }

    @Test("--format tsv puts the section label first")
    func tsv() throws {
        let result = try Self.run(["search", "--locale", "ja", "--format", "tsv", "タナ"], input: Self.japanese)
        #expect(result.code == 0)
        // タナ is たな at primary strength (kana), and the half-width ｽｽﾞｷ does not start with it.
        #expect(result.out == "た\t田中 一郎\tたなか いちろう\n")
    }

    @Test("--format json gives label, name, reading, the 0-based input index and 1-based line")
    func json() throws {
        let result = try Self.run(["search", "--locale", "ja", "--format", "json", "suzuki"], input: Self.japanese)
        #expect(result.code == 0)
        #expect(result.out == "[\n  {\"label\":\"さ\",\"name\":\"ｽｽﾞｷ ﾊﾅｺ\",\"reading\":null,\"index\":3,\"line\":4}\n]\n",
                "half-width katakana found by its romaji, in さ")
        let objects = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]]
        #expect(objects?.first?["name"] as? String == "ｽｽﾞｷ ﾊﾅｺ")
        let none = try Self.run(["search", "--locale", "ja", "--format", "json", "xyzzy"], input: Self.japanese)
        #expect(none.out == "[]\n", "an empty array when nothing matches")
    }

    @Test("--mode substring finds the query anywhere; prefix (the default) at word starts")
    func modes() throws {
        let prefix = try Self.run(["search", "--locale", "ja", "aka"], input: Self.japanese)
        #expect(prefix.out == "", "no word begins with aka")
        let substring = try Self.run(["search", "--locale", "ja", "--mode", "substring", "aka"], input: Self.japanese)
        #expect(substring.out == "田中 一郎\tたなか いちろう\nTanaka Kazuya\n", "t-aka-naka: in the romaji of the reading and in Tanaka")
    }

    @Test("Nothing found is success; the language decides: Swedish åsa does not find Asa")
    func nothingFound() throws {
        let result = try Self.run(["search", "--locale", "sv", "åsa"], input: "Asa\nAnna\n")
        #expect(result.code == 0)
        #expect(result.out == "", "Swedish: Å is a letter of its own, typed with its ring it finds only Å")
        let unmarked = try Self.run(["search", "--locale", "sv", "asa"], input: "Åsa\nAnna\n")
        #expect(unmarked.out == "Åsa\n", "a letter typed without marks finds it with marks (issue 15, item 1)")
        let german = try Self.run(["search", "--locale", "de", "asa"], input: "Åsa\nAnna\n")
        #expect(german.out == "Åsa\n", "German: å is an accented a")
    }

    @Test("Standard input is read when FILE is missing")
    func standardInput() throws {
        let result = try Self.run(["search", "--locale", "zh", "zw"], input: "王芳\n张伟\nZoe Wang\n", asStandardInput: true)
        #expect(result.code == 0)
        #expect(result.out == "张伟\nZoe Wang\n", "pinyin initials of 张伟 (zhāng wěi), initials of Zoe Wang; Z: zhang before zoe")
    }

    @Test("--style icu: results in ICU's buckets")
    func icuStyle() throws {
        let result = try Self.run(["search", "--style", "icu", "--locale", "sv", "--format", "tsv", "a"], input: "Åsa\nAsta\nAnna\n")
        #expect(result.out == "A\tAnna\nA\tAsta\nÅ\tÅsa\n", "an unmarked a finds Å too; Swedish: Å is its own bucket, after A")
    }

    @Test("Errors: a bad mode or format is a usage error (64), a missing FILE is 66")
    func errors() throws {
        let mode = try Self.run(["search", "--mode", "fuzzy", "a"], input: "")
        #expect(mode.code == 64)
        let html = try Self.run(["search", "--format", "html", "a"], input: "")
        #expect(html.code == 64)
        let out = OutputBuffer(), err = OutputBuffer()
        let missing = Tool.run(["search", "a", "/nonexistent/names.txt"], environment: [:], standardInput: -1,
                               standardOutput: out, standardError: err)
        #expect(missing == 66)
    }
}
