import Collation
import Foundation
import Testing
import TestSupport
@testable import SectionIndex

/// The contacts-style rules (ContactsStyle.md, issue 4). Expected labels come from CLDR index
/// characters (shown by ICU's AlphabeticIndex for each locale) and the languages' rules
/// named at each case.
@Suite("Contacts style")
struct ContactsIndexTests {
    struct Contact: Hashable, Codable, Sendable {
        var name: String
        var reading: String?
        init(_ name: String, _ reading: String? = nil) { self.name = name; self.reading = reading }
    }

    @Test("Rule 1: the reading places the name; leading white space and ignorables do not count", arguments: [
        ("ja", "田中", "たなか", "た"),
        ("ja", "東海林", "しょうじ", "さ"),
        ("en", "  Zoe", nil, "Z"),
        ("en", "\u{200B}Zero", nil, "Z"),
        ("en", "\u{FEFF}\u{200E}Bob", nil, "B"),
        ("en", "\u{00A0}\u{3000}Carl", nil, "C"),
        ("sv", "Smith", "Åberg", "Å"),
    ] as [(String, String, String?, String)])
    func key(locale: String, name: String, reading: String?, label: String) throws {
        #expect(try ContactsIndex(locale: locale).label(for: name, reading: reading) == label, "locale \(locale)")
    }

    @Test("Rule 1: names keep their exact text in the output")
    func namesUntouched() throws {
        let names = ["  Zoe", "\u{200B}Zero", "Anna"]
        let sections = try ContactsIndex(locale: "en").sections(of: names)
        #expect(sections.map(\.label) == ["A", "Z"])
        #expect(Set(sections.flatMap(\.items)) == Set(names))
    }

    @Test("Rule 2: the primary group first, then --also groups in the order given, then other scripts, then #")
    func groupOrder() throws {
        let index = try ContactsIndex(locale: "ru", options: .init(additionalLocales: ["el", "en"]))
        let labels = index.labels
        // CLDR ru index: А Б В … Я (no Ё: it files with Е); el: Α … Ω; en: A … Z.
        #expect(labels.first == "А")
        let alpha = try #require(labels.firstIndex(of: "Α")), a = try #require(labels.firstIndex(of: "A"))
        #expect(labels.firstIndex(of: "Я")! < alpha && alpha < a)
        #expect(labels.last == "#")
        #expect(!labels.contains("Ё"))
    }

    @Test("Rule 2: other scripts found in the data get groups, ordered as the primary collation orders scripts")
    func automaticGroups() throws {
        let index = try ContactsIndex(locale: "en")
        let names = ["Zoë", "Иван", "Ανδρέας", "דוד", "أحمد", "अमित", "สมชาย", "김민수", "たなか", "42"]
        let sections = index.sections(of: names)
        // Root collation's script order: Latin, Greek, Cyrillic, Hebrew, Arabic, Devanagari,
        // Thai, Hangul, kana (CLDR root collation, "[reorder others]" defaults).
        #expect(sections.map(\.label) == ["Z", "Α", "И", "ד", "ا", "अ", "ส", "ㄱ", "た", "#"])
        let labels = index.labels(forNames: names)
        #expect(labels.prefix(26) == ArraySlice((65...90).map { String(UnicodeScalar($0)!) }))
        #expect(labels.last == "#")
    }

    @Test("Labels over a name source (the command line's path) equal labels over strings, whole corpus",
          arguments: ["en", "ja", "zh", "sv", "ru"])
    func labelsOfSource(locale: String) throws {
        // The whole corpus (about 20,000 rows) is past ParallelWork's threshold, so the
        // chunked, parallel path runs; the awkward inputs add scripts with no group.
        let rows = try #require(Corpus.rows)
        let names = rows.map(\.name) + Corpus.awkward
        let readings = rows.map(\.reading) + Corpus.awkward.map { _ in nil }
        let index = try ContactsIndex(locale: locale)
        let expected = index.labels(forNames: names, readings: readings)
        #expect(index.labels(of: StringNames(names: names, readings: readings)) == expected, "locale \(locale)")
        // Only the scripts of the names count: one Cyrillic name brings the whole Cyrillic group.
        #expect(index.labels(of: StringNames(names: ["Иван"])) == index.labels(forNames: ["Иван"]), "locale \(locale)")
    }

    @Test("Rule 2: --scripts none sends other scripts to #; an additional locale claims only new scripts")
    func scriptsNone() throws {
        let index = try ContactsIndex(locale: "sv", options: .init(additionalLocales: ["en"], scripts: .none))
        #expect(index.label(for: "Иван") == "#")
        #expect(index.label(for: "Östen") == "Ö")
        // en adds nothing to sv: Latin is already claimed, so Ü stays with Y (CLDR sv: ü = y).
        #expect(index.label(for: "Üller") == "Y")
        #expect(index.labels.count == 29 + 1)
    }

    @Test("Rule 2: digits, symbols, emoji, marks, private use and empty keys go to #", arguments: [
        "42 Street", "+46 8 123", "😀 Club", "👨‍👩‍👧", "(Office)", "#tag", "\u{0301}", "\u{E000}", "\u{0378}", "", "   ", "\u{200B}",
    ])
    func overflow(name: String) throws {
        #expect(try ContactsIndex(locale: "en").label(for: name) == "#")
    }

    @Test("--overflow renames the last section")
    func overflowLabel() throws {
        let index = try ContactsIndex(locale: "en", options: .init(overflowLabel: "Other"))
        #expect(index.label(for: "123") == "Other")
        #expect(index.labels.last == "Other")
    }

    @Test("Rule 3: Han follows the locale's policy", arguments: [
        // zh: pinyin A–Z; 王 wáng → W, Latin names in the same sections.
        ("zh", nil, "王芳", "W"), ("zh", nil, "Wendy", "W"),
        // zh-Hant and zh-TW: stroke count of the first character; 王 has 4 strokes, 陳 11
        // (阝 3 + 東 8; Taiwan MOE standard forms).
        ("zh-Hant", nil, "王大明", "4劃"), ("zh-TW", nil, "陳大文", "11劃"),
        // Cantonese: Traditional by strokes as in Hong Kong, Simplified by pinyin (陈 chén).
        ("yue", nil, "陳大文", "11劃"), ("yue-Hans", nil, "陈大文", "C"),
        // ja: kanji without a reading go to 他 (no reliable reading; Android's label), with one
        // to its kana row.
        ("ja", nil, "田中", "他"),
        // ko: ICU's Korean collation sorts Hanja by their dictionary Hangul reading: 金 김 → ㄱ;
        // 李 리 → ㅇ: as a surname, 이 by the initial-sound law (ContactsBeyondICUTests).
        ("ko", nil, "金", "ㄱ"), ("ko", nil, "李", "ㅇ"),
        // Other locales: none.
        ("en", nil, "张伟", "#"),
        // Pinyin under a non-Chinese locale: romanised with Han-Latin/Names: 张 zhāng → Z.
        ("en", ContactsIndex.HanPolicy.pinyin, "张伟", "Z"),
        ("ru", ContactsIndex.HanPolicy.pinyin, "李娜", "L"),
        // Stroke and zhuyin under another locale add their group: 王 4 strokes, 张 ㄓㄤ → ㄓ.
        ("en", ContactsIndex.HanPolicy.stroke, "王", "4劃"),
        ("en", ContactsIndex.HanPolicy.zhuyin, "張", "ㄓ"),
    ] as [(String, ContactsIndex.HanPolicy?, String, String)])
    func han(locale: String, policy: ContactsIndex.HanPolicy?, name: String, label: String) throws {
        let index = try ContactsIndex(locale: locale, options: .init(han: policy))
        #expect(index.label(for: name) == label, "locale \(locale) han \(policy.map(\.rawValue) ?? "default")")
    }

    @Test("Chinese surnames are read as surnames unless --names plain", arguments: [
        // 曾 is Zēng as a surname (《现代汉语词典》), céng otherwise; 单 is Shàn, dān otherwise;
        // 单于 is the compound surname Chányú; 仇 is Qiú, chóu otherwise.
        ("zh", nil, "曾志伟", "Z", "C"),
        ("zh", nil, "单田芳", "S", "D"),
        ("zh", nil, "仇英", "Q", "C"),
        ("en", ContactsIndex.HanPolicy.pinyin, "曾志伟", "Z", "C"),
        ("en", ContactsIndex.HanPolicy.pinyin, "单于明", "C", "D"),
        ("ja", ContactsIndex.HanPolicy.pinyin, "單田芳", "S", "D"),
    ] as [(String, ContactsIndex.HanPolicy?, String, String, String)])
    func surnames(locale: String, han: ContactsIndex.HanPolicy?, name: String, personal: String, plain: String) throws {
        let personalIndex = try ContactsIndex(locale: locale, options: .init(han: han, names: .personal))
        let plainIndex = try ContactsIndex(locale: locale, options: .init(han: han, names: .plain))
        #expect(personalIndex.label(for: name) == personal, "locale \(locale) personal")
        #expect(plainIndex.label(for: name) == plain, "locale \(locale) plain")
    }

    @Test("Inside a pinyin section, names order by the surname-aware reading")
    func surnameOrder() throws {
        // zang < zeng < zhang: 曾志伟 (Zēng) sits among the "zeng" names, not the "ceng" ones.
        let sections = try ContactsIndex(locale: "zh").sections(of: ["张三", "曾志伟", "臧天朔", "岑凯伦"])
        #expect(sections.map(\.label) == ["C", "Z"])
        #expect(sections.last?.items == ["臧天朔", "曾志伟", "张三"])
    }

    @Test("Chinese as an additional locale places Han names, which ICU's addLabels cannot", arguments: [
        // 张 zhāng → Z by pinyin; 王 has 4 strokes (Taiwan MOE); 張 ㄓㄤ → ㄓ.
        ("en", "zh", "张伟", "Z"), ("ru", "zh-Hans", "李娜", "L"),
        ("en", "zh-Hant", "王大明", "4劃"), ("en", "zh-u-co-zhuyin", "張", "ㄓ"),
    ])
    func chineseAsAdditional(locale: String, also: String, name: String, label: String) throws {
        let index = try ContactsIndex(locale: locale, options: .init(additionalLocales: [also]))
        #expect(index.label(for: name) == label, "locale \(locale) also \(also)")
        // Without the additional locale, Han goes to # in these locales.
        #expect(try ContactsIndex(locale: locale).label(for: name) == "#")
    }

    @Test("Rule 3: default Han policies by locale", arguments: [
        ("zh", "pinyin"), ("zh-Hans", "pinyin"), ("zh-CN", "pinyin"), ("zh-SG", "pinyin"),
        ("zh-Hant", "stroke"), ("zh-TW", "stroke"), ("zh-HK", "stroke"), ("zh-MO", "stroke"),
        ("zh-u-co-zhuyin", "zhuyin"), ("ja", "reading"), ("ko", "reading"), ("en", "none"), ("sv", "none"),
    ])
    func defaultPolicy(locale: String, policy: String) throws {
        #expect(try ContactsIndex(locale: locale).hanPolicy.rawValue == policy, "locale \(locale)")
    }

    @Test("Rule 4: inside a section by the section's collation, numeric on; ties by name, then input order")
    func order() throws {
        let index = try ContactsIndex(locale: "en")
        let contacts = [Contact("File 10"), Contact("File 2"), Contact("Fay", "Fay"), Contact("Fay"), Contact("fay")]
        let section = try #require(index.sections(of: contacts, name: \.name, reading: \.reading).first)
        #expect(section.label == "F")
        #expect(section.items.map(\.name) == ["fay", "Fay", "Fay", "File 2", "File 10"])
        #expect(section.items[1].reading == "Fay" && section.items[2].reading == nil)

        // sv: the Swedish section order, Å Ä Ö after Z (CLDR sv).
        let swedish = try ContactsIndex(locale: "sv").sections(of: ["Östen", "Åsa", "Ängel", "Zlatan", "Anna"])
        #expect(swedish.map(\.label) == ["A", "Z", "Å", "Ä", "Ö"])
    }

    @Test("Rule 4: --full keeps every letter of the alphabets present, empty ones too, not other languages' letters")
    func full() throws {
        let index = try ContactsIndex(locale: "sv")
        let sections = index.sections(of: ["Åsa"], full: true)
        #expect(sections.map(\.label) == index.labels(of: StringNames(names: ["Åsa"]), full: true))
        // Swedish's own letters (CLDR sv index characters A–Z Å Ä Ö) and #: no Sami Ŋ, no Ă, no Ơ.
        #expect(sections.map(\.label) == index.labels)
        #expect(sections.map(\.label) == "ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖ".map(String.init) + ["#"])
        let order = index.groupedOrder(names: ["Åsa"], readings: [nil])
        #expect(order.fullIndexSections.map { order.labels[$0] } == sections.map(\.label))
        #expect(sections.filter { !$0.items.isEmpty }.map(\.label) == ["Å"])
    }

    @Test("Rule 6: a letter of another language of the script gets a section where the group's collation sorts it apart",
          arguments: [
              // Sources: CLDR index characters of uk (І Є), sr (Ј), kk (Қ Ө), is (Þ), ru (Ы Э), en (K);
              // root collation (DUCET) for where each sorts and which are variants.
              ("en", "Іван", "І"), ("en", "Євген", "Є"), ("en", "Јелена", "Ј"), ("en", "Қасым", "Қ"),
              ("en", "Өлзий", "Ө"), ("en", "Þóra", "Þ"),
              // In another script of the list (Cyrillic in an English one), letters the group's
              // collation sorts with one of its own (Ї = І + ◌̈; root sorts Ґ with Г) get their
              // section where their language puts them (CLDR uk &Г<ґ, Ї after І), unless the
              // group's language knows them: Ё is Russian (CLDR ru exemplars), filed with Е.
              ("en", "Їжак", "Ї"), ("en", "Ёлкин", "Е"), ("en", "Ґанна", "Ґ"),
              // In the list's own script, the list's own letters (issue 34): Ł (L with a stroke,
              // root: a secondary difference) under L in English and German, as ICU's en and de
              // indexes file it; Ґ under Г and Ї with І in Russian.
              ("en", "Łukasz", "L"), ("de", "Łukasz", "L"), ("ru", "Ґанна", "Г"), ("ru", "Їжак", "І"),
              // The primary locale's letters come first: Ukrainian's Ґ and Ї are its own.
              ("uk", "Ґанна", "Ґ"), ("uk", "Їжак", "Ї"), ("uk", "Эдуард", "Э"), ("ru", "Іван", "І"),
              ("ru", "Ёлкин", "Е"), ("gd", "Kenneth", "K"), ("pl", "Łukasz", "Ł"),
          ] as [(String, String, String)])
    func extraLetters(locale: String, name: String, label: String) throws {
        let index = try ContactsIndex(locale: locale)
        #expect(index.label(for: name) == label, "locale \(locale)")
        #expect(index.sections(of: [name]).map(\.label) == [label], "locale \(locale)")
    }

    @Test("Rule 6: other languages' letters are in the side index only when a name is under them, or with full")
    func extraLettersInTheSideIndex() throws {
        let index = try ContactsIndex(locale: "en")
        let names = ["Anna", "Іван", "Борис"]
        let used = index.labels(forNames: names)
        #expect(used.contains("І") && !used.contains("Є") && !used.contains("Þ"))
        #expect(index.labels(of: StringNames(names: names)) == used)
        // The full index is the same: other languages' letters only where a name is (issue 36).
        let all = index.labels(of: StringNames(names: names), full: true)
        #expect(all == used)
        #expect(index.sections(of: names, full: true).map(\.label) == all)
        #expect(index.sections(of: names).map(\.label) == ["A", "Б", "І"])
        #expect(!index.labels.contains("Þ"), "no names, no extra letters")
        let order = index.groupedOrder(names: names, readings: [nil, nil, nil])
        #expect(order.extraLetters.map { order.labels[$0] }.contains("Є"))
        #expect(!order.extraLetters.map { order.labels[$0] }.contains("Б"))
    }

    @Test("Rule 5: nothing lost, whatever the input, for every style of list",
          arguments: ["en", "ja", "zh", "zh-Hant", "ko", "ru", "sv", "ar", "th", "hi"])
    func nothingLost(locale: String) throws {
        let rows = Corpus.sample(every: 4)
        let entries = rows.map { Contact($0.name, $0.reading) } + Corpus.awkward.map { Contact($0) }
        let sections = try ContactsIndex(locale: locale).sections(of: entries, name: \.name, reading: \.reading)
        let out = sections.flatMap(\.items)
        #expect(out.count == entries.count, "locale \(locale)")
        #expect(out.sorted { $0.name + "\u{1}" + ($0.reading ?? "") < $1.name + "\u{1}" + ($1.reading ?? "") }
                == entries.sorted { $0.name + "\u{1}" + ($0.reading ?? "") < $1.name + "\u{1}" + ($1.reading ?? "") })
        #expect(Set(sections.map(\.label)).count == sections.count, "section labels are unique ids")
    }

    @Test("Pinned sections come first, without an index label")
    func pinned() throws {
        let index = try ContactsIndex(locale: "en")
        let favourites: Set<String> = ["Zoe", "Adam"]
        let sections = index.sections(of: ["Zoe", "Bob", "Adam"], name: \.self,
                                      pinned: PinnedSection(title: "Favourites") { favourites.contains($0) })
        #expect(sections.first?.kind == .pinned)
        #expect(sections.first?.items == ["Adam", "Zoe"])
        #expect(sections.dropFirst().map(\.label) == ["A", "B", "Z"])
        #expect(!index.labels.contains("Favourites"))
    }

    @Test("Incremental insertion agrees with grouping everything again", arguments: ["en", "ja", "sv", "zh"])
    func incremental(locale: String) throws {
        let index = try ContactsIndex(locale: locale)
        var entries = Corpus.sample(every: 41).map { Contact($0.name, $0.reading) }
        let newcomers = Corpus.sample(every: 401, offset: 7).map { Contact($0.name, $0.reading) } + [Contact("42"), Contact("Ωmega")]
        var sections = index.sections(of: entries, name: \.name, reading: \.reading)
        for newcomer in newcomers {
            let point = index.insertionPoint(for: newcomer, in: sections, name: \.name, reading: \.reading)
            if point.createsSection {
                sections.insert(Section(label: point.label, kind: point.kind, items: [newcomer]), at: point.section)
            } else {
                sections[point.section].items.insert(newcomer, at: point.row)
            }
            entries.append(newcomer)
            let regrouped = index.sections(of: entries, name: \.name, reading: \.reading)
            #expect(sections == regrouped, "locale \(locale) after inserting \(newcomer.name)")
            sections = regrouped
        }
    }

    @Test("Sections are Codable")
    func codable() throws {
        let sections = try ContactsIndex(locale: "ja").sections(of: [Contact("田中", "たなか"), Contact("Smith")],
                                                               name: \.name, reading: \.reading)
        let data = try JSONEncoder().encode(sections)
        let decoded = try JSONDecoder().decode([Section<Contact>].self, from: data)
        #expect(decoded == sections)
        #expect(decoded.map(\.id) == ["た", "S"])
    }

    @Test("One index shared by many tasks answers as one thread does")
    func concurrency() async throws {
        let index = try ContactsIndex(locale: "ja")
        let entries = Corpus.sample(every: 10).map { Contact($0.name, $0.reading) }
        let expected = index.sections(of: entries, name: \.name, reading: \.reading)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { index.sections(of: entries, name: \.name, reading: \.reading) == expected }
            }
            for try await same in group { #expect(same) }
        }
    }

    @Test("ASCII is answered without ICU, with ICU's answers: White_Space, script, no mark, no ignorable")
    func asciiAnswersAreICUs() {
        for value in UInt32(0)..<0x80 {
            let scalar = Unicode.Scalar(value)!, byte = UInt8(value)
            #expect(ContactsIndex.isASCIIWhiteSpace(byte) == (ICU.isWhiteSpace(scalar) || ICU.isDefaultIgnorable(scalar)),
                    "U+\(String(value, radix: 16))")
            #expect(!ICU.isMark(scalar), "U+\(String(value, radix: 16))")
            // The first base character decides unless it is a letter of the Common script.
            let script = Script(of: scalar)
            #expect(script == Script.latin || (script == Script.common && !ICU.isLetterOrUnassigned(scalar)),
                    "U+\(String(value, radix: 16))")
            #expect(ContactsIndex.asciiScript(byte) == script, "U+\(String(value, radix: 16))")
        }
    }

    @Test("One pass over the names groups them as two passes do (key choices first, then keys)", arguments: [
        ("en", []), ("ja", []), ("zh", []), ("zh-Hant", []), ("ko", []), ("sr-Latn", []), ("sv", ["ru", "el"]),
        ("ar", ["en"]), ("uk", []), ("haw", []),
    ] as [(String, [String])])
    func onePassIsTwoPasses(locale: String, also: [String]) throws {
        let rows = Corpus.sample(every: 3)
        let names = rows.map(\.name) + Corpus.awkward, readings = rows.map(\.reading) + Corpus.awkward.map { _ in nil }
        let index = try ContactsIndex(locale: locale, options: .init(additionalLocales: also))
        let source = StringNames(names: names, readings: readings)
        let twoPasses = index.groupInTwoPasses(source)
        let onePass = try #require(index.groupInOnePass(source), "locale \(locale)")
        #expect(onePass.layout.labels == twoPasses.layout.labels, "locale \(locale)")
        #expect(onePass.order.map(\.position) == twoPasses.order.map(\.position), "locale \(locale)")
        #expect(onePass.order.map(\.section) == twoPasses.order.map(\.section), "locale \(locale)")
    }

}
