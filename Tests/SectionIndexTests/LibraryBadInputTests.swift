import Collation
import Testing
import TestSupport
@testable import SectionIndex

/// Issue 8, bad input, for the library: ill-formed locales are typed errors that name the
/// text; a well-formed locale without ICU data is served from root unless strict; names with
/// NUL, CR, BOM or megabytes of text come back whole; fixture lines that cannot be read are
/// problems with their line numbers.
@Suite("Bad input (library)")
struct LibraryBadInputTests {
    @Test("Ill-formed locales are errors that name the text", arguments: [
        "en_US@@", "@@@", String(repeating: "a", count: 300), "", "en US", "sv-", "zh@collation=stroke@", "de-ü",
    ])
    func illFormedLocale(text: String) {
        func isIllFormed(_ error: CollationError) -> Bool {
            // A long text is cut in the message (issue 17): its first 60 characters are named.
            if case .illFormedLocale(let named, _) = error { return named == text && error.description.contains("'\(text.prefix(60))") }
            return false
        }
        #expect(throws: CollationError.self) { try LocaleIdentifier(text) }
        #expect { try Collator(locale: text) } throws: { isIllFormed($0 as! CollationError) }
        #expect { try ContactsIndex(locale: text) } throws: { error in
            if case .collation(let inner) = error as! IndexError { return isIllFormed(inner) }
            return false
        }
        #expect { try AlphabeticIndex(locale: text) } throws: { error in
            if case .collation(let inner) = error as! IndexError { return isIllFormed(inner) }
            return false
        }
        #expect { try ContactsIndex(locale: "en", options: .init(additionalLocales: [text])) } throws: { error in
            if case .collation(let inner) = error as! IndexError { return isIllFormed(inner) }
            return false
        }
        #expect { try AlphabeticIndex(locale: "en", additionalLocales: [text]) } throws: { error in
            if case .collation(let inner) = error as! IndexError { return isIllFormed(inner) }
            return false
        }
    }

    @Test("A well-formed locale without ICU data is served from root, or refused when strict", arguments: ["xx", "tlh", "xx-Latn"])
    func rootFallback(text: String) throws {
        let collator = try Collator(locale: text)
        #expect(collator.usesRootFallback, "locale \(text)")
        #expect(collator.resolvedLocale == "und")
        #expect(try !Collator(locale: "sv").usesRootFallback)
        // Root collation: Å is A with a ring, not a letter after Z as in Swedish.
        #expect(collator.sorted(["Zoë", "Åsa", "Anna"]) == ["Anna", "Åsa", "Zoë"])
        #expect(try ContactsIndex(locale: text).label(for: "Åsa") == "A")
        #expect(try AlphabeticIndex(locale: text).label(for: "Åsa") == "A")

        #expect(throws: CollationError.unsupportedLocale(text)) { try Collator(locale: text, strict: true) }
        #expect(throws: IndexError.collation(.unsupportedLocale(text))) { try ContactsIndex(locale: text, strict: true) }
        #expect(throws: IndexError.collation(.unsupportedLocale(text))) {
            try ContactsIndex(locale: "en", options: .init(additionalLocales: ["ru", text]), strict: true)
        }
        #expect(try ContactsIndex(locale: "en", options: .init(additionalLocales: ["ru", text])).label(for: "Иван") == "И")
        for style in ["contacts", "icu"] {
            for options in [["locale": text], ["locale": "sv", "also": "ru, \(text)"]] {
                let pairs = options.merging(["style": style, "strict": "on"]) { a, _ in a }.map { ($0.key, $0.value) }
                let settings = try IndexSettings(locale: "en", settings: pairs)
                #expect(throws: IndexError.collation(.unsupportedLocale(text)), "\(options)") { try settings.makeIndex() }
            }
        }
    }

    @Test("Settings that cannot be used name the key and the value", arguments: [
        (["locale": "en", "colour": "red"], "unknown header 'colour:'"),
        (["locale": "en", "scritps": "none"], "unknown header 'scritps:' for an index; did you mean 'scripts:'?"),
        (["locale": "en", "style": "fancy"], "invalid value 'fancy' for 'style:': use one of contacts, icu"),
        (["locale": "en", "style": "icu", "max-labels": "0"], "'max-labels:' needs a positive whole number, not '0'"),
        (["locale": "en", "style": "icu", "han": "pinyin"], "'han:' applies to style: contacts, not style: icu"),
        (["locale": "en", "inflow": "~"], "'inflow:' applies to style: icu only"),
        (["locale": "en", "strict": "maybe"], "invalid value 'maybe' for 'strict:': use one of on, off"),
        (["locale": "en", "format": "html"], "unknown header 'format:'"),
    ])
    func settingsErrors(options: [String: String], message: String) {
        // Style first, as a fixture writes it, so the style rule sees the style.
        let pairs = options.sorted { ($0.key == "style" ? 0 : 1, $0.key) < ($1.key == "style" ? 0 : 1, $1.key) }.map { ($0.key, $0.value) }
        #expect { try IndexSettings(locale: "en", settings: pairs) } throws: { error in
            (error as? SettingsError)?.description.hasPrefix(message) == true
        }
    }

    /// Swift string literals refuse U+FDD0…U+FDEF (the index's own internal prefixes).
    static func noncharacter(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }

    static let awkwardNames = [
        "", "\0", "A\0B", "\0Zed", "\r", "Anna\r", "\u{FEFF}Bob", "\u{FEFF}", "\n", "\t", "a\u{0301}",
        "\u{FFFD}", "\u{FFFE}", "\u{10FFFF}", noncharacter(0xFDD0) + "A", noncharacter(0xFDD1) + "a", "Zoë",
    ]

    @Test("Names with NUL, CR, BOM, noncharacters and nothing at all come back whole", arguments: ["en", "sv", "ja", "zh", "xx"])
    func awkwardNames(locale: String) throws {
        let contacts = try ContactsIndex(locale: locale).sections(of: Self.awkwardNames)
        #expect(contacts.flatMap(\.items).sorted() == Self.awkwardNames.sorted(), "locale \(locale)")
        let icu = try AlphabeticIndex(locale: locale).sections(of: Self.awkwardNames, name: \.self)
        #expect(icu.flatMap(\.items).sorted() == Self.awkwardNames.sorted(), "locale \(locale)")
        // NUL is ignorable in collation: "A\0B" files under A, "\0Zed" under Z.
        let label = Dictionary(contacts.flatMap { section in section.items.map { ($0, section.label) } }, uniquingKeysWith: { a, _ in a })
        if locale == "en" || locale == "sv" {
            #expect(label["A\0B"] == "A" && label["\u{FEFF}Bob"] == "B", "locale \(locale)")
        }
        // A leading control character is not a letter: #, like a leading digit.
        #expect(label[""] == "#" && label["\0"] == "#" && label["\0Zed"] == "#", "locale \(locale)")
    }

    @Test("A 10 MB name is grouped whole, in both styles", arguments: [("en", "a", "A"), ("zh", "张", "Z"), ("ja", "あ", "あ")])
    func hugeName(locale: String, unit: String, label: String) throws {
        let huge = String(repeating: unit, count: 10_000_000 / unit.utf8.count)
        let names = ["Zoë", huge, huge + "x", "Bob"]
        let contacts = try ContactsIndex(locale: locale).sections(of: names)
        #expect(contacts.flatMap(\.items).sorted() == names.sorted())
        #expect(contacts.first { $0.items.contains(huge) }?.label == label)
        let icu = try AlphabeticIndex(locale: locale).sections(of: names, name: \.self)
        #expect(icu.flatMap(\.items).sorted() == names.sorted())
        // The longer name sorts after its own prefix, in both styles.
        for sections in [contacts.map(\.items), icu.map(\.items)] {
            let flat = sections.flatMap { $0 }
            #expect(flat.firstIndex(of: huge)! < flat.firstIndex(of: huge + "x")!, "locale \(locale)")
        }
    }

    @Test("Sort keys longer than the first buffer order exactly as compare does", arguments: ["en", "zh", "ja", "de-u-co-phonebk"])
    func longSortKeys(locale: String) throws {
        let collator = try Collator(locale: locale)
        var random = SplitMix64(seed: 1234)
        // 100 to 3,000 characters: keys of a few hundred bytes to tens of kilobytes.
        let strings = (0..<40).map { _ in
            let base = RandomNames.name(using: &random)
            return String(repeating: base.isEmpty ? "a" : base, count: Int.random(in: 100...3000, using: &random) / max(base.count, 1) + 1)
                + RandomNames.name(using: &random)
        }
        let pairs = Array(zip(strings, strings.dropFirst())) + strings.map { ($0, $0 + "b") }
        for (a, b) in pairs {
            let byKey = collator.sortKey(a) < collator.sortKey(b) ? CollationOrder.ascending
                : (collator.sortKey(b) < collator.sortKey(a) ? .descending : .same)
            #expect(byKey == collator.compare(a, b), "locale \(locale): \(String(a.prefix(8)).debugDescription)… vs \(String(b.prefix(8)).debugDescription)…")
        }
        // ICU's terminating zero byte is not part of a key, short or long.
        #expect(strings.allSatisfy { collator.sortKey($0).bytes.last != 0 })
    }

    @Test("Han names longer than the romanised prefix still order by the whole name")
    func longHanNames() throws {
        let prefix = String(repeating: "张", count: PinyinRomanizer.maximumLength + 10)
        let names = [prefix + "王", prefix + "李", prefix + "王", prefix]
        let sections = try ContactsIndex(locale: "zh").sections(of: names)
        #expect(sections.map(\.label) == ["Z"])
        // zh collation (pinyin): 李 lǐ < 王 wáng; the prefix alone first; equal names keep input order.
        #expect(sections[0].items == [prefix, prefix + "李", prefix + "王", prefix + "王"])
    }

    @Test("Every malformed fixture line is a problem with its line number", arguments: [
        ("locale: sv\nÅsa -> Å\njunk\n", 3, "not a comment, header, case (NAME -> LABEL) or order line"),
        ("locale: sv\nÅsa -> \\x41\n", 2, "unknown escape '\\x': use \\u{XXXX}, \\\\ or \\#"),
        ("locale: sv\nÅsa -> \\\n", 2, "unknown escape '\\': use \\u{XXXX}, \\\\ or \\#"),
        ("locale: sv\n\\u{DFFF} -> A\n", 2, "\\u{DFFF} is not a Unicode scalar value (1–6 hex digits, no surrogates)"),
        ("locale: sv\n\\u{110000} -> A\n", 2, "\\u{110000} is not a Unicode scalar value (1–6 hex digits, no surrogates)"),
        ("locale: sv\n\\u{} -> A\n", 2, "\\u{} is not a Unicode scalar value (1–6 hex digits, no surrogates)"),
        ("locale: sv\n\\u0041 -> A\n", 2, "malformed escape: write \\u{XXXX}"),
        ("locale: sv\n\\u{41 -> A\n", 2, "malformed escape: write \\u{XXXX}"),
        ("locale: sv\r\nÅsa ->  \r\n", 2, "the label after ' -> ' is empty"),
        ("locale: sv\norder: Åsa\n", 2, "an order line needs at least two entries separated by ' < '"),
        ("locale: sv\norder: Åsa <  < Bo\n", 2, "an order line needs at least two entries separated by ' < '"),
        ("locale: sv\nÅsa -> Å\nstyle: icu\n", 3, "header 'style:' after the first case; headers come first"),
        ("locale: sv\nlocale: fi\n", 2, "header 'locale:' given twice"),
        ("locale: sv\nlabels: A\nlabels: B\n", 3, "a second 'labels:' line"),
        ("\u{FEFF}style: icu\nÅsa -> Å\n", 1, "no 'locale:' header"),
    ])
    func fixtureProblems(text: String, line: Int, message: String) {
        let fixture = Fixture(text: text, path: "bad.fixture")
        #expect(fixture.problems == [Fixture.Problem(line: line, message: message)], "\(text.debugDescription)")
        let report = fixture.check()
        #expect(report.failures.contains(.init(path: "bad.fixture", line: line, message: "malformed line: " + message)))
    }

    @Test("CRLF line ends and a leading BOM in a fixture are read as line ends and ignored")
    func fixtureLineEnds() {
        let fixture = Fixture(text: "\u{FEFF}locale: sv\r\nlabels: A Å #\r\n\r\nÅsa -> Å\r\n# comment\r\norder: Anna < Åsa\r\nAnna -> A", path: "f")
        #expect(fixture.problems.isEmpty)
        #expect(fixture.headers.map(\.value) == ["sv"])
        #expect(fixture.cases.map(\.line) == [4, 7])
        #expect(fixture.orders.map(\.line) == [6])
        #expect(fixture.labels?.labels == ["A", "Å", "#"])
    }

    @Test("A fixture with an unusable header fails every check it has, naming the header's own line")
    func unusableHeader() {
        let report = Fixture(text: "# a comment\nlocale: sv\nmax-labels: 3\nÅsa -> Å\norder: A < B\n", path: "f").check()
        #expect(report.passed == 0)
        #expect(report.failures.map(\.line) == [3, 4, 5])
        #expect(report.failures[0].message == "cannot build the index: 'max-labels:' applies to style: icu only")
    }

    @Test("Fixture headers go through the command line's validator: a bad key or value fails at its line", arguments: [
        ("locale: sv\nformat: html\nÅsa -> Å\n", 2, "cannot build the index: unknown header 'format:' for an index"),
        ("locale: sv\n\nfull: maybe\nÅsa -> Å\n", 3, "cannot build the index: unknown header 'full:' for an index"),
        ("locale: sv\nstyle: icu\nmode: x\nÅsa -> Å\n", 3, "cannot build the index: unknown header 'mode:' for an index"),
        ("locale: sv\nstrict: maybe\nÅsa -> Å\n", 2, "cannot build the index: invalid value 'maybe' for 'strict:': use one of on, off"),
        ("locale: sv\nhan: abacus\nÅsa -> Å\n", 2, "cannot build the index: invalid value 'abacus' for 'han:': use one of pinyin, stroke, zhuyin, reading, none"),
    ])
    func fixtureHeaderErrors(text: String, line: Int, message: String) {
        let report = Fixture(text: text, path: "f").check()
        #expect(report.failures.first?.line == line, "\(text)")
        #expect(report.failures.first?.message == message)
    }

    @Test("A fixture without locale: is one failure, and failures come in line order")
    func missingLocaleAndOrder() {
        let noLocale = Fixture(text: "Åsa -> Å\nAnna -> A\n", path: "f").check()
        #expect(noLocale.failures.map(\.message) == ["malformed line: no 'locale:' header"])
        let mixed = Fixture(text: "locale: sv\nÅsa -> A\nnonsense\nAnna -> Å\n", path: "f").check()
        #expect(mixed.failures.map(\.line) == [2, 3, 4])
        // Without a locale too (found by fuzzing: the problems came in the parser's order).
        let noLocaleMixed = Fixture(text: "llaoce: zh\nalso: ja\n\nnonsense\nAnna -> A\n", path: "f").check()
        #expect(noLocaleMixed.failed >= 2)
        #expect(noLocaleMixed.failures.map(\.line) == noLocaleMixed.failures.map(\.line).sorted())
    }
}
