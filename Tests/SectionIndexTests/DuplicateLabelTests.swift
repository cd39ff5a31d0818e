import Testing
import TestSupport
@testable import Collation
@testable import SectionIndex

/// No side index shows the same label twice (issue 37): two sections with one label, as a
/// zhuyin index had two ㄅ sections (one for 八, one of the Bopomofo script's own letters),
/// leave the reader no way to tell where a name is. Labels that only look alike (Đ and Ð) are
/// issue 34's test; this one checks exact duplicates.
@Suite("Duplicate labels")
struct DuplicateLabelTests {
    /// Every locale ICU has, and the Chinese collation keywords that change a Han index.
    static let locales: [String] = ICU.availableLocaleIDs + [
        "zh@collation=pinyin", "zh@collation=stroke", "zh@collation=zhuyin", "zh_Hant@collation=zhuyin", "root",
    ]

    /// A name in each script with an index of its own, Han and Bopomofo (whose sections the Han
    /// policies decide), kana and Hangul, and the awkward inputs: every group an index can
    /// bring in. The labels are asked for with `full`, so every letter of those groups counts,
    /// the letters of other languages included.
    static let names: [String] = [
        "Anna", "Łukasz", "Иван", "Їжак", "Ωμέγα", "Արամ", "გიორგი", "אבי", "أحمد", "کامران", "ئیلاف",
        "कमल", "ॐ प्रकाश", "কমল", "ਕਮਲ", "કમલ", "କମଲ", "கமலா", "కమల", "ಕಮಲ", "കമല", "කමල", "สมชาย", "ສົມ",
        "ཀརྨ", "ကို", "ሀይሌ", "Ꮳ", "ⴰⵎⴰⵣⵉⵖ", "ދިވެހި", "ܐܪܡ", "ߒߞߏ", "ᠮᠣᠩᠭᠣᠯ", "ꆈꌠ", "ᓀᐦᐃᔭᐍᐏᐣ", "𞤀𞤣𞤤𞤢𞤥",
        "たなか", "タナカ", "김민준", "王小明", "曾國藩", "八", "ㄅ", "ㄅㄚ", "ㆠ",
    ] + Corpus.awkward

    @Test("No index of any locale and Han policy shows a label twice", arguments: ContactsIndex.HanPolicy.allCases)
    func noLabelTwice(han: ContactsIndex.HanPolicy) throws {
        let names = StringNames(names: Self.names)
        for locale in Self.locales {
            let index = try ContactsIndex(locale: locale, options: .init(han: han))
            for labels in [index.labels, index.labels(of: names, full: true), index.labels(of: names, full: false)] {
                var seen = Set<String>()
                let twice = labels.filter { !seen.insert($0).inserted }
                #expect(twice.isEmpty, "locale \(locale), han \(han.rawValue): \(twice) twice")
            }
        }
    }

    /// What the test above would report: the zhuyin index before issue 37 had ㄅ twice, once
    /// for Han names and once for the Bopomofo script's own letters, each a section of its own.
    @Test("A name typed in Bopomofo and a Han name read with its letter share one section")
    func bopomofoSharesTheZhuyinSection() throws {
        for locale in ["en", "zh-Hant", "zh-TW"] {
            let index = try ContactsIndex(locale: locale, options: .init(han: .zhuyin))
            let sections = index.sections(of: ["八", "ㄅ"])
            #expect(sections.map(\.label) == ["ㄅ"], "locale \(locale)")
        }
    }
}
