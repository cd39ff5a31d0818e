import Testing
import Collation
@testable import SectionIndex

/// Contacts style where ICU's data falls short (issue 16; ContactsStyle.md, rule 6). The
/// fixture files hold a line per case; these tests cover the tables and options themselves.
@Suite("Contacts style beyond ICU's data")
struct ContactsBeyondICUTests {
    /// The index label of a Hangul syllable: its initial consonant as a compatibility jamo,
    /// a tense consonant under its plain one (Unicode's Hangul syllable arithmetic: 21 × 28
    /// syllables per initial, from U+AC00).
    static func koreanLabel(of reading: String) -> String {
        let initials = Array("ㄱㄱㄴㄷㄷㄹㅁㅂㅂㅅㅅㅇㅈㅈㅊㅋㅌㅍㅎ")
        let syllable = reading.unicodeScalars.first!.value
        return String(initials[Int((syllable - 0xAC00) / (21 * 28))])
    }

    @Test("Korean Hanja surnames: the surname reading with personal names, ICU's dictionary reading with plain",
          arguments: KoreanSurnames.entries.map { ($0.hanja, $0.reading, $0.collationReading) })
    func koreanSurname(hanja: Character, reading: String, dictionaryReading: String) throws {
        let name = String(hanja) + "明"
        let personal = try ContactsIndex(locale: "ko")
        let plain = try ContactsIndex(locale: "ko", options: .init(names: .plain))
        #expect(personal.label(for: name) == Self.koreanLabel(of: reading), "\(hanja) \(reading)")
        #expect(plain.label(for: name) == Self.koreanLabel(of: dictionaryReading), "\(hanja) \(dictionaryReading)")
    }

    @Test("A Hanja surname sorts among the Hangul names of its reading")
    func koreanSurnameOrder() throws {
        let names = ["임꺽정", "李舜臣", "이수진", "리영희", "林"]
        let sections = try ContactsIndex(locale: "ko").sections(of: names)
        // 리 (ㄹ) stays under ㄹ; 이수진 < 李舜臣 (Hangul before Hanja at the second character,
        // CLDR ko [reorder Hang Hani]) < 林 (임) < 임꺽정.
        #expect(sections.map(\.label) == ["ㄹ", "ㅇ"])
        #expect(sections.last?.items == ["이수진", "李舜臣", "林", "임꺽정"])
    }

    @Test("The surname reading applies only to the first character")
    func koreanSurnameKey() {
        #expect(KoreanSurnames.key(of: "李舜臣") == "이舜臣")
        #expect(KoreanSurnames.key(of: "金九") == nil)
        #expect(KoreanSurnames.key(of: "") == nil)
    }
}

extension ContactsBeyondICUTests {
    @Test("Japanese kanji without a reading: 他 after the kana rows, or # with unreadKanji: .overflow", arguments: [
        (ContactsIndex.UnreadKanjiPolicy.other, "他"), (.overflow, "#"),
    ])
    func unreadKanji(policy: ContactsIndex.UnreadKanjiPolicy, label: String) throws {
        let index = try ContactsIndex(locale: "ja", options: .init(unreadKanji: policy))
        #expect(index.label(for: "佐藤") == label)
        #expect(index.label(for: "佐藤", reading: "さとう") == "さ")
        // Android's order: the kana rows, then 他; # stays last.
        #expect(Array(index.labels.suffix(3)) == (policy == .other ? ["わ", "他", "#"] : ["ら", "わ", "#"]))
        let sections = index.sections(of: ["佐藤", "１２３", "わたなべ"])
        #expect(sections.map(\.label) == (policy == .other ? ["わ", "他", "#"] : ["わ", "#"]))
    }

    @Test("他 is Japanese only: Han under a locale without a Han policy still goes to #")
    func unreadKanjiOnlyJapanese() throws {
        #expect(try ContactsIndex(locale: "en").label(for: "佐藤") == "#")
        #expect(try ContactsIndex(locale: "en", options: .init(additionalLocales: ["ja"])).label(for: "佐藤") == "他")
        #expect(try ContactsIndex(locale: "zh-Hant").label(for: "佐藤") == "7劃")
    }

    @Test("The unread-kanji setting reads the same as a header and refuses ICU style")
    func unreadKanjiSetting() throws {
        let settings = try IndexSettings(locale: "ja", settings: [("unread-kanji", "overflow")])
        #expect(settings.unreadKanji == .overflow)
        #expect(throws: SettingsError.self) { try IndexSettings(locale: "ja", settings: [("unread-kanji", "hash")]) }
        #expect(throws: SettingsError.self) {
            try IndexSettings(locale: "ja", settings: [("style", "icu"), ("unread-kanji", "other")])
        }
    }
}

extension ContactsBeyondICUTests {
    @Test("Letters a language has beyond its CLDR index characters get sections in contacts style",
          arguments: ContactsLetters.entries.flatMap { entry in entry.letters.map { (entry.localeID, $0) } })
    func addedLetter(locale: String, letter: String) throws {
        let index = try ContactsIndex(locale: locale == "es" ? "es-u-co-trad" : locale)
        #expect(index.labels.contains(letter), "locale \(locale): \(letter)")
        #expect(index.label(for: letter) == letter, "locale \(locale): \(letter)")
        // ICU style stays ICU's: the letter is not a label there.
        #expect(!(try AlphabeticIndex(locale: locale == "es" ? "es@collation=traditional" : locale).labels.contains(letter)),
                "locale \(locale): \(letter)")
    }

    @Test("A language's other script uses that language's letters", arguments: [
        ("sr-Latn", "Ђорђе", "Ђ"), ("sr-Latn", "Љиљана", "Љ"), ("sr-Latn", "Јелена", "Ј"),
        ("sr", "Čedomir", "Č"), ("sr", "Ćosić", "Ć"), ("sr", "Đorđe", "Đ"),
        ("bs", "Џемал", "Џ"),
        // No such locale: the likely locale of the script (ru for Cyrillic), and in it Serbian's
        // Ј as another language's letter (rule 6), not Russian's Й.
        ("en", "Јелена", "Ј"), ("en", "Ђорђе", "Ђ"),
    ])
    func otherScriptOfLanguage(locale: String, name: String, label: String) throws {
        #expect(try ContactsIndex(locale: locale).label(for: name) == label, "locale \(locale)")
    }

    @Test("Custom labels join the primary group in both styles, as ICU's addLabels", arguments: IndexSettings.Style.allCases)
    func customLabels(style: IndexSettings.Style) throws {
        var settings = try IndexSettings(locale: "de", settings: [("labels", "A B C Sch St")])
        settings.style = style
        #expect(settings.labels == ["A", "B", "C", "Sch", "St"])
        let index = try settings.makeIndex()
        // A German phone book: Sch and St are sections of their own; other S names stay in S.
        #expect(index.label(for: "Schulz", reading: nil) == "Sch")
        #expect(index.label(for: "Stein", reading: nil) == "St")
        #expect(index.label(for: "Seidel", reading: nil) == "S")
        #expect(index.label(for: "Sauer", reading: nil) == "S")
        #expect(index.label(for: "Szabo", reading: nil) == "S", "after St, back to S through ICU's hidden bucket")
    }

    @Test("Custom labels: an empty value is refused with the key named")
    func customLabelsEmpty() {
        #expect(throws: SettingsError.self) { try IndexSettings(locale: "de", settings: [("labels", " ")]) }
    }
}

extension ContactsBeyondICUTests {
    @Test("Urdu names typed with Arabic letters file under the Urdu letters", arguments: [
        ("كريم", "ک"), ("يوسف", "ی"), ("هارون", "ہ"), ("إبراهيم", "ا"), ("کریم", "ک"), ("علی", "ع"),
    ])
    func urduLetterVariants(name: String, label: String) throws {
        #expect(try ContactsIndex(locale: "ur").label(for: name) == label)
    }

    /// Expected sections: the Persian alphabet's, as CLDR fa collation files the Arabic forms
    /// (Fixtures/mzn.fixture and Fixtures/lrc.fixture name the sources).
    @Test("Mazanderani and Northern Luri names typed with Arabic letters file under the Persian alphabet's", arguments: [
        ("mzn", "كريم", "ک"), ("mzn", "يوسف", "ی"), ("mzn", "أحمد", "ا"), ("mzn", "إبراهیم", "ا"), ("mzn", "هراز", "ه"),
        ("lrc", "كريم", "ک"), ("lrc", "أحمد", "ا"), ("lrc", "هوشنگ", "ھ"), ("lrc", "آرش", "آ"),
    ])
    func persianAlphabetLetterVariants(locale: String, name: String, label: String) throws {
        #expect(try ContactsIndex(locale: locale).label(for: name) == label, "locale \(locale)")
    }

    @Test("The variant table rewrites a key only when its first letter is a variant")
    func letterVariantKey() throws {
        let letters = try #require(LetterVariants.letters(forLocaleID: "ur")).letters
        #expect(LetterVariants.key(of: "كريم", letters: letters) == "کريم".replacingOccurrences(of: "ي", with: "ی"))
        #expect(LetterVariants.key(of: "علي", letters: letters) == nil)
        #expect(LetterVariants.letters(forLocaleID: "fa") == nil, "CLDR fa collation already tailors ك and ي")
    }
}

extension ContactsBeyondICUTests {
    @Test("Scripts without a locale get a group of their own letters; syllabaries get a label per row of their chart", arguments: [
        ("ދިވެހި", "ދ"), ("ܐܪܡܝܐ", "ܐ"), ("ߒߞߏ", "ߒ"), ("ᠪᠠᠲᠤ", "ᠪ"), ("ꆈꌠ", "ꅽ"), ("ᐃᓄᒃᑎᑐᑦ", "ᐁ"), ("ᓀᐦᐃᔭᐍᐏᐣ", "ᓀ"),
    ])
    func scriptWithoutLocale(name: String, label: String) throws {
        #expect(try ContactsIndex(locale: "en").label(for: name) == label)
        #expect(try ContactsIndex(locale: "en", options: .init(scripts: .none)).label(for: name) == "#")
    }

    @Test("A script's own-letter group shows only that script's letters")
    func ownLettersOnly() throws {
        let labels = try ContactsIndex(locale: "ja").labels(forNames: ["ދިވެހި"])
        let thaana = labels.filter { $0.unicodeScalars.first.map { (0x0780...0x07BF).contains($0.value) } ?? false }
        // Thaana's letters U+0780–U+07A5 and U+07B1, as root collation sorts them apart.
        #expect(thaana.count > 30)
        #expect(!labels.contains("A"), "root's A–Z stay out of a Thaana group under ja")
    }
}

extension ContactsBeyondICUTests {
    @Test("The table of other languages' letters is what ICU's index characters give")
    func extraLetterCandidates() {
        let scanned = ExtraLetters.scannedCandidates()
        #expect(ExtraLetters.candidatesByScript == scanned)
    }
}

extension ContactsBeyondICUTests {
    @Test("The table of where languages put the letters root sorts with another is what ICU's data gives")
    func tailoredLetterPlaces() {
        #expect(TailoredLetters.placesByLetter == TailoredLetters.scannedPlaces())
    }

    @Test("A letter of another language the group files with one of its own gets its section after its language's predecessor",
          arguments: [
              // CLDR uk &Г<ґ (Ukrainian alphabet … Г Ґ Д …), pl &L<ł (… L Ł M …), mk index А Б В Г Д Ѓ Е.
              ("en", ["Галина", "Гліб", "Ґанна", "Дарина"], ["Г", "Ґ", "Д"]),
              // Latin is an English list's own script: Ł goes with L (issue 34).
              ("en", ["Leon", "Lwów", "Łódź", "Łukasz", "Marek"], ["L", "M"]),
              ("en", ["Дарина", "Ѓорѓи", "Елена"], ["Д", "Ѓ", "Е"]),
              // A decomposed Ї (І + U+0308), a lower-case ł and a stressed ї́ are the same letters.
              ("en", ["Іван", "\u{0406}\u{0308}жак", "ї́жак"], ["І", "Ї"]),
              ("en", ["łucja"], ["L"]),
              // The group's language decides: ё is a Russian letter (CLDR ru exemplars), é an English
              // one (CLDR en auxiliary exemplars), ä a Faroese variant of æ (CLDR fo collation).
              ("en", ["Ёлкин", "Émile"], ["E", "Е"]),
              ("fo", ["Äkäslompolo"], ["Æ"]),
              // A Polish list has Ł already; a Russian one files Ґ with Г and Ї with І, where its
              // collation puts them (issue 34: the list's own script has its own letters).
              ("pl", ["Łukasz"], ["Ł"]),
              ("ru", ["Ґанна", "Їжак"], ["Г", "І"]),
          ] as [(String, [String], [String])])
    func tailoredLetterSections(locale: String, names: [String], labels: [String]) throws {
        let index = try ContactsIndex(locale: locale)
        let sections = index.sections(of: names)
        #expect(sections.map(\.label) == labels, "locale \(locale)")
        // Within a section the list's own order, and nothing lost.
        let collator = try Collator(locale: locale)
        for section in sections {
            #expect(section.items == section.items.sorted(by: collator.areInIncreasingOrder), "locale \(locale)")
        }
        #expect(sections.flatMap(\.items).sorted() == names.sorted())
        for section in sections {
            for name in section.items { #expect(index.label(for: name) == section.label, "\(name)") }
        }
    }

    @Test("Letters of other languages that the group files with its own appear in the side index only when used, or with full")
    func tailoredLettersInTheSideIndex() throws {
        // A Russian list: the English list's Latin group is its own; the Russian list's Latin
        // group is another script of the list, with every Latin language's letters.
        let index = try ContactsIndex(locale: "ru")
        let names = ["Leon", "Łukasz", "Ґанна", "Галина"]
        let used = index.labels(forNames: names)
        #expect(used.contains("Ł") && !used.contains("Ґ") && !used.contains("Š"))
        #expect(index.labels(of: StringNames(names: names)) == used)
        // With full, the same: letters of other languages only where a name is (issue 36).
        let all = index.labels(of: StringNames(names: names), full: true)
        #expect(all == used)
        let position = try #require(all.firstIndex(of: "Ł"))
        #expect(all[position - 1] == "L", "Ł after L (CLDR pl &L<ł)")
        #expect(index.sections(of: names, full: true).map(\.label) == all)
        #expect(!index.labels.contains("Ł"), "no names, no letters of other languages")
    }
}


extension ContactsBeyondICUTests {
    @Test("A language's own letters that its index leaves out, and labels out of the alphabet's place, stand where the table's sources put them",
          arguments: TailoredLetters.ownLetters.map { $0.localeID })
    func ownLetters(localeID: String) throws {
        let entry = try #require(TailoredLetters.ownLetters(of: localeID))
        let labels = try ContactsIndex(locale: localeID).labels
        for (letter, after) in entry.letters.map({ ($0.letter, $0.after) }) + entry.moved.map({ ($0.label, $0.after) }) {
            let position = try #require(labels.firstIndex(of: letter), "\(localeID) \(letter)")
            #expect(position > 0 && labels[position - 1] == after, "\(localeID): \(letter) after \(after)")
        }
    }

    @Test("A root list splits off no other language's letters: root's order is the only rule")
    func rootKeepsItsOrder() throws {
        #expect(try ContactsIndex(locale: "root").label(for: "Åsa") == "A")
        #expect(try ContactsIndex(locale: "root").label(for: "Łukasz") == "L")
    }
}

extension ContactsBeyondICUTests {
    @Test("A section that starts at another text than it shows: its bound's names go under the shown label",
          arguments: ContactsLetters.shownLabels)
    func shownLabelBound(entry: ContactsLetters.ShownLabel) throws {
        let index = try ContactsIndex(locale: entry.localeID)
        #expect(index.label(for: entry.bound) == entry.shown, "locale \(entry.localeID): \(entry.bound)")
        #expect(index.labels.contains(entry.shown), "locale \(entry.localeID)")
        #expect(!index.labels.contains(entry.bound), "locale \(entry.localeID): \(entry.bound) is not shown")
        #expect(index.labels.count == Set(index.labels).count, "locale \(entry.localeID): one section per shown label")
    }

    // A region or keyword does not change a language's alphabet (the sources of the om, ug,
    // sr-Latn, bs and traditional es fixtures): the same sections as the language alone.
    @Test("A locale with a region or keyword gets its language's letters and shown labels", arguments: [
        ("om-ET", "Shaggar", "SH"), ("om-ET", "Chaltu", "CH"),
        ("ug-CN", "ئابدۇللا", "ئا"), ("ug-CN", "ئۈرۈمچى", "ئۈ"),
        ("sr-Latn-RS", "Đorđe", "Đ"), ("bs-BA", "Đulsa", "Đ"),
        ("es-MX@collation=traditional", "Chávez", "CH"), ("es-MX@collation=traditional", "Llorente", "LL"),
    ])
    func regionKeepsLetters(locale: String, name: String, label: String) throws {
        #expect(try ContactsIndex(locale: locale).label(for: name) == label, "locale \(locale)")
    }

    // Expected labels from the languages' alphabets (the fixtures' sources: Qubee, YIVO, the
    // Uyghur alphabet of 1983, Dzongkha root letters); ICU's from its data as the fixtures'
    // comments explain: om has no label after Z (and no upper-case SH: SHAGGAR is S + H), yi
    // files pey before פ and tof before ת, ug's untailored hamza sorts before the first label,
    // dz (root) files by written letter.
    @Test("Names ICU's data files under another letter: contacts style places them, ICU style stays ICU's", arguments: [
        ("om", "Shaggar", "SH", "Z"), ("om", "SHAGGAR", "SH", "S"), ("om", "CHALTU", "CH", "Z"),
        ("yi", "פּערל", "פ", "ע"), ("yi", "תּמר", "ת", "ש"), ("yi", "פֿײַוול", "פ", "פ"), ("yi", "עסטער", "ע", "ע"),
        ("ug", "ئابدۇللا", "ئا", "…"), ("ug", "ئۈرۈمچى", "ئۈ", "…"), ("ug", "بۇغرا", "ب", "ب"),
        ("dz", "སྒྲོལ་མ", "ག", "ས"), ("dz", "དབང་ཕྱུག", "བ", "ད"), ("dz", "ལྷ་མོ", "ཧ", "ལ"), ("dz", "ཀརྨ", "ཀ", "ཀ"),
    ])
    func beyondICUData(locale: String, name: String, contacts: String, icu: String) throws {
        #expect(try ContactsIndex(locale: locale).label(for: name) == contacts, "locale \(locale)")
        #expect(try AlphabeticIndex(locale: locale).label(for: name) == icu, "locale \(locale)")
    }

    @Test("Contacts collation rules: the group orders by them, ICU's collator for the locale does not")
    func contactsCollationOrder() throws {
        // Uyghur alphabet: ئا ئە first, before ب (ICU's ug collation sorts the hamza apart).
        let uyghur = try ContactsIndex(locale: "ug").sections(of: ["بۇغرا", "ئەخمەت", "ئابدۇللا"])
        #expect(uyghur.map(\.label) == ["ئا", "ئە", "ب"])
        // Dzongkha by root letter: སྤ་རོ under པ, དབང་ཕྱུག under བ (པ < ཕ < བ); root orders by the
        // written letter, ད < པ < ས.
        let names = ["དབང་ཕྱུག", "སྤ་རོ", "ཕུན་ཚོགས", "པདྨ"]
        let dzongkha = try ContactsIndex(locale: "dz").sections(of: names)
        #expect(dzongkha.flatMap(\.items) == ["པདྨ", "སྤ་རོ", "ཕུན་ཚོགས", "དབང་ཕྱུག"])
        #expect(try Collator(locale: "dz").sorted(names) == ["དབང་ཕྱུག", "པདྨ", "ཕུན་ཚོགས", "སྤ་རོ"])
    }

    @Test("Every contacts collation entry opens, and its collator is told apart from ICU's", arguments: ContactsCollation.entries)
    func contactsCollationOpens(entry: ContactsCollation.Entry) throws {
        let tailored = try #require(try ContactsCollation.collator(for: entry.language, options: .init()))
        #expect(tailored != (try Collator(locale: entry.language)), "locale \(entry.language)")
        #expect(tailored.locale.icuID == entry.language, "locale \(entry.language): the locale's own data still applies")
        #expect(ContactsCollation.entry(for: entry.language + "_" + entry.script) != nil)
        #expect(ContactsCollation.entry(for: "en") == nil)
    }
}
