import Foundation
import Testing
@testable import Collation
@testable import SectionIndex

/// The one definition of the full index (issue 36) and the list's own letters (issue 34):
/// what `sections(full:)`, `labels(for:)`, `--full` and ``SideIndex`` show.
@Suite("Full index")
struct FullIndexTests {
    /// ICU's labels for a locale alone, without its `…` buckets: the CLDR index characters as
    /// `icu::AlphabeticIndex` shows them.
    static func icuLetters(_ locale: String) throws -> [String] {
        try ICU.ReferenceIndex(localeID: ICU.localeID(fromLanguageTag: locale) ?? locale).buckets
            .filter { $0.label != "…" }.map(\.label)
    }

    /// Letters contacts style adds to ICU's for a locale's own alphabet, each with its source.
    static let addedLetters: [String: [String]] = [
        // A Japanese index closes with 他 for kanji without a reading (Android's
        // ContactLocaleUtils, JAPANESE_MISC_LABEL).
        "ja": ["他"],
        // Tamil Grantha letters after ன (CLDR ta collation &ஹ<க்ஷ; the Tamil alphabet as taught).
        "ta": ["ஜ", "ஷ", "ஸ்ரீ", "ஸ", "ஹ", "க்ஷ"],
    ]

    /// Issue 36: a list of only the language's names shows exactly the language's alphabet.
    @Test("The full index of a list of one language's names is its CLDR index characters and #",
          arguments: ["en", "de", "fr", "sv", "pl", "hr", "is", "es", "cs", "ru", "uk", "el", "ar", "he",
                      "hi", "th", "ja", "ko", "zh", "vi", "ta"])
    func ownAlphabet(locale: String) throws {
        let index = try ContactsIndex(locale: locale)
        let letters = try Self.icuLetters(locale)
        // The names: one starting with each letter of the alphabet (each letter itself), so
        // that every section holds a name of the language.
        let names = locale == "ja" ? ["あい", "かな", "田中"] : locale == "zh" ? ["王小明", "Anna"] : letters.map { $0 + "a" }
        let expected = (locale == "ja" ? letters : letters) + (Self.addedLetters[locale] ?? [])
        let full = index.sections(of: names, full: true).map(\.label)
        #expect(Set(full.dropLast()) == Set(expected), "\(locale): \(full)")
        #expect(full.count == expected.count + 1, "\(locale): \(full)")
        #expect(full.last == "#")
        #expect(index.labels(for: names, name: { $0 }) == full)
    }

    /// Issue 36: another script adds its alphabet once, and nothing of other languages' letters
    /// unless a name is under one.
    @Test("A mixed list adds exactly one alphabet per script present")
    func mixed() throws {
        let index = try ContactsIndex(locale: "en")
        let names = ["Anna", "Борис", "Ελένη", "דוד"]
        // Groups in the order en collation orders their scripts (root: Latin, Greek, Cyrillic, Hebrew).
        let expected = try Self.icuLetters("en") + Self.icuLetters("el") + Self.icuLetters("ru") + Self.icuLetters("he") + ["#"]
        #expect(index.sections(of: names, full: true).map(\.label) == expected)
        #expect(index.labels(for: names, name: { $0 }) == expected)
        // A Ukrainian name adds the one letter it is under (rule 6), after И (root order).
        let withUkrainian = index.labels(for: names + ["Іван"], name: { $0 })
        #expect(withUkrainian.count == expected.count + 1)
        let position = try #require(withUkrainian.firstIndex(of: "І"))
        #expect(withUkrainian[position - 1] == "И")
    }

    /// Issue 36: `labels(for:)` and `sections(full: true)` are one index, for every fixture.
    @Test("labels(for:) equals the labels of sections(full: true) for every fixture", arguments: FixtureFilesTests.files)
    func fixtureLabels(file: String) throws {
        let text = try String(contentsOf: FixtureFilesTests.directory.appendingPathComponent(file), encoding: .utf8)
        let fixture = Fixture(text: text, path: file)
        guard let locale = fixture.headers.first(where: { $0.key == "locale" })?.value,
              let index = try fixture.settings(locale: locale).makeIndex() as? ContactsIndex else { return }
        let entries = fixture.allEntries
        let labels = index.labels(for: entries, name: \.name, reading: \.reading)
        #expect(index.sections(of: entries, name: \.name, reading: \.reading, full: true).map(\.label) == labels, "\(file)")
        let order = index.groupedOrder(names: entries.map(\.name), readings: entries.map(\.reading))
        #expect(order.fullIndexSections.map { order.labels[$0] } == labels, "\(file)")
    }

    /// Issue 34: under a Latin-script locale, another language's letter goes with its base
    /// letter, keeps a section when it has none, and stays where its own language is the list's.
    @Test("A list's own script has its own letters", arguments: [
        // ICU's en index and Android file these with their base letters (root: secondary
        // differences from d, d, h, l, o).
        ("en", "Đorđe", "D"), ("en", "Ðórr", "D"), ("en", "Ħamrun", "H"), ("en", "Łukasz", "L"), ("en", "Øle", "O"),
        ("de", "Łukasz", "L"), ("fr", "Đorđe", "D"), ("nl", "Ħamrun", "H"),
        // No base letter, and English's order would put it under Z or E: a section of its own.
        ("en", "Þór", "Þ"), ("en", "Əli", "Ə"),
        // The language's own letters stay: Polish Ł (CLDR pl), Croatian and Vietnamese Đ, Icelandic Ð.
        ("pl", "Łukasz", "Ł"), ("hr", "Đorđe", "Đ"), ("sr-Latn", "Đorđe", "Đ"), ("bs", "Đorđe", "Đ"),
        ("vi", "Đức", "Đ"), ("is", "Ðórr", "Ð"),
        // Faroese files ð with d (CLDR fo collation &D<<đ<<<Đ<<ð<<<Ð; no Faroese word starts with ð).
        ("fo", "Ðóra", "D"),
        // A look-alike of the list's own letter goes under it: eth Ð (U+00D0) is drawn as
        // Croatian Đ (U+0110), and Croatian text in Latin-1 types it so.
        ("hr", "Ðorđe", "Đ"), ("vi", "Ðức", "Đ"),
        // Latin under Chinese, Japanese and Korean is English's A–Z.
        ("ja", "Łukasz", "L"), ("ko", "Đorđe", "D"), ("zh", "Øle", "O"),
    ] as [(String, String, String)])
    func ownLetters(locale: String, name: String, label: String) throws {
        let index = try ContactsIndex(locale: locale)
        #expect(index.label(for: name) == label, "\(locale) \(name)")
        #expect(index.sections(of: [name]).map(\.label) == [label], "\(locale) \(name)")
    }

    /// Issue 34: no index shows two labels that look alike. For every locale, a list holding a
    /// name for every letter any language has (``ExtraLetters``), so that every letter that can
    /// get a section gets one: no two labels are equal but for case or compatibility, and no two
    /// of one script share a confusable skeleton (UTS #39) unless both are the locale's own or
    /// one language's alphabet has both (``LookAlikeLabels/distinctPairs``).
    @Test("No index shows two labels that look alike", arguments: ICU.availableLocaleIDs.filter { ICU.region(of: $0).isEmpty })
    func noLookAlikes(locale: String) throws {
        guard let index = try? ContactsIndex(locale: locale) else { return }
        let letters = ExtraLetters.candidatesByScript.values.flatMap { $0.unicodeScalars.map { String($0) + "a" } }
        let labels = index.labels(for: letters, name: { $0 })
        // Each group's own letters: its labels for a list with one name of each script, under
        // a letter every group has as its own (the first of the script's candidates in code
        // point order is a base letter: A, А, ก, அ, …), so that no other language's is used.
        let firsts = ExtraLetters.candidatesByScript.values.compactMap { $0.unicodeScalars.first.map { String($0) + "a" } }
        let own = Set(index.labels(for: firsts, name: { $0 }))
        var seen: [String: String] = [:]
        for label in labels {
            let folded = ICU.uppercased(ICU.nfkd(label), localeID: "root")
            #expect(seen[folded] == nil, "\(locale): \(label) and \(seen[folded] ?? "")")
            seen[folded] = label
        }
        var byShape: [String: String] = [:]
        for label in labels {
            let script = label.unicodeScalars.first.map { Script(of: $0).shortName } ?? ""
            let key = script + " " + LookAlikeLabels.shape(label)
            if let other = byShape[key] {
                #expect((own.contains(other) && own.contains(label)) || LookAlikeLabels.areDistinct(other, label),
                        "\(locale): \(other) and \(label) look alike")
            }
            byShape[key] = label
        }
    }

    /// The table of letters one language has both of is what ICU's data gives.
    @Test("The pairs of look-alike letters one language has are what ICU's data gives")
    func distinctPairs() {
        #expect(LookAlikeLabels.scannedDistinctPairs() == LookAlikeLabels.distinctPairs)
    }
}

/// The side index a list view binds to (issue 36).
@Suite("Side index")
struct SideIndexTests {
    @Test("A tap on a title goes to its section, or for an empty one the next with rows, else the previous")
    func taps() throws {
        let index = try ContactsIndex(locale: "en")
        let side = index.sideIndex(of: ["Carl", "Anna", "Zed"], name: \.self)
        #expect(side.sections.map(\.label) == ["A", "C", "Z"])
        #expect(side.labels == "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init) + ["#"])
        // The first title, with rows: its own section.
        #expect(side.section(forTitleAt: 0) == 0)
        #expect(side.titles[0].isEmpty == false && side.titles[0].section == 0)
        // Every empty title: the next section with rows, else (after Z) the previous.
        for (position, title) in side.titles.enumerated() {
            let expected: Int
            switch title.label {
            case "A": expected = 0
            case "B", "C": expected = 1
            case "#": expected = 2
            default: expected = 2
            }
            #expect(side.section(forTitleAt: position) == expected, "\(title.label)")
            #expect(title.isEmpty == !["A", "C", "Z"].contains(title.label), "\(title.label)")
            #expect((title.section != nil) == !title.isEmpty, "\(title.label)")
        }
        // The last title (#, empty) goes back to Z.
        #expect(side.section(forTitle: "#") == 2)
        #expect(side.section(forTitleAt: side.titles.count) == nil)
    }

    /// The rule alone, which the HTML preview shares: (where the empty section is, the
    /// sections with elements, where a tap goes).
    @Test("An empty title's tap goes to the next section with elements, else the last one", arguments: [
        (place: 0, withElements: [2, 5], expected: 2 as Int?),   // before every one: the first
        (place: 3, withElements: [2, 5], expected: 5),          // between: the next
        (place: 6, withElements: [2, 5], expected: 5),          // after every one: the previous
        (place: 4, withElements: [0, 1, 2, 3, 7, 9], expected: 7),
        (place: 0, withElements: [], expected: nil),            // no section has elements
    ])
    func tapRule(place: Int, withElements: [Int], expected: Int?) {
        #expect(TapTarget.section(forEmptyAt: place, withElements: withElements) == expected)
    }

    @Test("Insertions that create and fill sections update the titles and taps")
    func insertions() throws {
        let index = try ContactsIndex(locale: "sv")
        var side = index.sideIndex(of: ["Östen", "Anna"], name: \.self)
        #expect(side.section(forTitle: "B") == 1)   // Ö
        let point = side.insert("Åsa")
        #expect(point.createsSection && point.label == "Å" && point.section == 1)
        #expect(side.sections.map(\.label) == ["A", "Å", "Ö"])
        #expect(side.section(forTitle: "B") == 1)   // now Å
        #expect(side.section(forTitle: "Ö") == 2)
        let filling = side.insert("Agnes")
        #expect(!filling.createsSection && filling.section == 0 && filling.row == 0, "Agnes before Anna")
        #expect(side.sections[0].items == ["Agnes", "Anna"])
        let first = side.insert("Bo")
        #expect(first.createsSection && first.section == 1)
        #expect(side.section(forTitle: "B") == 1 && side.section(forTitle: "C") == 2)
        // A name under a letter the index did not show (a new script) brings its alphabet in.
        side.insert("Иван")
        #expect(side.labels.contains("И") && side.labels.last == "#")
        #expect(side.section(forTitle: "И") == side.sections.firstIndex { $0.label == "И" })
        #expect(side.titles.count == side.titles.filter { !$0.isEmpty }.count + side.titles.filter(\.isEmpty).count)
    }

    @Test("With full, every title has a section of its own, empty ones included")
    func full() throws {
        let index = try ContactsIndex(locale: "en")
        var side = index.sideIndex(of: ["Anna", "Zed"], name: \.self, full: true)
        #expect(side.sections.map(\.label) == side.labels)
        #expect(side.titles.allSatisfy { $0.section != nil })
        #expect(side.titles.map(\.section) == side.sections.indices.map(Optional.some))
        // An empty title still taps through to a section with rows.
        #expect(side.section(forTitle: "B") == side.sections.firstIndex { $0.label == "Z" })
        let point = side.insert("Bea")
        #expect(!point.createsSection && side.sections[point.section].label == "B")
        #expect(side.section(forTitle: "B") == point.section && side.titles[1].isEmpty == false)
    }

    @Test("A pinned section comes first, without a title")
    func pinned() throws {
        let index = try ContactsIndex(locale: "en")
        let favourites = PinnedSection<String>(title: "Favourites") { $0 == "Zed" }
        var side = index.sideIndex(of: ["Anna", "Zed"], name: \.self, pinned: favourites)
        #expect(side.sections.map(\.label) == ["Favourites", "A", "Z"])
        #expect(!side.labels.contains("Favourites"))
        #expect(side.section(forTitle: "A") == 1 && side.section(forTitle: "B") == 2)
        side.insert("Bea")
        #expect(side.sections.map(\.label) == ["Favourites", "A", "B", "Z"])
        #expect(side.section(forTitle: "B") == 2)
    }

    @Test("An inserted pinned element takes its place in index order in the pinned section, as grouping puts it",
          arguments: ["Aaron", "Anna", "Bo", "Mia", "Åsa", "Zoe", "Zz", "Östen", "123"])
    func pinnedInsertion(newcomer: String) throws {
        let index = try ContactsIndex(locale: "sv")
        // Every name but Bea is a favourite, so the pinned section holds most of the list.
        let favourites = PinnedSection<String>(title: "Favourites") { $0 != "Bea" }
        let names = ["Anna", "Bea", "Carl", "Zoe", "Östen", "Agnes"]
        var side = index.sideIndex(of: names, name: \.self, pinned: favourites)
        side.insert(newcomer)
        let regrouped = index.sideIndex(of: names + [newcomer], name: \.self, pinned: favourites)
        #expect(side.sections.first?.items == regrouped.sections.first?.items)
        #expect(side.sections == regrouped.sections)
    }

    @Test("Collator is in scope with SectionIndex alone, through the re-export")
    func collatorInScope() throws {
        let collator: SectionIndex.Collator = try ContactsIndex(locale: "sv").collator
        #expect(collator.compare("Åsa", "Zoë") == .descending)
    }
}
