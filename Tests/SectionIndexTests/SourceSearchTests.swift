import Foundation
import Synchronization
import Testing
import TestSupport
@testable import SectionIndex

/// One search without a prepared list (issue 15, what `section-index search` runs): each
/// entry matched on its own, only the matches grouped. It must find exactly what the prepared
/// list finds, in the same order and sections, since both follow the same rules.
@Suite("Search without preparing")
struct SourceSearchTests {
    @Test("Same matches, order and sections as the prepared list, over the test corpus",
          arguments: ["en", "sv", "ja", "zh", "ko", "ru", "tr"])
    func agreesWithPreparedList(locale: String) throws {
        let rows = Corpus.sample(every: 37)
        let names = rows.map(\.name) + Corpus.awkward + [String(repeating: "a ", count: 5_000)]
        let readings = rows.map(\.reading) + Array(repeating: nil, count: Corpus.awkward.count + 1)
        let queries = ["a", "ka", "ch", "li", "ss", "an na", "ö", "ка", "김", "た", "王", "1", "#", "zw", "",
                       String(repeating: "a", count: 20), String(repeating: "a", count: 20) + "b"]
        try Self.expectSameAsPreparedList(locale: locale, names: names, readings: readings, queries: queries)
    }

    /// Searches the names without preparing and with a prepared list, for every query in
    /// every mode, and expects the same matches, order and sections.
    static func expectSameAsPreparedList(locale: String, names: [String], readings: [String?],
                                         queries: [String]) throws {
        let matcher = try NameMatcher(locale: locale)
        let list = matcher.prepare(names: names, readings: readings)
        for query in queries {
            for mode in NameMatcher.Mode.allCases {
                let expected = list.search(query, mode: mode).map { "\($0.position) \($0.label)" }
                let order = matcher.groupedMatches(of: query, in: names, readings: readings, mode: mode)
                let found = order.entries.map { "\($0.position) \(order.labels[$0.section])" }
                #expect(found == expected, "locale \(locale), \"\(query)\" \(mode)")
            }
        }
    }

    /// Names where a quick look at the characters could go wrong: weights that depend on the
    /// letter before (ー after kana), compatibility forms that hold punctuation (⒜) or other
    /// letters (ﬁ, Ǆ, full width), words begun after a soft hyphen, a joiner, a symbol or a
    /// change of script, contractions, letters whose marks or stroke search drops, and names
    /// found only through a spelling.
    static let trickyNames: [(String, String?)] = [
        ("カーター", nil), ("カー子", "かーこ"), ("ターナー マリ", "たーなー まり"), ("Hawaiʻi Mar", nil),
        ("⒜mar", nil), ("ﬁona Mar", nil), ("Ǆuro Mar", nil), ("Ｍａｒｉａ", nil), ("x\u{00AD}mar", nil),
        ("x\u{200D}mar", nil), ("Mar\u{0301}ia", nil), ("M\u{0301}aria", nil), ("Łukasz", nil), ("Øre Mar", nil),
        ("Ĳsselmar", nil), ("Ⅻ mar", nil), ("⭐Mar", nil), ("🏠Home", nil), ("Марина", nil), ("Мар'яна", nil),
        ("Юрий Галина", nil), ("Μαρία", nil), ("김마리", nil), ("마리아", nil), ("真理", "まり"), ("マリア", nil),
        ("玛丽", nil), ("張長春", nil), ("张长春", nil), ("陳大文", nil), ("吕布", nil), ("사과", nil), ("박지성", nil),
        ("Chalupa", nil), ("Dzsenifer", nil), ("Åsa", nil), ("Aaron Mar", nil), ("Straße", nil), ("İzmir", nil),
        ("ılık", nil), ("Nguyễn Mạnh", nil), ("مريم", nil), ("मारिया", nil), ("มาริ", nil), ("Mar张", nil),
        ("张Mar", nil), ("张伟mar", nil), ("John Paul Jones", nil), ("空海", "くうかい"), ("真司", "しんじ"),
        ("佐藤", "さとう"), ("大野", "おおの"), ("Zoe Wang", nil), ("a" + String(repeating: "r", count: 300) + " 张", nil),
        // Decomposed: й as и + U+0306, が as か + U+3099, 김마리 in conjoining jamo.
        ("Кононов Анани\u{0438}\u{0306}", nil), ("\u{304B}\u{3099}っこう", nil),
        ("\u{1100}\u{1175}\u{11B7}\u{1106}\u{1161}\u{1105}\u{1175}", nil),
    ]

    @Test("Turning away entries early finds what the prepared list finds: queries × locales × modes",
          arguments: ["en", "da", "cs", "hu", "tr", "vi", "ja", "zh-TW", "ko", "uk"])
    func prefilterFindsEverything(locale: String) throws {
        let rows = Corpus.sample(every: 89, offset: 5)
        let names = rows.map(\.name) + Self.trickyNames.map(\.0) + Corpus.awkward
        let readings = rows.map(\.reading) + Self.trickyNames.map(\.1) + Array(repeating: nil, count: Corpus.awkward.count)
        let queries = ["mar", "ma r", "kaz", "かあ", "たあな", "ー", "삭", "ㅈㅅ", "zcc", "changchun", "yuri", "halyna",
                       "nguyen", "lukasz", "sinji", "satoh", "lv", "陈", "ㄔ", "home", "5646", "94264", "c", "dz", "aa",
                       "ß", "ı", "İ", "fi", "ij", "12", "ма ри", "μα", "#", "jpj", "ona", "ananiy", "gakkou", "gim"]
        try Self.expectSameAsPreparedList(locale: locale, names: names, readings: readings, queries: queries)
    }

    /// How often a slow opening ran.
    final class OpeningCount: Sendable {
        let count = Mutex(0)
    }

    @Test("Entries kept for later while Han's readings open are found as the prepared list finds them",
          arguments: ["zh", "en", "zh-TW"])
    func entriesWaitingForHanReadings(locale: String) throws {
        let rows = Corpus.sample(every: 89, offset: 5)
        let names = rows.map(\.name) + Self.trickyNames.map(\.0)
        let readings = rows.map(\.reading) + Self.trickyNames.map(\.1)
        let matcher = try NameMatcher(locale: locale)
        let list = matcher.prepare(names: names, readings: readings)
        for query in ["mar", "zw", "changchun", "王", "陈", "li", "ㄔ", "ma r"] {
            // An opening that takes longer than the search of the other names: every name
            // with a run of Han the prefilter has not met waits for it.
            let openings = OpeningCount()
            let slowOpening = Transliteration.BackgroundOpening(isOpenAlready: { false }, open: {
                openings.count.withLock { $0 += 1 }
                Thread.sleep(forTimeInterval: 0.05)
            })
            let order = matcher.groupedMatches(of: query, in: StringNames(names: names, readings: readings),
                                               mode: .prefix, hanReadings: slowOpening)
            let found = order.entries.map { "\($0.position) \(order.labels[$0.section])" }
            let expected = list.search(query).map { "\($0.position) \($0.label)" }
            #expect(found == expected, "locale \(locale), \"\(query)\"")
            #expect(openings.count.withLock { $0 } == 1, "locale \(locale), \"\(query)\": opened once, names with Han waited")
        }
    }

    @Test("The prefilter turns away entries that cannot match, and keeps those that do")
    func prefilterTurnsAway() throws {
        let rows = Corpus.sample(every: 23, offset: 5)
        let matcher = try NameMatcher(locale: "en")
        let names = rows.map(\.name), readings = rows.map(\.reading)
        let admitted = matcher.prefilterAdmissions(of: "mar", names: names, readings: readings)
        let matching = Set(matcher.prepare(names: names, readings: readings).positions(matching: "mar"))
        #expect(!matching.isEmpty)
        #expect(matching.isSubset(of: admitted), "every match passes")
        #expect(admitted.count < names.count / 4, "most of the \(names.count) names have no word that can begin with m")
    }

    @Test("Many names: the work is shared by every core and the matches come back in index order")
    func manyNames() throws {
        // Above ParallelWork's threshold, so several workers take blocks in turn.
        let names = (0..<20_000).map { "Name\($0 % 7) Family\($0)" }
        let matcher = try NameMatcher(locale: "en")
        let order = matcher.groupedMatches(of: "name3", in: names)
        let expected = matcher.prepare(names: names).search("name3").map(\.position)
        #expect(order.entries.map(\.position) == expected)
        #expect(expected.count == names.indices.filter { $0 % 7 == 3 }.count, "every seventh name begins with Name3")
    }

    @Test("Documentation example")
    func documentationExample() throws {
        let matcher = try NameMatcher(locale: "zh")
        let order = matcher.groupedMatches(of: "zw", in: ["王芳", "张伟", "Zoe Wang"])
        #expect(order.entries.map(\.position) == [1, 2],
                "张伟 by its pinyin initials z(hāng) w(ěi), Zoe Wang by its initials (issue 15, item 2); zhang before zoe")
        #expect(order.entries.map { order.labels[$0.section] } == ["Z", "Z"])
        #expect(matcher.groupedMatches(of: "xyzzy", in: ["Anna"]).entries.isEmpty)
    }
}
