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

    // MARK: - Zhuyin (issue 37)

    /// The zhuyin labels of CLDR zh's zhuyin collation (its index characters ㄅ … ㄩ).
    static let zhuyinLabels = try! ContactsIndex(locale: "zh-u-co-zhuyin").labels.dropLast()

    /// One zhuyin index under every Traditional Chinese locale: the zhuyin group takes the
    /// stroke counts' place (they claim no script, and no name is under them once Han goes by
    /// zhuyin), with or without names, with or without `full`.
    @Test(arguments: ["zh-Hant", "zh-TW", "zh-HK", "zh-MO", "yue", "yue-HK", "zh-u-co-zhuyin"])
    func zhuyinIndexIsOneIndex(locale: String) throws {
        let index = try ContactsIndex(locale: locale, options: .init(han: .zhuyin))
        #expect(index.labels == Array(Self.zhuyinLabels) + ["#"], "locale \(locale)")
        #expect(index.labels(of: StringNames(names: []), full: true) == index.labels, "locale \(locale): --full without names")
        let names = ["八", "ㄅ", "ㄅㄚ"]
        let sections = index.sections(of: names, full: true)
        #expect(sections.map(\.label) == index.labels, "locale \(locale): no stroke label, no second Bopomofo set")
        #expect(sections.first?.items == ["ㄅ", "ㄅㄚ", "八"], "locale \(locale): Bopomofo-typed names first in their section")
        #expect(!index.labels.contains { $0.hasSuffix("劃") }, "locale \(locale)")
    }

    /// Under a locale whose own group is not Han's (English, Simplified Chinese's pinyin
    /// A–Z), the zhuyin group is added after it and takes Bopomofo too: one ㄅ section.
    @Test(arguments: ["en", "zh", "ja"])
    func zhuyinGroupClaimsBopomofo(locale: String) throws {
        let index = try ContactsIndex(locale: locale, options: .init(han: .zhuyin))
        let sections = index.sections(of: ["八", "ㄅ", "ㄓㄤ", "張"])
        #expect(sections.map(\.label) == ["ㄅ", "ㄓ"], "locale \(locale)")
        #expect(sections.map(\.items) == [["ㄅ", "八"], ["ㄓㄤ", "張"]], "locale \(locale)")
        let labels = index.labels(forNames: ["八", "ㄅ"])
        #expect(labels.filter { $0 == "ㄅ" }.count == 1, "locale \(locale)")
        #expect(!labels.contains("ㆬ"), "locale \(locale): no second set of the script's letters")
    }

    /// Surname readings (ChineseSurnames; 《重編國語辭典修訂本》 gives the same: 曾 ㄗㄥ, 單
    /// ㄕㄢˋ, 仇 ㄑㄧㄡˊ, 解 ㄒㄧㄝˋ) under zhuyin as under pinyin, and only with personal names;
    /// a surname the collation files under its reading's letter keeps its Han key.
    @Test(arguments: [
        ("曾國藩", "ㄗ", "Z", "ㄘ"), ("單田芳", "ㄕ", "S", "ㄉ"), ("仇英", "ㄑ", "Q", "ㄔ"), ("解縉", "ㄒ", "X", "ㄐ"),
        ("單于明", "ㄔ", "C", "ㄉ"), ("萬俟卨", "ㄇ", "M", "ㄨ"), ("尉遲恭", "ㄩ", "Y", "ㄨ"),
    ])
    func zhuyinReadsSurnames(name: String, zhuyin: String, pinyin: String, plain: String) throws {
        for locale in ["zh-TW", "zh-u-co-zhuyin", "en"] {
            let personal = try ContactsIndex(locale: locale, options: .init(han: .zhuyin))
            #expect(personal.label(for: name) == zhuyin, "locale \(locale), \(name)")
            let plainIndex = try ContactsIndex(locale: locale, options: .init(han: .zhuyin, names: .plain))
            #expect(plainIndex.label(for: name) == plain, "locale \(locale), \(name), plain")
        }
        #expect(try ContactsIndex(locale: "zh-TW", options: .init(han: .pinyin)).label(for: name) == pinyin, "\(name)")
    }

    /// Every Bopomofo letter of Mandarin's table goes to its own section, or (ㄝ, no section
    /// of CLDR's zhuyin index) to the one before; the key stays in its section's order.
    @Test func everyBopomofoLetterHasItsSection() throws {
        let index = try ContactsIndex(locale: "zh-TW", options: .init(han: .zhuyin))
        for value in ZhuyinSections.letters {
            let letter = String(Unicode.Scalar(value)!)
            let expected = Self.zhuyinLabels.contains(letter) ? letter : "ㄜ"
            #expect(index.label(for: letter) == expected, "\(letter)")
            #expect(index.label(for: letter + "ㄚ") == expected, "\(letter)ㄚ")
        }
        #expect(!Self.zhuyinLabels.contains("ㄝ"), "the one letter without a section of its own")
    }
}

