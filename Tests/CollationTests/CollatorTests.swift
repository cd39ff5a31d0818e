import Testing
@testable import Collation

/// Expectations come from CLDR's collation charts for each language
/// (unicode.org/cldr/charts/latest/collation/) and ICU's documented options.
@Suite("Collator")
struct CollatorTests {
    @Test("Letters of their own sort where the language puts them", arguments: [
        // sv: Å Ä Ö are letters after Z (CLDR sv collation: &Z<å<<<Å<ä<<<Ä<ö<<<Ö).
        ("sv", ["Zoë", "Åsa", "Anna"], ["Anna", "Zoë", "Åsa"]),
        // de: Ä is A with an accent, so Ärger sits beside Arbeit, before Arzt (CLDR root/de).
        ("de", ["Arzt", "Ärger", "Arbeit"], ["Arbeit", "Ärger", "Arzt"]),
        // de phonebook: Ä sorts as AE, so Ärger comes after Adler and before Affe.
        ("de-u-co-phonebk", ["Affe", "Ärger", "Adler"], ["Adler", "Ärger", "Affe"]),
        // es: Ñ is a letter after N (CLDR es: &N<ñ<<<Ñ).
        ("es", ["Ñandú", "Nube", "Oso"], ["Nube", "Ñandú", "Oso"]),
        // cs: CH is a letter after H (CLDR cs: &H<ch<<<cH<<<Ch<<<CH).
        ("cs", ["Chrudim", "Ivan", "Hana"], ["Hana", "Chrudim", "Ivan"]),
        // en: none of this applies; Å is A with a ring.
        ("en", ["Zoë", "Åsa", "Anna"], ["Anna", "Åsa", "Zoë"]),
    ])
    func languageOrder(locale: String, input: [String], expected: [String]) throws {
        let collator = try Collator(locale: locale)
        #expect(collator.sorted(input) == expected, "locale \(locale)")
    }

    @Test("Numeric ordering is on by default and can be turned off")
    func numericOrdering() throws {
        let numeric = try Collator(locale: "en")
        #expect(numeric.compare("File 2", "File 10") == .ascending)
        #expect(numeric.sorted(["File 10", "File 2", "File 1"]) == ["File 1", "File 2", "File 10"])
        let plain = try Collator(locale: "en", options: .init(numeric: false))
        #expect(plain.compare("File 2", "File 10") == .descending)
    }

    // CLDR ja: kana type differs only at the quaternary level, so at tertiary they tie too.
    @Test("Hiragana and katakana are equal at primary strength, different at quaternary", arguments: [
        ("たなか", "タナカ"), ("さとう", "サトウ"), ("たなか", "ﾀﾅｶ"),
    ])
    func kanaPrimaryEquality(hiragana: String, katakana: String) throws {
        let japanese = try Collator(locale: "ja")
        #expect(japanese.comparePrimary(hiragana, katakana) == .same)
        #expect(japanese.primarySortKey(hiragana) == japanese.primarySortKey(katakana))
        let quaternary = try Collator(locale: "ja", options: .init(strength: .quaternary))
        #expect(quaternary.compare(hiragana, katakana) != .same)
    }

    @Test("Strength decides which differences count")
    func strength() throws {
        let primary = try Collator(locale: "en", options: .init(strength: .primary))
        #expect(primary.compare("resume", "Résumé") == .same)
        let secondary = try Collator(locale: "en", options: .init(strength: .secondary))
        #expect(secondary.compare("resume", "Résumé") == .ascending)
        #expect(secondary.compare("resume", "Resume") == .same)
        let tertiary = try Collator(locale: "en")
        #expect(tertiary.compare("resume", "Resume") == .ascending)
    }

    @Test("Case first and ignoring punctuation")
    func caseFirstAndPunctuation() throws {
        let upper = try Collator(locale: "en", options: .init(caseFirst: .upperFirst))
        #expect(upper.compare("Apple", "apple") == .ascending)
        let lower = try Collator(locale: "en", options: .init(caseFirst: .lowerFirst))
        #expect(lower.compare("Apple", "apple") == .descending)
        let shifted = try Collator(locale: "en", options: .init(strength: .tertiary, ignoresPunctuation: true))
        #expect(shifted.compare("de-la", "dela") == .same)
        let plain = try Collator(locale: "en")
        #expect(plain.compare("de-la", "dela") != .same)
    }

    @Test("Ill-formed locales are rejected with the reason", arguments: [
        "", "en_US@@", "@@@", String(repeating: "a", count: 300), "en--US", "e", "123", "en-US-",
        "sv SE", "en-u", "日本語",
    ])
    func illFormed(text: String) {
        #expect {
            _ = try Collator(locale: text)
        } throws: { error in
            guard case .illFormedLocale(let input, let reason)? = error as? CollationError else { return false }
            return input == text && !reason.isEmpty
        }
    }

    @Test("Well-formed locales resolve to what ICU has", arguments: [
        ("sv-SE", "sv_SE", "sv-SE", false),
        ("zh-Hant-TW", "zh_Hant_TW", "zh-Hant-TW", false),
        ("ja-JP-u-co-unihan", "ja_JP@collation=unihan", "ja-JP-u-co-unihan", false),
        ("de-u-co-phonebk", "de@collation=phonebook", "de-u-co-phonebk", false),
        ("zh@collation=stroke", "zh@collation=stroke", "zh-u-co-stroke", false),
        ("en-XY", "en_XY", "en", false),
        ("xx", "xx", "und", true),
        ("tlh", "tlh", "und", true),
    ])
    func resolution(text: String, icuID: String, resolved: String, fallsBack: Bool) throws {
        let collator = try Collator(locale: text)
        #expect(collator.locale.icuID == icuID, "locale \(text)")
        #expect(collator.resolvedLocale == resolved, "locale \(text)")
        #expect(collator.usesRootFallback == fallsBack, "locale \(text)")
    }

    @Test("Strict resolution refuses a locale ICU only serves from root")
    func strict() throws {
        #expect(throws: CollationError.unsupportedLocale("xx")) { try Collator(locale: "xx", strict: true) }
        _ = try Collator(locale: "sv", strict: true)
    }

    @Test("Sort keys order exactly as compare does", arguments: ["en", "sv", "de", "ja", "zh", "ko", "ru", "th", "ar"])
    func sortKeysAgreeWithCompare(locale: String) throws {
        let names = ["Anna", "anna", "Ånga", "Ärger", "Zoë", "File 10", "File 2", "Ñandú", "", " ",
                     "たなか", "タナカ", "ﾀﾅｶ", "田中", "张伟", "김민준", "Иван", "เก่ง", "محمد", "😀",
                     "a\u{0301}", "á", "\u{200B}Zero", "Zero", "ß", "ss", "Æsir", "AEsir", "𠀀", "A-B", "AB"]
        for options in [Collator.Options(), .localeDefaults, .init(strength: .primary),
                        .init(strength: .identical), .init(ignoresPunctuation: true)] {
            let collator = try Collator(locale: locale, options: options)
            for a in names {
                for b in names {
                    let byKey: CollationOrder = collator.sortKey(a) < collator.sortKey(b) ? .ascending
                        : (collator.sortKey(a) == collator.sortKey(b) ? .same : .descending)
                    #expect(byKey == collator.compare(a, b), "locale \(locale) \(options): \(a) vs \(b)")
                }
            }
        }
    }

    @Test("Primary sort keys equal exactly when names compare equal at primary strength")
    func primaryKeys() throws {
        let german = try Collator(locale: "de")
        #expect(german.primarySortKey("Ärger") == german.primarySortKey("arger"))
        #expect(german.primarySortKey("Ärger") < german.primarySortKey("Arzt"))
    }

    @Test("SortKey orders by its bytes, a key first when it is a prefix of the other", arguments: [
        ([], [], false), ([], [0x01], true), ([0x01], [], false),
        ([0x2A, 0x01], [0x2A, 0x01, 0x05], true), ([0x2A, 0x01, 0x05], [0x2A, 0x01], false),
        ([0x2A, 0x02], [0x2A, 0x01, 0x05], false), ([0x2A, 0x01, 0xFF], [0x2A, 0x02], true),
        // Bytes compare unsigned: 0x80 after 0x7F.
        ([0x7F], [0x80], true), ([0x80], [0x7F], false), ([0x41, 0x42], [0x41, 0x42], false),
    ] as [([UInt8], [UInt8], Bool)])
    func sortKeyByteOrder(a: [UInt8], b: [UInt8], precedes: Bool) {
        #expect((SortKey(bytes: a) < SortKey(bytes: b)) == precedes)
    }

    @Test("SortKey's order is the collator's for names of every length", arguments: ["sv", "de", "ja", "cs"])
    func sortKeyOrderIsCompare(locale: String) throws {
        let collator = try Collator(locale: locale)
        // Prefixes of one another, case and accent variants, kana and the Czech CH letter.
        let names = ["", "a", "A", "ab", "abc", "Åsa", "Asa", "asa", "Ärger", "Arzt", "Chrudim", "Hana",
                     "たなか", "タナカ", "田中", "Zoë", "Zoe", "z"]
        for a in names {
            for b in names {
                #expect((collator.sortKey(a) < collator.sortKey(b)) == (collator.compare(a, b) == .ascending),
                        "\(locale): \(a) < \(b)")
            }
        }
    }

    @Test("SortKey prints its bytes in lowercase hexadecimal")
    func sortKeyDescription() {
        #expect(SortKey(bytes: [0x00, 0x0F, 0xA0, 0xFF]).description == "000fa0ff")
        #expect(SortKey(bytes: []).description == "")
    }

    @Test("Sorting by a key path is stable")
    func stableSort() throws {
        struct Contact: Equatable { var name: String; var id: Int }
        let contacts = [Contact(name: "Eve", id: 1), Contact(name: "Émile", id: 2),
                        Contact(name: "eve", id: 3), Contact(name: "Eve", id: 4), Contact(name: "Adam", id: 5)]
        let primary = try Collator(locale: "fr", options: .init(strength: .primary))
        #expect(primary.sorted(contacts, by: \.name).map(\.id) == [5, 2, 1, 3, 4])
    }

    @Test("One collator shared by many tasks answers as one thread does")
    func concurrency() async throws {
        let collator = try Collator(locale: "sv")
        let names = (0..<500).map { "Namn \($0 * 7919 % 1000) Å\($0)" } + ["Zoë", "Åsa", "Anna", "Örjan"]
        let expected = names.map { collator.sortKey($0) }
        let expectedOrder = collator.sorted(names)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    names.map { collator.sortKey($0) } == expected && collator.sorted(names) == expectedOrder
                }
            }
            for try await agreed in group { #expect(agreed) }
        }
    }
}
