import Testing
@testable import SectionIndex

/// Search the way phones search (issue 15): every way people type a name. Each case names
/// the rule it checks and where its expectation comes from (the language's alphabet as CLDR
/// collation states it, a romanisation standard, or what the issue lists as typed on phones).
@Suite("Search: what people type")
struct SearchTypingTests {
    typealias Case = SearchTests.Case

    @Test("1. A letter typed without marks finds it with marks; typed with marks, only that letter", arguments: [
        Case("vi", "Nguyễn Văn An", "nguyen", true, "Vietnamese: ễ is a letter of its own, but e typed without marks finds it"),
        Case("en", "Nguyễn Văn An", "nguyen", true, "English: ễ is an accented e"),
        Case("pl", "Łukasz Nowak", "lukasz", true, "Polish: Ł has a stroke, typed as L"),
        Case("pl", "Łukasz Nowak", "łukasz", true, "Polish: Ł matches Ł"),
        Case("pl", "Lukas Nowak", "łukasz", false, "Polish: Ł is a letter of its own (CLDR pl)"),
        Case("cs", "Jan Čermák", "cermak", true, "Czech: Č is a letter of its own, typed as C"),
        Case("tr", "Şükrü Kaya", "sukru", true, "Turkish: Ş and ü typed without marks"),
        Case("ro", "Ștefan Popescu", "stefan", true, "Romanian: Ș (comma below) typed as S"),
        Case("da", "Søren Kierkegaard", "soren", true, "Danish: Ø has a stroke, typed as O"),
        Case("sv", "Åsa Nilsson", "asa", true, "Swedish: a typed without marks finds Å"),
        Case("sv", "Asa Nilsson", "asa", true, "and A"),
        Case("sv", "Åsa Nilsson", "åsa", true, "Swedish: å finds Å"),
        Case("sv", "Asa Nilsson", "åsa", false, "Swedish: å does not find A (CLDR sv: Å after Z)"),
        Case("es", "Ñandú", "ñ", true, "Spanish: ñ finds Ñ"),
        Case("es", "Nina", "ñ", false, "Spanish: ñ is a letter of its own (CLDR es)"),
        Case("es", "Ñandú", "nandu", true, "Spanish: n typed without marks finds Ñ"),
        Case("tr", "İzmir", "i", true, "Turkish: i finds İ"),
        Case("tr", "iyi", "i", true, "Turkish: i finds i"),
        Case("tr", "Işık", "i", false, "Turkish: i does not find I, the capital of ı"),
        Case("tr", "ılık", "i", false, "Turkish: i does not find ı"),
        Case("tr", "Işık", "ı", true, "Turkish: ı finds I"),
        Case("tr", "ılık", "ı", true, "Turkish: ı finds ı"),
        Case("tr", "İzmir", "ı", false, "Turkish: ı does not find İ"),
        Case("tr", "iyi", "ı", false, "Turkish: ı does not find i"),
        Case("ru", "Сергей Козлов", "сергеи", false, "Russian: й is a key of its own; marks are dropped from Latin letters only"),
    ])
    func unmarkedLetters(_ test: Case) throws { try SearchTests.check(test) }

    @Test("2. Initials match consecutive words, starting at any of them", arguments: [
        Case("en", "John Smith", "js", true, "initials of both words"),
        Case("en", "John Paul Jones", "jpj", true, "initials of three words"),
        Case("en", "John Paul Jones", "pj", true, "starting at the second word"),
        Case("en", "John Paul Jones", "jj", false, "initials must be of consecutive words"),
        Case("en", "Jean-Paul Sartre", "jps", true, "a hyphen separates words"),
        Case("zh", "王小明", "xm", true, "given name only: xiǎo míng"),
        Case("zh", "张小伟", "xw", true, "given name only: xiǎo wěi"),
        Case("zh", "张小伟", "zxw", true, "the whole name: zhāng xiǎo wěi"),
        Case("zh", "张伟", "zhangw", true, "a full syllable, then an initial"),
        Case("zh", "张小伟", "zhangx", true, "a full syllable, then the next one begun"),
        Case("zh", "张小伟", "zw", false, "zhāng and wěi are not consecutive"),
        Case("ko", "박지성", "ㅈㅅ", true, "initial consonants from the second syllable: 지 ㅈ, 성 ㅅ"),
        Case("ko", "김민수", "ㄱㅁ", true, "initial consonants of 김 and 민"),
        Case("ko", "김민수", "ㄱㅅ", false, "김 and 수 are not consecutive"),
    ])
    func initials(_ test: Case) throws { try SearchTests.check(test) }

    @Test("3. Every reading of a polyphonic character in a given name; surnames keep theirs", arguments: [
        Case("zh", "张长春", "changchun", true, "长 read cháng (现代汉语词典)"),
        Case("zh", "张长春", "zhangchun", true, "长 read zhǎng"),
        Case("zh", "张长春", "zcc", true, "initials with 长 as cháng"),
        Case("zh", "张长春", "zzc", true, "initials with 长 as zhǎng"),
        Case("zh", "王乐", "yue", true, "乐 read yuè"),
        Case("zh", "王乐", "le", true, "乐 read lè"),
        Case("zh", "李行", "hang", true, "行 read háng"),
        Case("zh", "李行", "xing", true, "行 read xíng"),
        Case("zh", "曾伟", "ceng", false, "the surname 曾 is Zēng only (ChineseSurnames)"),
        Case("zh", "曾伟", "zeng", true, "surname reading"),
        Case("zh", "长孙无忌", "zhangsun", true, "a compound surname keeps its reading"),
        Case("zh", "长孙无忌", "changsun", false, "长孙 is Zhǎngsūn as a surname"),
    ])
    func polyphonic(_ test: Case) throws { try SearchTests.check(test) }

    @Test("4. Keyboard conventions: v for ü, romaji systems, Hangul being typed, Simplified and Traditional, zhuyin",
          arguments: [
        Case("zh", "吕布", "lv", true, "ü typed v: lǚ"),
        Case("zh", "女娲", "nv", true, "ü typed v: nǚ"),
        Case("zh", "吕布", "lu", true, "ü typed u"),
        Case("ja", "真司", reading: "しんじ", "sinji", true, "し typed si (Kunrei), じ ji"),
        Case("ja", "真司", reading: "しんじ", "shinji", true, "Hepburn"),
        Case("ja", "真司", reading: "しんじ", "sinzi", true, "Kunrei"),
        Case("ja", "佐藤", reading: "さとう", "satou", true, "long vowel as typed"),
        Case("ja", "佐藤", reading: "さとう", "satoh", true, "passport oh"),
        Case("ja", "佐藤", reading: "さとう", "sato", true, "passport, long vowel dropped"),
        Case("ja", "大野", reading: "おおの", "oono", true, "long vowel as typed"),
        Case("ja", "大野", reading: "おおの", "ohno", true, "passport oh"),
        Case("ja", "大野", reading: "おおの", "ono", true, "passport, long vowel dropped"),
        Case("ja", "本間", reading: "ほんま", "homma", true, "passport Hepburn: ん before m is m"),
        Case("ja", "チエ", "tie", true, "ち typed ti"),
        Case("ko", "사과", "삭", true, "the last consonant may begin the next syllable: 사 + ㄱ"),
        Case("ko", "삭제", "삭", true, "or stay where it is"),
        Case("ko", "사랑", "삭", false, "사 followed by ㄹ, not ㄱ"),
        Case("ko", "닭갈비", "닭", true, "a cluster: ㄺ stays"),
        Case("ko", "달걀", "닭", true, "a cluster: ㄹ stays, ㄱ begins 걀"),
        Case("zh", "陳大文", "陈", true, "Simplified 陈 finds Traditional 陳"),
        Case("zh", "陈大文", "陳", true, "Traditional 陳 finds Simplified 陈"),
        Case("zh-TW", "陳大文", "ㄔ", true, "zhuyin initial of 陳 chén ㄔㄣ"),
        Case("zh-TW", "陳大文", "ㄉㄚ", true, "zhuyin of 大 dà"),
        Case("zh-TW", "陳大文", "ㄔㄉㄨ", true, "zhuyin initials of the whole name"),
        Case("zh-TW", "陳大文", "ㄅ", false, "no syllable begins with ㄅ"),
    ])
    func keyboardConventions(_ test: Case) throws { try SearchTests.check(test) }

    @Test("5. Cyrillic by BGN/PCGN, ISO 9 and passport spellings; Ukrainian rules under uk", arguments: [
        Case("ru", "Юрий Гагарин", "yuri", true, "BGN/PCGN Yuriy"),
        Case("ru", "Юрий Гагарин", "iurii", true, "ICAO Doc 9303 Iurii"),
        Case("en", "Юрий Гагарин", "iurii", true, "under any locale"),
        Case("ru", "Александр Пушкин", "aleksandr", true, "BGN/PCGN and ICAO"),
        Case("uk", "Галина Шевченко", "halyna", true, "Ukrainian: Г is h (national system, BGN/PCGN Ukrainian)"),
        Case("ru", "Галина Шевченко", "galina", true, "Russian: Г is g"),
        Case("ru", "Галина Шевченко", "halyna", false, "Russian rules outside uk"),
        Case("en", "Галина Шевченко", "halyna", false, "Russian rules outside uk"),
    ])
    func cyrillic(_ test: Case) throws { try SearchTests.check(test) }

    @Test("7. A name with a kana reading is Japanese: not found by Chinese or Korean readings of its kanji", arguments: [
        Case("zh", "空海", reading: "くうかい", "kong", false, "空 is kōng in pinyin"),
        Case("zh", "空海", reading: "くうかい", "kuukai", true, "its reading"),
        Case("en", "空海", reading: "くうかい", "kong", false, "under any locale"),
        Case("zh", "空海", "kong", true, "without a kana reading, Chinese"),
        Case("ko", "真司", reading: "しんじ", "사", false, "Korean reading of 司"),
        Case("ko", "真司", reading: "しんじ", "shinji", true, "its reading"),
        Case("ko", "司空", "사", true, "without a kana reading: Hanja read as Hangul (CLDR ko)"),
    ])
    func japaneseNames(_ test: Case) throws { try SearchTests.check(test) }

    @Test("8. Dial pad: digits 2–9 against romanised words and initials", arguments: [
        Case("en", "John Smith", "5646", .t9, true, "john"),
        Case("en", "John Paul Jones", "5646", .t9, true, "john"),
        Case("en", "John Smith", "57", .t9, true, "initials j s"),
        Case("en", "John Smith", "76484", .t9, true, "smith"),
        Case("en", "John Smith", "5647", .t9, false, "no word spells it"),
        Case("en", "John Smith", "564676", .t9, true, "john, running on into sm"),
        Case("zh", "张伟", "94264", .t9, true, "zhang"),
        Case("zh", "张小伟", "94264", .t9, true, "zhang"),
        Case("zh", "张长春", "94264", .t9, true, "zhang (surname)"),
        Case("zh", "王芳", "94264", .t9, false, "wang fang"),
        Case("zh", "张伟", "99", .t9, true, "initials z w"),
        Case("pl", "Łukasz Nowak", "585", .t9, true, "ł on the l key"),
        Case("cs", "Chalupa", "2425", .t9, true, "Czech ch is one letter, on keys 2 then 4"),
        Case("en", "John Smith", "john", .t9, true, "a word of letters matches as in prefix mode"),
        Case("en", "John Smith", "5646", .prefix, false, "digits are digits outside t9"),
    ])
    func dialPad(_ test: Case) throws { try SearchTests.check(test) }

    @Test("6. Symbols do not hide a word", arguments: [
        Case("en", "⭐Anna", "anna", true, "a star before the word"),
        Case("en", "🏠Home", "home", true, "an emoji before the word"),
        Case("en", "⭐️Anna", "anna", true, "an emoji with its variation selector"),
        Case("en", "C++ Club", "club", true, "as before: the next word"),
        Case("en", "⭐Anna", "nna", false, "still a word start, not anywhere"),
    ])
    func symbols(_ test: Case) throws { try SearchTests.check(test) }
}

/// The tables behind the rules, each checked against its source.
@Suite("Search: spelling tables")
struct SearchSpellingTableTests {
    @Test("Romaji: Hepburn, Kunrei and passport spellings (MOFA Hepburn table, Cabinet Notice 1954)", arguments: [
        ("しんじ", ["shinji", "shinzi", "sinji", "sinzi"]),
        ("さとう", ["satou", "sato", "satoh"]),
        ("おおの", ["oono", "ono", "ohno"]),
        ("きょうこ", ["kyouko", "kyoko", "kyohko"]),
        ("しゃ", ["sha", "sya"]),
        ("まっちゃ", ["matcha", "mattya"]),
        ("ファン", ["fan"]),
        ("チェ", ["che"]),
    ])
    func romaji(kana: String, expected: [String]) {
        #expect(Romaji.spellings(of: kana) == expected, "\(kana)")
    }

    @Test("Zhuyin of pinyin syllables (ISO 7098 annex, MoE 國語注音符號手冊)", arguments: [
        ("chén", "ㄔㄣ"), ("dà", "ㄉㄚ"), ("wén", "ㄨㄣ"), ("xiǎo", "ㄒㄧㄠ"), ("zhī", "ㄓ"), ("jūn", "ㄐㄩㄣ"),
        ("lǚ", "ㄌㄩ"), ("yǒng", "ㄩㄥ"), ("yī", "ㄧ"), ("wǔ", "ㄨ"), ("liú", "ㄌㄧㄡ"), ("guì", "ㄍㄨㄟ"),
        ("dūn", "ㄉㄨㄣ"), ("hóng", "ㄏㄨㄥ"), ("yuè", "ㄩㄝ"), ("ér", "ㄦ"),
    ])
    func zhuyin(pinyin: String, expected: String) {
        #expect(Zhuyin.spelling(ofPinyin: pinyin) == expected, "\(pinyin)")
    }

    @Test("Cyrillic passport spellings (ICAO Doc 9303; Ukrainian resolution 55 of 2010)", arguments: [
        ("Юрий", false, "iurii"), ("Александр", false, "aleksandr"), ("Щербаков", false, "shcherbakov"),
        ("Галина", true, "halyna"), ("Юрій", true, "yurii"), ("Євген", true, "yevhen"),
    ])
    func cyrillic(name: String, ukrainian: Bool, expected: String) {
        #expect(CyrillicPassport.spelling(of: name, ukrainian: ukrainian) == expected, "\(name)")
    }
}
