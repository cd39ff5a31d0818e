import Foundation
import Synchronization
import Testing
import TestSupport
@testable import SectionIndex

/// Search that understands the language (issue 7). Every expectation names the rule it
/// checks; expected matches follow from the locale's collation rules as CLDR states them
/// (which letters are letters of their own), from the romanisation standards named at each
/// case, and from the contacts rules for the order of results.
@Suite("Search")
struct SearchTests {
    /// One query against one name.
    struct Case: Sendable, CustomTestStringConvertible {
        var locale: String
        var name: String
        var reading: String?
        var query: String
        var mode: NameMatcher.Mode
        var matches: Bool
        var rule: String

        init(_ locale: String, _ name: String, reading: String? = nil, _ query: String,
             _ mode: NameMatcher.Mode, _ matches: Bool, _ rule: String) {
            self.locale = locale
            self.name = name
            self.reading = reading
            self.query = query
            self.mode = mode
            self.matches = matches
            self.rule = rule
        }

        /// A case in prefix mode, the default.
        init(_ locale: String, _ name: String, reading: String? = nil, _ query: String, _ matches: Bool, _ rule: String) {
            self.init(locale, name, reading: reading, query, .prefix, matches, rule)
        }

        var testDescription: String {
            "\(locale): \"\(query)\" \(matches ? "finds" : "does not find") \"\(name)\" (\(mode)): \(rule)"
        }
    }

    /// A list entry: a name and its reading.
    struct Entry: Sendable {
        var name: String
        var reading: String?
        init(_ name: String, _ reading: String? = nil) { self.name = name; self.reading = reading }
    }

    /// Matchers are built once per locale: building one opens collators and reads CLDR data.
    static let matchers = Mutex<[String: NameMatcher]>([:])

    static func matcher(_ locale: String, options: ContactsIndex.Options = .init()) throws -> NameMatcher {
        let key = "\(locale) \(options.names) \(options.han.map(\.rawValue) ?? "-")"
        if let known = matchers.withLock({ $0[key] }) { return known }
        let matcher = try NameMatcher(locale: locale, options: options)
        matchers.withLock { $0[key] = matcher }
        return matcher
    }

    /// Checks a case through both paths: one name at a time, and a prepared list (whose
    /// binary search and scan must agree with it).
    static func check(_ test: Case) throws {
        let matcher = try matcher(test.locale)
        #expect(matcher.matches(name: test.name, reading: test.reading, query: test.query, mode: test.mode) == test.matches,
                "locale \(test.locale): \(test.rule)")
        let list = matcher.prepare([Entry(test.name, test.reading), Entry("Zzyzx Other")], name: \.name, reading: \.reading)
        let found = list.search(test.query, mode: test.mode).contains { $0.element.name == test.name }
        #expect(found == test.matches, "locale \(test.locale), prepared list: \(test.rule)")
    }

    // MARK: - Collation decides what is equal

    @Test("Case, width, kana and the language's accents do not count", arguments: [
        Case("en", "anna karlsson", "ANNA", true, "case is a tertiary difference"),
        Case("ja", "ＡＢＣ商事", "abc", true, "full-width Latin is a width variant (tertiary)"),
        Case("ja", "ﾀﾅｶ ｲﾁﾛｳ", "タナカ", true, "half-width katakana is a width variant"),
        Case("ja", "タナカ イチロウ", "たなか", true, "hiragana and katakana differ only at the tertiary level in CLDR ja"),
        Case("ja", "たなか いちろう", "タナ", true, "katakana query, hiragana name"),
        Case("de", "Über Karl", "uber", true, "German: ü is u with an umlaut accent (DIN 5007-1, CLDR de)"),
        Case("de", "Jörg Müller", "muller", true, "German: umlauts are secondary differences"),
        Case("es", "José Martínez", "jose", true, "Spanish: the acute accent is an accent"),
        Case("es", "José Martínez", "martinez", true, "Spanish: í is i with an accent"),
        Case("ru", "Ёлкина Светлана", "елкина", true, "Russian: ё is е with a secondary difference (CLDR ru)"),
        Case("sv", "Céline Dupont", "celine", true, "Swedish: é is an accented e"),
        Case("tr", "Kâzım Koç", "kazım", true, "Turkish: â is an accented a"),
        Case("zh", "张伟", "ZHANG", true, "case does not count in the pinyin spelling either"),
        Case("ko", "김민준", "KIM", true, "case does not count in the usual surname spelling"),
    ])
    func collationEquality(_ test: Case) throws { try Self.check(test) }

    @Test("Letters the language treats as its own count", arguments: [
        Case("sv", "Asa Nilsson", "åsa", false, "Swedish: Å is a letter after Z, not an accented A: typed with its ring it finds only Å"),
        Case("sv", "Åsa Nilsson", "åsa", true, "Swedish: Å matches Å"),
        Case("sv", "Östen Berg", "östen", true, "Swedish: Ö matches Ö"),
        Case("sv", "Osten Berg", "östen", false, "Swedish: Ö is a letter of its own"),
        Case("sv", "Jörg Müller", "myller", true, "Swedish: ü is a variant of y"),
        Case("de", "Åsa Nilsson", "asa", true, "German: å is an accented a"),
        Case("es", "Begoña Nunez", "nuñez", false, "Spanish: ñ is a letter of its own"),
        Case("es", "Begoña Núñez", "nuñez", true, "Spanish: ú is an accented u, ñ matches ñ"),
        Case("es", "Pilar Muñoz", "muñ", true, "Spanish: ñ matches ñ"),
        Case("ru", "Сергей Козлов", "сергеи", false, "Russian: й is a letter of its own, not и with a breve"),
        Case("ru", "Сергей Козлов", "сергей", true, "Russian: й matches й"),
        Case("ko", "까치 상회", "가", false, "Korean: the tense consonant ㄲ is a letter of its own"),
        Case("tr", "Cagrı Aydın", "çağ", false, "Turkish: ç and ğ are letters of their own"),
        Case("tr", "Çağrı Aydın", "çağ", true, "Turkish: ç matches ç"),
        Case("da", "Ærø Færgen", "ae", false, "Danish: Æ is a letter after Z"),
        Case("sv", "Ærø Færgen", "ae", false, "Swedish: Æ is a variant of Ä, a letter of its own"),
    ])
    func lettersOfTheirOwn(_ test: Case) throws { try Self.check(test) }

    @Test("Turkish dotted and dotless i are two letters; I is the capital of ı, İ of i", arguments: [
        Case("tr", "Işık Kurt", "isik", false, "Turkish: I is the capital of ı, not of i (and ş is not s)"),
        Case("tr", "Işık Kurt", "ışık", true, "Turkish: ı matches I"),
        Case("tr", "Işık Kurt", "IŞIK", true, "Turkish: upper-case query, I is ı"),
        Case("tr", "Ilgın Acar", "ilgin", false, "Turkish: i is not ı"),
        Case("tr", "Ilgın Acar", "ılgın", true, "Turkish: ı matches I and ı"),
        Case("tr", "İrem Demir", "ir", true, "Turkish: İ is the capital of i"),
        Case("tr", "İrem Demir", "Ir", false, "Turkish: I is the capital of ı, not of i"),
        Case("tr", "İrem Demir", "ır", false, "Turkish: ı is not i"),
        Case("en", "Ilgın Acar", "il", true, "English (root collation): I is the capital of i"),
    ])
    func turkishI(_ test: Case) throws { try Self.check(test) }

    @Test("Expansions: one letter compares as two", arguments: [
        Case("de", "Günter Groß", "gross", true, "ß expands to ss"),
        Case("de", "Günter Groß", "groß", true, "ß matches ß"),
        Case("de", "Straße 5", "strasse", true, "ß expands to ss inside a word"),
        Case("de", "Æsir Travel", "aesir", true, "German (root): Æ expands to ae"),
        Case("en", "Æsir Travel", "ae", true, "English (root): Æ expands to ae"),
        Case("es", "Sabine Fuß", "fuss", true, "ß expands to ss in Spanish collation too"),
    ])
    func expansions(_ test: Case) throws { try Self.check(test) }

    // MARK: - Words, prefix and substring

    @Test("Prefix mode: the start of any word; substring mode: anywhere", arguments: [
        Case("en", "Tanaka Kazuya", "kaz", true, "prefix of the second word"),
        Case("en", "Tanaka Kazuya", "aka", false, "not the start of a word"),
        Case("en", "Tanaka Kazuya", "aka", .substring, true, "substring anywhere"),
        Case("en", "Tanaka Kazuya", "zuy", .substring, true, "substring inside the second word"),
        Case("en", "Tanaka Kazuya", "zuy", false, "prefix mode needs a word start"),
        Case("en", "Tanaka Kazuya", "tanakakaz", true, "a query may run on into the next word: spaces do not count"),
        Case("en", "Tanaka Kazuya", "kazuya tanaka", true, "each word of the query matches, in any order"),
        Case("en", "Tanaka Kazuya", "kazuya smith", false, "every word of the query must match"),
        Case("en", "Jean-Luc Picard", "luc", true, "a word begins after punctuation"),
        Case("en", "Miles O'Brien", "obrien", true, "punctuation does not count"),
        Case("en", "Miles O'Brien", "brien", true, "a word begins after an apostrophe"),
        Case("en", "Anna", "", true, "an empty query matches everything"),
        Case("en", "Anna", " ", true, "a query of white space matches everything"),
        Case("en", "Anna", " - ", false, "a word of punctuation is matched as written (issue 17): Anna has no '-'"),
        Case("en", "Jean-Luc Picard", " - ", true, "a word of punctuation is matched as written: Jean-Luc has one"),
        Case("ja", "田中 一郎", reading: "たなか いちろう", "たな", true, "prefix of the reading"),
        Case("ja", "田中 一郎", reading: "たなか いちろう", "いち", true, "prefix of the reading's second word"),
        Case("ja", "田中 一郎", reading: "たなか いちろう", "なか", false, "not the start of a word of the reading"),
        Case("ja", "田中 一郎", reading: "たなか いちろう", "なか", .substring, true, "substring of the reading"),
        Case("ja", "田中 一郎", reading: "たなか いちろう", "一郎", true, "the name itself is searched too"),
        Case("zh", "张伟", "伟", true, "every Han character begins a word"),
        Case("ko", "김민준", "민준", true, "every Hangul syllable begins a word"),
        Case("ko", "김민준", "기", true, "기 is how 김 begins while it is typed (jamo ㄱ ㅣ)"),
        Case("cs", "Chalupa Tomáš", "c", true, "Czech: c typed on the way to ch keeps ch names"),
        Case("cs", "Chalupa Tomáš", "ch", true, "Czech: ch matches the letter ch"),
        Case("cs", "Chalupa Tomáš", "h", .substring, false, "Czech: ch is one letter, its h is not an h"),
        Case("hu", "Csaba Nagy", "c", true, "Hungarian: c typed on the way to cs keeps cs names"),
        Case("hu", "Csaba Nagy", "cs", true, "Hungarian: cs matches the letter cs"),
    ])
    func words(_ test: Case) throws { try Self.check(test) }

    // MARK: - Latin input finds other scripts

    @Test("Han: pinyin by syllable, joined, and as initials; surnames read as surnames", arguments: [
        Case("zh", "张伟", "zhang", true, "pinyin of the surname (ICU Han-Latin/Names)"),
        Case("zh", "张伟", "wei", true, "pinyin of the given name: each syllable begins a word"),
        Case("zh", "张伟", "zhangwei", true, "the whole name's pinyin"),
        Case("zh", "张伟", "zw", true, "pinyin initials"),
        Case("zh", "张伟", "zhāng", true, "tone marks are accents"),
        Case("zh", "王芳", "zhang", false, "another name's pinyin"),
        Case("zh", "曾志伟", "zeng", true, "曾 as a surname is Zēng (ChineseSurnames, 现代汉语词典)"),
        Case("zh", "曾志伟", "ceng", false, "the common reading céng is not the surname's"),
        Case("zh", "欧阳娜娜", "ouyang", true, "compound surname Ōuyáng"),
        Case("zh", "欧阳娜娜", "yang", true, "each syllable of a compound surname begins a word"),
        Case("zh", "欧阳娜娜", "oynn", true, "initials of a compound surname's syllables and the given name"),
        Case("zh", "单田芳", "shan", true, "单 as a surname is Shàn"),
        Case("zh-Hant", "陳大文", "chen", true, "pinyin also under stroke-count sections"),
        Case("sv", "张伟", "zw", true, "Han names are found by pinyin under other locales too"),
        Case("ja", "田中", "tian", false, "Japanese: Han is read by its reading, never as Chinese"),
    ])
    func han(_ test: Case) throws { try Self.check(test) }

    @Test("Han with plain names: the character's common reading")
    func hanPlainNames() throws {
        let plain = try Self.matcher("zh", options: .init(names: .plain))
        #expect(plain.matches(name: "曾志伟", query: "ceng"), "names plain: 曾 has its common reading céng")
        #expect(!plain.matches(name: "曾志伟", query: "zeng"), "names plain: no surname reading")
    }

    @Test("Kana: romaji as typed (Hepburn, おう → ou) and as passports write it (おう → o)", arguments: [
        Case("ja", "たなか", "tanaka", true, "romaji of a kana name"),
        Case("ja", "田中 太郎", reading: "たなか たろう", "tanaka", true, "romaji of the reading"),
        Case("ja", "田中 太郎", reading: "たなか たろう", "tarou", true, "long vowel as typed on a keyboard"),
        Case("ja", "田中 太郎", reading: "たなか たろう", "taro", true, "long vowel as passports write it"),
        Case("ja", "東海林 さだお", reading: "しょうじ さだお", "shoji", true, "しょう is sho in passport Hepburn"),
        Case("ja", "東海林 さだお", reading: "しょうじ さだお", "shouji", true, "しょう is shou as typed"),
        Case("ja", "ｽｽﾞｷ ﾊﾅｺ", "suzuki", true, "half-width katakana"),
        Case("ja", "ジョンソン マイケル", "maikeru", true, "katakana"),
        Case("ja", "小林 康弘", reading: "コバヤシ ヤスヒロ", "yasuhiro", true, "katakana reading"),
        Case("en", "たなか", "tanaka", true, "kana names are found by romaji under any locale"),
    ])
    func kana(_ test: Case) throws { try Self.check(test) }

    @Test("Hangul: Revised Romanization, ICU's transliteration, usual surname spellings, initials", arguments: [
        Case("ko", "김민준", "gim", true, "Revised Romanization of 김"),
        Case("ko", "김민준", "kim", true, "the spelling most bearers of 김 use"),
        Case("ko", "김민준", "minjun", true, "Revised Romanization of the given name, syllable by syllable"),
        Case("ko", "김민준", "kimminjun", true, "the whole name"),
        Case("ko", "김민준", "ㄱㅁㅈ", true, "initial consonants"),
        Case("ko", "박지훈", "bak", true, "Revised Romanization: final ㄱ is k"),
        Case("ko", "박지훈", "park", true, "the usual spelling of 박"),
        Case("ko", "박지훈", "bag", true, "ICU's Hangul-Latin transliteration"),
        Case("ko", "이서연", "lee", true, "the usual spelling of 이"),
        Case("ko", "이서연", "yi", true, "another usual spelling of 이"),
        Case("ko", "이서연", "seoyeon", true, "Revised Romanization of the given name"),
        Case("ko", "이서연", "kim", false, "another surname"),
        Case("ko", "정우성", "jeong", true, "Revised Romanization of 정"),
        Case("en", "최수빈", "choi", true, "Hangul names are found by romanisation under any locale"),
    ])
    func hangul(_ test: Case) throws { try Self.check(test) }

    @Test("Cyrillic: BGN/PCGN for the language the letters show, and ISO 9", arguments: [
        Case("ru", "Иван Петров", "ivan", true, "BGN/PCGN Russian"),
        Case("ru", "Иван Петров", "petrov", true, "BGN/PCGN, second word"),
        Case("ru", "Щербаков Игорь", "shcherbakov", true, "BGN/PCGN: щ is shch"),
        Case("ru", "Щербаков Игорь", "serbakov", true, "ISO 9: щ is ŝ, an s with an accent"),
        Case("ru", "Юлия Попова", "yuliya", true, "BGN/PCGN: ю is yu, я is ya"),
        Case("ru", "Наталья Фёдорова", "natalya", true, "the soft sign's prime is not typed"),
        Case("ru", "Ївга Мельник", "yivha", true, "BGN/PCGN Ukrainian for a name with ї"),
        Case("ru", "Јелена Николић", "nikolic", true, "BGN/PCGN Serbian for a name with ј and ћ"),
        Case("sv", "Иван Петров", "ivan", true, "Cyrillic names are found by romanisation under any locale"),
        Case("en", "Δημήτρης Οικονόμου", "dimitris", true, "Greek: UNGEGN (ELOT 743)"),
    ])
    func cyrillic(_ test: Case) throws { try Self.check(test) }

    @Test("Pinyin words split into syllables at their tone marks", arguments: [
        ("ōuyáng", ["ōu", "yáng"]), ("zhǎngsūn", ["zhǎng", "sūn"]), ("xuānyuán", ["xuān", "yuán"]),
        ("yùchí", ["yù", "chí"]), ("shàngguān", ["shàng", "guān"]), ("línghú", ["líng", "hú"]), ("zēng", ["zēng"]),
    ])
    func pinyinSyllables(word: String, syllables: [String]) {
        // Pinyin syllables: at most one initial (zh, ch, sh or one consonant) before the vowels.
        #expect(PinyinSyllables.split(word) == syllables, "a tone mark per syllable (现代汉语词典)")
    }

    @Test("Spellings of one name, and the Revised Romanization tables")
    func spellings() {
        let romanizer = SearchRomanizer(pinyin: PinyinRomanizer(personalNames: true))
        let memo = SpellingMemo()
        #expect(romanizer.spellings(of: "张伟", memo: memo) == ["zhāng wěi", "張偉"],
                "pinyin syllables (initials come from NameForms), then the Traditional form")
        #expect(romanizer.spellings(of: "たなか たろう", memo: memo) == ["tanaka tarou", "tanaka taro", "tanaka taroh"],
                "romaji as typed, as passports write it without long vowels, and with oh (MOFA Hepburn)")
        let polyphonic = romanizer.spellings(of: "张长春", memo: memo)
        #expect(polyphonic.contains("zhāng cháng chūn") && polyphonic.contains("zhāng zhǎng chūn"),
                "长 in a given name is cháng or zhǎng (现代汉语词典)")
        #expect(romanizer.spellings(of: "吕布", memo: memo).contains("lv̌ bù"), "ü also typed v, the tone mark kept")
        let zhuyin = SearchRomanizer(pinyin: PinyinRomanizer(personalNames: true), zhuyin: true)
        #expect(zhuyin.spellings(of: "陳大文", memo: memo).contains("ㄔㄣ ㄉㄚ ㄨㄣ"), "zhuyin by syllable (MoE table)")
        #expect(romanizer.spellings(of: "김민준", memo: memo) == ["gim min jun", "gimminjun", "kim min jun", "ㄱ ㅁ ㅈ"],
                "Revised Romanization, ICU's Hangul-Latin, the usual surname spelling, initial consonants")
        #expect(romanizer.spellings(of: "Anna", memo: memo) == [], "nothing to romanise")
        #expect(HangulRomanization.revised("김민준") == "gim min jun")
        #expect(HangulRomanization.revised("빛나") == "bit na", "final ㅊ is t (RR chapter 2, note 2)")
        #expect(HangulRomanization.initials("김민준") == "ㄱ ㅁ ㅈ", "initial consonants, each beginning a word")
        #expect(HangulRomanization.surnameSpellings["김"] == ["kim"])
        let japaneseOnly = SearchRomanizer(pinyin: nil)
        #expect(japaneseOnly.spellings(of: "田中", memo: memo) == [], "Han is not read as Chinese where names have readings")
    }

    // MARK: - Results

    @Test("Results come in index order, each with the label of its section", arguments: ["sv", "de", "es", "ja", "zh", "ko", "ru", "tr"])
    func indexOrder(locale: String) throws {
        let names = Corpus.sample(every: 97).map { Entry($0.name, $0.reading) }
            + [Entry("Anna"), Entry("Åsa"), Entry("田中", "たなか"), Entry("张伟"), Entry("김민준"), Entry("Иван"), Entry("İrem")]
        let matcher = try Self.matcher(locale)
        let index = try ContactsIndex(locale: locale)
        let list = matcher.prepare(names, name: \.name, reading: \.reading)
        let sections = index.sections(of: Array(names.enumerated()), name: \.element.name, reading: \.element.reading)
        for query in ["a", "an", "i", "ta", "zh", "ki", "김", "и", "た", "ş", "", "x y"] {
            for mode in NameMatcher.Mode.allCases {
                // The order the index shows, kept for the names that match on their own.
                let expected = sections.flatMap { section in
                    section.items.filter { matcher.matches(name: $0.element.name, reading: $0.element.reading, query: query, mode: mode) }
                        .map { ($0.offset, section.label) }
                }
                let results = list.search(query, mode: mode)
                #expect(results.map(\.position) == expected.map(\.0), "locale \(locale), \"\(query)\" \(mode): index order")
                #expect(results.map(\.label) == expected.map(\.1), "locale \(locale), \"\(query)\" \(mode): section labels")
                #expect(list.positions(matching: query, mode: mode) == expected.map(\.0), "locale \(locale): positions")
            }
        }
    }

    @Test("A mixed Swedish list: Latin input finds every script, in the index's group order")
    func mixedList() throws {
        let matcher = try Self.matcher("sv")
        let names = ["いちろう", "李娜", "이서연", "Иван Петров", "Ingrid Berg", "Åsa Ilander", "Östen"].map { Entry($0) }
        let list = matcher.prepare(names, name: \.name, reading: \.reading)
        let results = list.search("i")
        // Rule 2 of the contacts style: Swedish A–Ö first, then the other scripts in root
        // collation's script order (Cyrillic, Hangul, kana); Han is `#` under Swedish.
        #expect(results.map(\.element.name) == ["Ingrid Berg", "Åsa Ilander", "Иван Петров", "이서연", "いちろう"],
                "each script found by its romanisation (Ivan, i seo yeon, ichirou), in index order")
        #expect(results.map(\.label) == ["I", "Å", "И", "ㅇ", "あ"], "each with its section's label")
        #expect(list.search("li").map(\.element.name) == ["李娜"], "pinyin lǐ; Han goes to # under Swedish")
        #expect(list.search("li").map(\.label) == ["#"], "Han is placed in # under Swedish")
        #expect(list.search("o").map(\.element.name) == ["Östen"], "an o typed without marks finds Ö too (issue 15, item 1)")
        #expect(list.search("ö").map(\.element.name) == ["Östen"], "Ö typed with its marks finds only Ö")
        #expect(list.search("ö").map(\.element.name) == ["Östen"], "Ö matches Ö")
        let sections = list.sections(matching: "i")
        #expect(sections.map(\.label) == ["I", "Å", "И", "ㅇ", "あ"], "matches grouped into their sections")
        #expect(sections.allSatisfy { $0.items.count == 1 && $0.kind == .letter })
    }

    @Test("ICU-style index: results follow ICU's buckets")
    func icuStyle() throws {
        let index = try AlphabeticIndex(locale: "sv")
        let matcher = try NameMatcher(index: index)
        let list = matcher.prepare(["Åsa", "Anna", "Asta"], name: \.self)
        #expect(list.search("a").map(\.element) == ["Anna", "Asta", "Åsa"], "an a without marks finds Å too, in index order")
        #expect(list.search("a").map(\.label) == ["A", "A", "Å"], "ICU's bucket labels: Å is its own bucket")
        #expect(list.search("å").map(\.element) == ["Åsa"], "Swedish: Å is not A")
        #expect(list.search("å").map(\.label) == ["Å"])
    }

    // MARK: - Robustness

    @Test("The prepared list agrees with matching one name at a time, over the test corpus",
          arguments: ["en", "sv", "ja", "zh", "ko", "ru", "tr"])
    func corpusAgreement(locale: String) throws {
        let rows = Corpus.sample(every: 79)
        let entries = rows.map { Entry($0.name, $0.reading) } + Corpus.awkward.map { Entry($0) }
        let matcher = try Self.matcher(locale)
        let list = matcher.prepare(entries, name: \.name, reading: \.reading)
        for query in ["a", "ka", "ch", "li", "ss", "an na", "ö", "ка", "김", "た", "王", "1"] {
            for mode in NameMatcher.Mode.allCases {
                let fast = Set(list.positions(matching: query, mode: mode))
                let slow = Set(entries.indices.filter {
                    matcher.matches(name: entries[$0].name, reading: entries[$0].reading, query: query, mode: mode)
                })
                #expect(fast == slow, "locale \(locale), \"\(query)\" \(mode): the binary search and the scan find what matching one name finds")
            }
        }
    }

    /// Names that share their words: corpus names recombined (each given name with other
    /// surnames), with numeric suffixes as a long list gets them, and awkward words.
    static func namesWithRepeatedWords() -> [Entry] {
        let rows = Corpus.sample(every: 211)
        let words = rows.flatMap { $0.name.split(separator: " ").map(String.init) }
        var entries = rows.map { Entry($0.name, $0.reading) }
        for (i, row) in rows.enumerated() {
            entries.append(Entry(row.name + " \(i % 7)", row.reading))
            entries.append(Entry(words[i % words.count] + " " + words[(i * 7 + 3) % words.count]))
            entries.append(Entry(Corpus.awkward[i % Corpus.awkward.count] + " " + row.name + "  Łukasz Øre-Ñandú"))
        }
        return entries
    }

    @Test("A list whose names repeat their words finds what matching one name at a time finds",
          arguments: ["en", "sv", "ja", "zh-TW", "ko", "uk", "tr"])
    func repeatedWords(locale: String) throws {
        let entries = Self.namesWithRepeatedWords()
        let matcher = try Self.matcher(locale)
        // Each entry's weights, words and texts, made word by word, equal those of its whole texts.
        matcher.weighers.withWeigher { weigher in
            let memo = SpellingMemo()
            var words = WordForms(weigher: weigher)
            for entry in entries {
                let texts = matcher.spelledTexts(name: entry.name, reading: entry.reading, memo: memo)
                var whole = WeightTable(), byWord = WeightTable(), byName = WeightTable()
                whole.append(rank: 0, texts: NameForms.completed(texts), weigher: weigher)
                words.append(rank: 0, texts: texts, to: &byWord)
                words.append(rank: 0, name: entry.name, reading: entry.reading, matcher: matcher, memo: memo, to: &byName)
                for (table, how) in [(byWord, "word by word"), (byName, "from the spellings before a last ASCII word")] {
                    // Word forms write codes of primaries; 0 ends a text in both.
                    let primaries = table.weights.map { $0 == 0 ? 0 : words.weightCodes.primary(ofCode: $0) }
                    #expect(primaries == whole.weights && table.textStarts == whole.textStarts
                            && table.wordStarts == whole.wordStarts, "locale \(locale): \(entry.name), \(how)")
                }
            }
        }
        let list = matcher.prepare(entries, name: \.name, reading: \.reading)
        for query in ["a", "lukasz", "ø", "l ø", "zw", "ka", "김", "3 a"] {
            for mode in NameMatcher.Mode.allCases {
                let slow = entries.indices.filter {
                    matcher.matches(name: entries[$0].name, reading: entries[$0].reading, query: query, mode: mode)
                }
                #expect(Set(list.positions(matching: query, mode: mode)) == Set(slow), "locale \(locale), \"\(query)\" \(mode)")
            }
        }
    }

    /// A name written decomposed (as macOS file names and some pastes are) is found by what
    /// finds it composed: its runs are spelled in NFC.
    @Test("Decomposed names are found as their composed forms are", arguments: [
        ("Анани\u{0438}\u{0306}", "Анани\u{0439}", ["ananiy", "ananii", "ananij", "ананий"], "ru"),
        ("\u{304B}\u{3099}っこう", "\u{304C}っこう", ["gakkou", "gakko", "がっこう", "ka"], "ja"),
        ("\u{1100}\u{1175}\u{11B7}\u{1106}\u{1161}\u{1105}\u{1175}", "김마리", ["gim", "kim mari", "ㄱㅁ", "김마", "gimmari"], "ko"),
    ])
    func decomposedNames(decomposed: String, composed: String, queries: [String], locale: String) throws {
        #expect(decomposed.unicodeScalars.count > composed.unicodeScalars.count)
        let matcher = try Self.matcher(locale)
        for query in queries {
            for mode in NameMatcher.Mode.allCases where mode != .t9 {
                let composedFound = matcher.matches(name: composed, query: query, mode: mode)
                #expect(matcher.matches(name: decomposed, query: query, mode: mode) == composedFound,
                        "\"\(query)\" \(mode): \(composedFound ? "found" : "not found") composed")
            }
        }
        // Not vacuous: the usual romanisation finds the composed name.
        #expect(matcher.matches(name: composed, query: queries[0], mode: .prefix))
        #expect(matcher.matches(name: decomposed, query: queries[0], mode: .prefix))
    }

    /// The corpus holds "Кононов Ананий Бориславович" with й written as и + U+0306, which
    /// ICU's Russian BGN rules spell Ananiĭ where they spell the precomposed й Ananiy. Swift's
    /// `==` takes the two forms as one string, so a memo keyed by `String` once gave a name
    /// listed after the other the other's spelling: a prepared list then missed
    /// "Стрелков Ананий Иосифович" for "ananiy", which matching it alone finds.
    @Test("Canonically equivalent words keep their own spellings in a prepared list, in either order",
          arguments: [false, true])
    func canonicallyEquivalentWords(decomposedFirst: Bool) throws {
        let decomposed = "Кононов Анани\u{0438}\u{0306} Бориславович"
        let precomposed = "Стрелков Анани\u{0439} Иосифович"
        let names = decomposedFirst ? [decomposed, precomposed] : [precomposed, decomposed]
        let matcher = try Self.matcher("en")
        let list = matcher.prepare(names: names, readings: [nil, nil])
        for query in ["ananiy", "y", "ananii", "strelkov ananiy", "kononov anan"] {
            for mode in NameMatcher.Mode.allCases where mode != .t9 {
                let slow = names.indices.filter { matcher.matches(name: names[$0], reading: nil, query: query, mode: mode) }
                #expect(Set(list.positions(matching: query, mode: mode)) == Set(slow), "\"\(query)\" \(mode), decomposed first: \(decomposedFirst)")
            }
        }
        // The precomposed name is found by its usual BGN spelling whatever came before it.
        let precomposedPosition = names.firstIndex(of: precomposed)!
        #expect(list.positions(matching: "ananiy", mode: .prefix).contains(precomposedPosition))
    }

    @Test("Awkward names and queries neither crash nor match by accident")
    func awkward() throws {
        let matcher = try Self.matcher("en")
        let names = Corpus.awkward + [String(repeating: "a ", count: 20_000), String(repeating: "張", count: 5_000)]
        let list = matcher.prepare(names, name: \.self)
        #expect(list.count == names.count, "every name is in the list")
        for query in Corpus.awkward {
            _ = list.search(query)
            _ = list.search(query, mode: .substring)
        }
        #expect(list.search("").count == names.count, "the empty query matches everything")
        #expect(list.search("xyzzy").map(\.position) == [], "nothing has this word")
        #expect(list.search("zzzz").map(\.position) == [names.count - 1], "the pinyin initials of 張張張張…")
        #expect(list.search(String(repeating: "a", count: 40)).map(\.element) == [names[names.count - 2]],
                "a query longer than the words' sorted length is checked in full")
        #expect(list.search(String(repeating: "a", count: 40) + "b").map(\.position) == [], "and fails in full")
        #expect(list.search("zhang").map(\.element) == [names.last!], "a very long Han name is romanised from its start")
    }

    @Test("A part with more distinct weights than two bytes can code keeps four-byte codes and finds the same")
    func partBeyondSixteenBitCodes() throws {
        let matcher = try Self.matcher("en")
        // Every ideograph has a primary weight of its own: 74,000 of them in one name give its
        // part more codes than UInt16 holds (CJK Unified Ideographs, Extensions A and B).
        let ideographs = [0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF].flatMap { $0 }
            .map { String(Unicode.Scalar(UInt32($0))!) }
        let huge = ideographs.joined()
        let names = ["Anna Zhang", huge, "张伟", "Zoë 42"]
        let list = matcher.prepare(names, name: \.self)
        #expect(list.parts.contains { !$0.storesNarrowWeights && $0.weightCount > 0 }, "a part keeps four-byte codes")
        let queries = [ideographs[0...2].joined(), ideographs[40_000...40_003].joined(), ideographs[70_000...70_001].joined(),
                       "anna", "zhang", "zw", "zoe", "42", "\u{4E00}\u{3400}"]
        for query in queries {
            for mode in [NameMatcher.Mode.prefix, .substring] {
                let slow = names.indices.filter { matcher.matches(name: names[$0], query: query, mode: mode) }
                #expect(Set(list.positions(matching: query, mode: mode)) == Set(slow), "\"\(query)\" \(mode)")
            }
        }
        for keys in ["94", "2", "26", "9426"] {
            let slow = names.indices.filter { matcher.matches(name: names[$0], query: keys, mode: .t9) }
            #expect(Set(list.positions(matching: keys, mode: .t9)) == Set(slow), "\(keys) t9")
        }
        #expect(list.positions(matching: ideographs[40_000...40_003].joined(), mode: .substring) == [1],
                "a run from the middle of the huge name finds it")
    }

    /// The words of a part are ordered by a radix sort, two weights a level: it must give the
    /// order of comparing their weights (up to the text's 0, at most ``WeightTable/sortedLength``
    /// of them), then the order the words came in, for shared prefixes of every length, words
    /// longer than the sorted length, and weights of more than two bytes.
    @Test("Words sort by their weights, then in the order they came, as a comparison sort orders them",
          arguments: [(3, UInt32(4)), (50, 3), (1000, 70_000)])
    func wordSortMatchesComparison(wordsPerLength: Int, alphabet: UInt32) {
        var generator = SplitMix64(seed: UInt64(wordsPerLength) &* 31 &+ UInt64(alphabet))
        var weights: [UInt32] = []
        var starts: [UInt32] = []
        for length in [1, 2, 3, 5, 31, 32, 33, 40] {
            for _ in 0..<wordsPerLength {
                let text = weights.count
                // A small alphabet: long shared prefixes and many equal words.
                for _ in 0..<length { weights.append(UInt32.random(in: 1...alphabet, using: &generator)) }
                weights.append(0)
                // A word at every position of the text, as words inside a name begin.
                for offset in 0..<length { starts.append(UInt32(text + offset)) }
            }
        }
        starts.shuffle(using: &generator)
        let expected = weights.withUnsafeBufferPointer { all in
            starts.indices.sorted { a, b in
                let order = WeightTable.compareSuffixes(all.baseAddress! + Int(starts[a]), all.baseAddress! + Int(starts[b]),
                                                        limit: WeightTable.sortedLength)
                return order != 0 ? order < 0 : a < b
            }.map { starts[$0] }
        }
        var words = weights.withUnsafeBufferPointer { all in
            starts.enumerated().map { i, start in
                WeightTable.SortableWord(head: WeightTable.head(of: all.baseAddress! + Int(start)), start: start, rank: UInt32(i))
            }
        }
        weights.withUnsafeBufferPointer { all in
            words.withUnsafeMutableBufferPointer { WeightTable.sortByWeights($0, weights: all.baseAddress!) }
        }
        #expect(words.map(\.start) == expected)
        // Not vacuous: equal words whose order is the order they came in.
        let equalNeighbours = weights.withUnsafeBufferPointer { all in
            zip(expected, expected.dropFirst()).filter {
                WeightTable.compareSuffixes(all.baseAddress! + Int($0), all.baseAddress! + Int($1), limit: WeightTable.sortedLength) == 0
            }.count
        }
        #expect(alphabet > 10 || equalNeighbours > wordsPerLength)
    }

    /// A part keeps each word's start as two bytes counted from its entry's first weight;
    /// a part with a name of more weights than that counts keeps four-byte starts.
    @Test("Words beyond 65,536 weights into a name are found, by prefix and on the dial pad")
    func wordsFarIntoALongName() throws {
        let matcher = try Self.matcher("en")
        // "ab " is two weights: the last word begins 66,000 weights into the name.
        let long = String(repeating: "ab ", count: 33_000) + "Zqx"
        let names = ["Anna Zqx", long, "Bob", "Zqbert Abel"]
        let list = matcher.prepare(names, name: \.self)
        #expect(list.parts.contains { !$0.wordStarts.isEmpty }, "a part keeps four-byte starts")
        let short = matcher.prepare(names.filter { $0 != long }, name: \.self)
        #expect(short.parts.allSatisfy { $0.wordStarts.isEmpty && $0.wordCount > 0 }, "without it, two-byte offsets")
        #expect(short.search("zq").map(\.element) == ["Anna Zqx", "Zqbert Abel"])
        #expect(Set(list.positions(matching: "zq")) == [0, 1, 3])
        #expect(Set(list.positions(matching: "zqx")) == [0, 1])
        #expect(Set(list.positions(matching: "abel")) == [3])
        // 9 7 9: Z Q X on the dial pad.
        #expect(Set(list.positions(matching: "979", mode: .t9)) == [0, 1])
        #expect(Set(list.positions(matching: "979", mode: .t9)) == Set(names.indices.filter {
            matcher.matches(name: names[$0], query: "979", mode: .t9)
        }))
    }

    /// A long list opens Han's readings before it is grouped only when a name may need them.
    @Test("Which lists may hold Han", arguments: [
        (["Anna", "Иван", "김민수", "Łukasz", "ناصر", "राम"], false),
        (["Anna", "张伟"], true),
        (["𠀋"], true),      // Han extension B, four bytes
        (["たなか"], true),   // kana shares the lead bytes: a false alarm costs only an opening
        ([], false),
    ])
    func mayHoldHan(names: [String], expected: Bool) {
        #expect(NameMatcher.mayHoldHan(names) == expected)
    }

    /// A prepared list keeps its elements' sections as runs; each rank must read back the
    /// section it was given, whatever the order of the sections.
    @Test("Section runs give back each rank's section", arguments: [
        [0],
        [3, 3, 3],
        [0, 0, 1, 2, 2, 2, 5],
        [4, 0, 0, 4],           // a section may come back after another (# after the letters)
        [1, 2, 1, 2, 1],        // one run per element
        Array(repeating: 7, count: 1_000) + [8] + Array(repeating: 9, count: 999),
    ])
    func sectionRuns(sections: [Int]) throws {
        let list = try Self.matcher("en").prepare(names: [])
        let runs = SearchList<String>.sectionRuns(of: sections)
        let changes = zip(sections, sections.dropFirst()).filter { $0 != $1 }.count
        #expect(runs.count == changes + 1, "one run per stretch of equal sections")
        let rebuilt = SearchList(matcher: list.matcher, elements: [], inputPositions: [], sectionRuns: runs,
                                 sectionLabels: [], sectionKinds: [], parts: [], names: [], readings: [])
        #expect(sections.indices.map { rebuilt.sectionNumber(atRank: $0) } == sections)
    }

    @Test("Documentation examples")
    func documentationExamples() throws {
        let swedish = try Self.matcher("sv")
        #expect(swedish.matches(name: "Åsa Nilsson", query: "nils"))
        #expect(swedish.matches(name: "Åsa Nilsson", query: "asa"))
        #expect(!swedish.matches(name: "Asa Nilsson", query: "åsa"))
        let japanese = try Self.matcher("ja")
        #expect(japanese.matches(name: "田中 一郎", reading: "たなか いちろう", query: "タナ"))
        #expect(japanese.matches(name: "田中 一郎", reading: "たなか いちろう", query: "ichiro"))
        let chinese = try Self.matcher("zh")
        #expect(chinese.matches(name: "张伟", query: "zw"))
        let german = try Self.matcher("de")
        #expect(german.matches(name: "Jürgen Groß", query: "gross"))
        #expect(german.matches(name: "Jürgen Groß", query: "jur gro"))
        #expect(german.matches(name: "Jürgen Groß", query: "rgen", mode: .substring))

        let list = chinese.prepare(names: ["张伟", "王芳", "Zoe"])
        #expect(list.search("zw").map(\.element) == ["张伟"])
        #expect(list.search("z").map { "\($0.label) \($0.element)" } == ["Z 张伟", "Z Zoe"])
        #expect(list.sections(matching: "wang").map(\.label) == ["W"])
        let swedishList = swedish.prepare(names: ["Åsa", "Asta", "Ola Åberg"])
        #expect(swedishList.search("å").map(\.element) == ["Ola Åberg", "Åsa"])
        let match = chinese.prepare(names: ["王芳", "张伟"]).search("zw")[0]
        #expect(match.element == "张伟" && match.label == "Z" && match.position == 1)
        let benchmarkList = japanese.prepare(names: ["田中", "Smith"], readings: ["たなか", nil])
        #expect(benchmarkList.positions(matching: "tana") == [0])
        #expect(japanese.prepare([Entry("田中 一郎", "たなか いちろう")], name: \.name, reading: \.reading)
            .search("tanaka").map { "\($0.label) \($0.element.name)" } == ["た 田中 一郎"])
    }
}
