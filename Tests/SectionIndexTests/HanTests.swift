import Collation
import Testing
@testable import SectionIndex

/// Han in one place: the policy's resolution, and the one pinyin romanizer that placement and
/// search share.
@Suite struct HanTests {
    typealias HanPolicy = ContactsIndex.HanPolicy

    /// The command line lists these values (`--han`) and fixtures use them (`han:`).
    @Test func policiesKeepTheirNames() {
        #expect(HanPolicy.allCases.map(\.rawValue) == ["pinyin", "stroke", "zhuyin", "reading", "none"])
    }

    /// What each policy resolves to, by the rules of <doc:ContactsStyle>: personal names are
    /// romanised (surname readings), plain pinyin under a pinyin collation is the collation's,
    /// a policy the locale's collation gives is that collation's, stroke and zhuyin elsewhere
    /// add a Chinese group, anything else is `#`.
    @Test(arguments: [
        ("zh", nil, .personal, "romanize personal"),
        ("zh", .pinyin, .plain, "claimed zh"),
        ("en", .pinyin, .plain, "romanize plain"),
        ("zh-Hant", nil, .personal, "claimed zh_Hant"),
        ("en", .stroke, .personal, "group zh_Hant"),
        ("en", .zhuyin, .personal, "group zh@collation=zhuyin"),
        ("ko", nil, .personal, "claimed ko"),
        ("ja", nil, .personal, "overflow"),
        ("en", nil, .personal, "overflow"),
        ("zh", HanPolicy.none, .personal, "overflow"),
    ] as [(String, HanPolicy?, ContactsIndex.NamePolicy, String)])
    func resolution(locale: String, han: HanPolicy?, names: ContactsIndex.NamePolicy, expected: String) throws {
        let index = try ContactsIndex(locale: locale, options: .init(han: han, names: names))
        let got = switch index.hanHandling {
        case .romanize(let pinyin): "romanize " + (pinyin.personalNames ? "personal" : "plain")
        case .claimedBy(let localeID): "claimed " + localeID
        case .extraGroup(let localeID): "group " + localeID
        case .overflow: "overflow"
        }
        #expect(got == expected, "locale \(locale), han \(han.map(\.rawValue) ?? "default")")
    }

    @Test func searchReadsHanAsPinyinUnlessPlacedByReading() {
        #expect(HanPolicy.reading.searchPinyin(names: .personal) == nil)
        #expect(HanPolicy.pinyin.searchPinyin(names: .personal) == PinyinRomanizer(personalNames: true))
        #expect(HanPolicy.stroke.searchPinyin(names: .plain) == PinyinRomanizer(personalNames: false))
        #expect(HanPolicy.none.searchPinyin(names: .plain) == PinyinRomanizer(personalNames: false))
    }

    /// Surname readings from ``ChineseSurnames`` (曾 Zēng, 单于 Chányú, 欧阳 Ōuyáng, 万俟 Mòqí),
    /// given names as ICU reads them: placement's key is search's syllables run together.
    @Test(arguments: ["曾志伟", "张伟", "王小明", "单于明", "欧阳娜娜", "万俟卨", "李娜", "诸葛亮", "田中太郎"])
    func placementAndSearchGiveTheSamePinyin(name: String) {
        for personal in [true, false] {
            let pinyin = PinyinRomanizer(personalNames: personal)
            #expect(pinyin.key(of: Substring(name)) == pinyin.syllables(of: name, atStart: true).joined(),
                    "\(name), personal \(personal)")
        }
    }

    /// 曾 is Zēng as a surname and céng elsewhere (现代汉语词典); the syllables are those of
    /// ChineseSurnames' documentation example.
    @Test func surnameReadings() {
        let personal = PinyinRomanizer(personalNames: true)
        #expect(personal.key(of: "曾志伟") == "zēngzhìwěi")
        #expect(personal.syllables(of: "曾志伟", atStart: true) == ["zēng", "zhì", "wěi"])
        #expect(NameForms.initials(of: "zēng zhì wěi") == "z z w", "search's initials of the syllables, each a word")
        #expect(PinyinRomanizer.surname(of: "单于明")?.pinyin == "chányú")
        #expect(PinyinRomanizer(personalNames: false).key(of: "曾志伟").hasPrefix("céng"))
    }

    /// Placement and search read one surname table: the name goes under Z and is found by
    /// "zeng" exactly when surnames are read as surnames.
    @Test(arguments: [(ContactsIndex.NamePolicy.personal, "Z", "zeng", "ceng"), (.plain, "C", "ceng", "zeng")])
    func placementAndSearchAgree(names: ContactsIndex.NamePolicy, label: String, found: String, notFound: String) throws {
        let index = try ContactsIndex(locale: "zh", options: .init(names: names))
        let matcher = try NameMatcher(index: index)
        #expect(index.label(for: "曾志伟") == label)
        #expect(matcher.matches(name: "曾志伟", query: found))
        #expect(!matcher.matches(name: "曾志伟", query: notFound))
    }
}
