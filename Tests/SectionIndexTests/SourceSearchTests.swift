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
        let matcher = try NameMatcher(locale: locale)
        let list = matcher.prepare(names: names, readings: readings)
        let queries = ["a", "ka", "ch", "li", "ss", "an na", "ö", "ка", "김", "た", "王", "1", "#", "zw", "",
                       String(repeating: "a", count: 20), String(repeating: "a", count: 20) + "b"]
        for query in queries {
            for mode in NameMatcher.Mode.allCases {
                let expected = list.search(query, mode: mode).map { "\($0.position) \($0.label)" }
                let order = matcher.groupedMatches(of: query, in: names, readings: readings, mode: mode)
                let found = order.entries.map { "\($0.position) \(order.labels[$0.section])" }
                #expect(found == expected, "locale \(locale), \"\(query)\" \(mode)")
            }
        }
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
