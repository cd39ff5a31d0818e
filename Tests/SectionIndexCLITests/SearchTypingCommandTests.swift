import Testing
@testable import SectionIndexCLI

/// `section-index search` with the examples of issue 15 (what people type on phones): the
/// same rules as the library's `SearchTypingTests`, through the command line. Each input
/// holds the name to find and names the rule must not find; expected lines are in index order.
@Suite("Search command: what people type")
struct SearchTypingCommandTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var input: [String]
        var expected: [String]
        var rule: String
        init(_ arguments: [String], _ input: [String], _ expected: [String], _ rule: String) {
            self.arguments = arguments
            self.input = input
            self.expected = expected
            self.rule = rule
        }
        var testDescription: String { "search \(arguments.joined(separator: " ")): \(rule)" }
    }

    static func check(_ test: Case) throws {
        let result = try SearchCommandTests.run(["search"] + test.arguments, input: test.input.joined(separator: "\n") + "\n")
        #expect(result.code == 0, "\(test.rule): \(result.err)")
        #expect(result.out == test.expected.map { $0 + "\n" }.joined(), "\(test.rule)")
    }

    @Test("1. Letters without marks", arguments: [
        Case(["--locale", "vi", "nguyen"], ["Nguyễn Văn An", "Ngô Bảo Châu"], ["Nguyễn Văn An"], "vi: e without marks finds ễ"),
        Case(["--locale", "pl", "lukasz"], ["Łukasz Nowak", "Marek Lis"], ["Łukasz Nowak"], "pl: Ł typed as L"),
        Case(["--locale", "pl", "łukasz"], ["Łukasz Nowak", "Lukas Nowak"], ["Łukasz Nowak"], "pl: ł finds only Ł"),
        Case(["--locale", "cs", "cermak"], ["Jan Čermák", "Jan Novák"], ["Jan Čermák"], "cs: č typed as c"),
        Case(["--locale", "tr", "sukru"], ["Şükrü Kaya", "Ali Veli"], ["Şükrü Kaya"], "tr: ş and ü typed as s and u"),
        Case(["--locale", "ro", "stefan"], ["Ștefan Popescu", "Ion Luca"], ["Ștefan Popescu"], "ro: ș typed as s"),
        Case(["--locale", "da", "soren"], ["Søren Kierkegaard", "Niels Bohr"], ["Søren Kierkegaard"], "da: ø typed as o"),
        Case(["--locale", "sv", "asa"], ["Åsa", "Asa", "Anna"], ["Asa", "Åsa"], "sv: asa finds Asa and Åsa, A before Å"),
        Case(["--locale", "sv", "åsa"], ["Åsa", "Asa"], ["Åsa"], "sv: åsa finds only Åsa"),
        Case(["--locale", "es", "ñ"], ["Ñandú", "Nina"], ["Ñandú"], "es: ñ finds only Ñ"),
        Case(["--locale", "tr", "i"], ["İzmir", "iyi", "Işık", "ılık"], ["iyi", "İzmir"], "tr: i finds i and İ (iyi before İzmir: y < z)"),
        Case(["--locale", "tr", "ı"], ["İzmir", "iyi", "Işık", "ılık"], ["ılık", "Işık"], "tr: ı finds ı and I (ılık before Işık: l < ş)"),
    ])
    func unmarkedLetters(_ test: Case) throws { try Self.check(test) }

    @Test("2. Initials from any word", arguments: [
        Case(["--locale", "en", "js"], ["John Smith", "Jane Doe"], ["John Smith"], "initials"),
        Case(["--locale", "en", "jpj"], ["John Paul Jones", "John Smith"], ["John Paul Jones"], "three initials"),
        Case(["--locale", "zh", "xm"], ["王小明", "王芳"], ["王小明"], "given name's initials"),
        Case(["--locale", "zh", "xw"], ["张小伟", "张伟"], ["张小伟"], "given name's initials"),
        Case(["--locale", "zh", "zxw"], ["张小伟", "张伟"], ["张小伟"], "whole name's initials"),
        Case(["--locale", "zh", "zhangw"], ["张伟", "王芳"], ["张伟"], "syllable and initial"),
        Case(["--locale", "ko", "ㅈㅅ"], ["박지성", "김민수"], ["박지성"], "initial consonants from the second syllable"),
        Case(["--locale", "ko", "ㄱㅁ"], ["박지성", "김민수"], ["김민수"], "initial consonants"),
    ])
    func initials(_ test: Case) throws { try Self.check(test) }

    @Test("3. Every reading of a polyphonic given-name character", arguments: [
        Case(["--locale", "zh", "changchun"], ["张长春", "张伟"], ["张长春"], "长 as cháng"),
        Case(["--locale", "zh", "zcc"], ["张长春", "张伟"], ["张长春"], "initials with 长 as cháng"),
        Case(["--locale", "zh", "yue"], ["王乐", "王芳"], ["王乐"], "乐 as yuè"),
        Case(["--locale", "zh", "hang"], ["李行", "李娜"], ["李行"], "行 as háng"),
    ])
    func polyphonic(_ test: Case) throws { try Self.check(test) }

    @Test("4. Keyboard conventions", arguments: [
        Case(["--locale", "zh", "lv"], ["吕布", "刘备"], ["吕布"], "v for ü"),
        Case(["--locale", "zh", "nv"], ["女娲", "牛郎"], ["女娲"], "v for ü"),
        Case(["--locale", "ja", "sinji"], ["真司\tしんじ", "健二\tけんじ"], ["真司\tしんじ"], "Kunrei si"),
        Case(["--locale", "ja", "shinji"], ["真司\tしんじ", "健二\tけんじ"], ["真司\tしんじ"], "Hepburn shi"),
        Case(["--locale", "ja", "satou"], ["佐藤\tさとう", "加藤\tかとう"], ["佐藤\tさとう"], "as typed"),
        Case(["--locale", "ja", "satoh"], ["佐藤\tさとう", "加藤\tかとう"], ["佐藤\tさとう"], "passport oh"),
        Case(["--locale", "ja", "sato"], ["佐藤\tさとう", "加藤\tかとう"], ["佐藤\tさとう"], "long vowel dropped"),
        Case(["--locale", "ja", "oono"], ["大野\tおおの", "小野\tおの"], ["大野\tおおの"], "as typed"),
        Case(["--locale", "ja", "ohno"], ["大野\tおおの", "小野\tおの"], ["大野\tおおの"], "passport oh"),
        Case(["--locale", "ko", "삭"], ["사과", "사랑"], ["사과"], "a syllable still being typed"),
        Case(["--locale", "zh", "陈"], ["陳大文", "王小明"], ["陳大文"], "Simplified finds Traditional"),
        Case(["--locale", "zh-TW", "ㄔ"], ["陳大文", "王小明"], ["陳大文"], "zhuyin under zh-TW"),
    ])
    func keyboardConventions(_ test: Case) throws { try Self.check(test) }

    @Test("5. Cyrillic romanisation systems", arguments: [
        Case(["--locale", "ru", "yuri"], ["Юрий", "Иван"], ["Юрий"], "BGN/PCGN"),
        Case(["--locale", "ru", "iurii"], ["Юрий", "Иван"], ["Юрий"], "ICAO passport"),
        Case(["--locale", "ru", "aleksandr"], ["Александр", "Иван"], ["Александр"], "BGN/PCGN"),
        Case(["--locale", "uk", "halyna"], ["Галина", "Олена"], ["Галина"], "Ukrainian rules under uk"),
        Case(["--locale", "ru", "galina"], ["Галина", "Олена"], ["Галина"], "Russian rules"),
        Case(["--locale", "ru", "halyna"], ["Галина", "Олена"], [], "not Ukrainian rules under ru"),
        // й written as и + U+0306 (a macOS file name): spelled as the composed й, Ananiy.
        Case(["--locale", "ru", "ananiy"], ["Анани\u{0438}\u{0306}", "Анна"], ["Анани\u{0438}\u{0306}"], "decomposed й"),
    ])
    func cyrillic(_ test: Case) throws { try Self.check(test) }

    @Test("7. A name with a kana reading is Japanese", arguments: [
        Case(["--locale", "zh", "kong"], ["空海\tくうかい", "孔子"], ["孔子"], "not the pinyin of 空"),
        Case(["--locale", "ko", "사"], ["真司\tしんじ", "사과"], ["사과"], "not the Korean reading of 司"),
    ])
    func japaneseNames(_ test: Case) throws { try Self.check(test) }

    @Test("8. --mode t9", arguments: [
        Case(["--locale", "en", "--mode", "t9", "5646"], ["John Smith", "John Paul Jones", "Jane Doe"],
             ["John Paul Jones", "John Smith"], "john; J: Paul before Smith"),
        Case(["--locale", "en", "--mode", "t9", "57"], ["John Smith", "Jane Doe"], ["John Smith"], "initials"),
        Case(["--locale", "zh", "--mode", "t9", "94264"], ["张小伟", "王芳", "张伟", "张长春"], ["张长春", "张伟", "张小伟"],
             "zhang; Z by pinyin: 长 is placed as cháng (ICU's Han-Latin/Names reads 张长春 zhāng cháng chūn), c < w < x"),
    ])
    func dialPad(_ test: Case) throws { try Self.check(test) }

    @Test("6. Symbols do not hide a word", arguments: [
        Case(["--locale", "en", "anna"], ["⭐Anna", "Hanna"], ["⭐Anna"], "a star"),
        Case(["--locale", "en", "home"], ["🏠Home", "Thomas"], ["🏠Home"], "an emoji"),
    ])
    func symbols(_ test: Case) throws { try Self.check(test) }
}
