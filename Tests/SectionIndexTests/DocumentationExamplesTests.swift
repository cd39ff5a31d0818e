import Testing
import Collation
@testable import SectionIndex

/// The examples in the DocC comments, the DocC articles (SectionIndex.md, Collation.md) and
/// README.md, run as written: a doc example that stops being true fails here. README.md's
/// library examples are the overview's (`overview`) and the collator's (`collation`).
@Suite("Documentation examples")
struct DocumentationExamplesTests {
    struct Contact: Hashable, Sendable {
        var name: String
        var reading: String? = nil
        var isFavourite = false
    }

    @Test("SectionIndex.md and README: sections, labels, the side index")
    func overview() throws {
        let index = try ContactsIndex(locale: "sv")
        let contacts = [Contact(name: "Östen"), Contact(name: "Anna"), Contact(name: "Åsa"), Contact(name: "Иван"),
                        Contact(name: "田中", reading: "たなか"), Contact(name: "42 Pizza")]
        let sections = index.sections(of: contacts, name: \.name, reading: \.reading)
        #expect(sections.map(\.label) == ["A", "Å", "Ö", "И", "た", "#"])
        #expect(sections[1].items.map(\.name) == ["Åsa"])
        let labels = index.labels(for: contacts, name: \.name, reading: \.reading)
        #expect(labels.prefix(3) == ["A", "B", "C"] && labels.last == "#")
        #expect(labels.contains("Я") && labels.contains("わ") && !labels.contains("Α"), "groups for the scripts in the data only")
        #expect(index.label(for: "Zoë") == "Z")
        let ja = try ContactsIndex(locale: "ja")
        #expect(ja.label(for: "田中", reading: "たなか") == "た")
        #expect(ja.label(for: "Smith") == "S")
        #expect(try ContactsIndex(locale: "zh").label(for: "王小明") == "W")
        #expect(try ContactsIndex(locale: "zh-Hant").label(for: "王小明") == "4劃")
        // Chinese names in a list of another language: pinyin sections by `han: .pinyin`, or by
        // Chinese as an additional locale.
        #expect(try ContactsIndex(locale: "en", options: .init(han: .pinyin)).label(for: "王小明") == "W")
        #expect(try ContactsIndex(locale: "en", options: .init(additionalLocales: ["zh"])).label(for: "王小明") == "W")
    }

    @Test("SectionIndexForAListView.md: the side index for SwiftUI and UIKit, Japanese, Chinese and mixed lists")
    func listViewArticle() throws {
        let index = try ContactsIndex(locale: "sv")
        var side = index.sideIndex(of: [Contact(name: "Östen"), Contact(name: "Anna")], name: \.name, reading: \.reading)
        #expect(side.sections.map(\.label) == ["A", "Ö"])
        #expect(side.labels.count == 30)
        #expect(side.section(forTitle: "B") == 1)
        let point = side.insert(Contact(name: "Åsa"))
        #expect(point.createsSection && point.section == 1)
        #expect(side.section(forTitle: "B") == 1 && side.sections[1].label == "Å")

        let contacts = [Contact(name: "Östen"), Contact(name: "Anna"), Contact(name: "Åsa")]
        let full = index.sideIndex(of: contacts, name: \.name, reading: \.reading, full: true)
        #expect(full.sections.count == full.titles.count)
        let uikit = index.sideIndex(of: contacts, name: \.name, reading: \.reading)
        #expect(uikit.labels == full.labels)
        #expect(uikit.section(forTitleAt: 1) == 1, "B taps through to Å, the next section with rows")

        let japanese = try ContactsIndex(locale: "ja").sideIndex(
            of: [Contact(name: "田中", reading: "たなか"), Contact(name: "佐藤", reading: "さとう"), Contact(name: "山本")],
            name: \.name, reading: \.reading)
        #expect(japanese.labels == ["あ", "か", "さ", "た", "な", "は", "ま", "や", "ら", "わ", "他", "#"])
        #expect(japanese.sections.map(\.label) == ["さ", "た", "他"])
        let chinese = try ContactsIndex(locale: "zh").sideIndex(of: [Contact(name: "王小明"), Contact(name: "李娜")], name: \.name)
        #expect(chinese.sections.map(\.label) == ["L", "W"])
        let taiwanese = try ContactsIndex(locale: "zh-Hant").sideIndex(of: [Contact(name: "王小明")], name: \.name)
        #expect(taiwanese.sections.map(\.label) == ["4劃"])
        let mixed = try ContactsIndex(locale: "en").sideIndex(
            of: [Contact(name: "Anna"), Contact(name: "Łukasz"), Contact(name: "Іван"), Contact(name: "田中", reading: "たなか")],
            name: \.name, reading: \.reading)
        #expect(mixed.sections.map(\.label) == ["A", "L", "І", "た"])
    }

    @Test("SectionIndex.md: other languages, a list on screen, keys, ICU's index")
    func articleSections() throws {
        let options = ContactsIndex.Options(additionalLocales: ["ru"], han: .pinyin)
        let mixed = try ContactsIndex(locale: "en", options: options)
        #expect(mixed.label(for: "王小明") == "W")
        #expect(mixed.label(for: "Ёлка") == "Е")
        #expect(try AlphabeticIndex(locale: "sv").label(for: "Üller") == "Y")

        let index = try ContactsIndex(locale: "sv")
        let contacts = [Contact(name: "Östen"), Contact(name: "Anna"), Contact(name: "Åsa"), Contact(name: "Иван"),
                        Contact(name: "田中", reading: "たなか"), Contact(name: "42 Pizza")]
        var shown = index.sections(of: contacts, name: \.name, reading: \.reading)
        let newcomer = Contact(name: "Bea")
        let point = index.insertionPoint(for: newcomer, in: shown, name: \.name, reading: \.reading)
        if point.createsSection {
            shown.insert(Section(label: point.label, kind: point.kind, items: [newcomer]), at: point.section)
        } else {
            shown[point.section].items.insert(newcomer, at: point.row)
        }
        #expect(shown.map(\.label) == index.sections(of: contacts + [newcomer], name: \.name, reading: \.reading).map(\.label))
        #expect(shown.map(\.label) == ["A", "B", "Å", "Ö", "И", "た", "#"])

        let keys = index.sortKeys(names: contacts.map(\.name), readings: contacts.map(\.reading))
        let byKey = contacts.indices.sorted { keys[$0] < keys[$1] }.map { contacts[$0].name }
        #expect(byKey == shown.flatMap(\.items).map(\.name).filter { $0 != "Bea" })
        let keyed = try ContactsIndex(locale: "sv").sortKeys(names: ["Östen", "Anna", "Иван", "42", "Åsa"])
        #expect([1, 4, 0, 2, 3].map { keyed[$0] } == keyed.sorted(), "the ContactsIndex.sortKeys example")

        struct Named { var name: String }
        let named = [Named(name: "Émile"), Named(name: "Eve")]
        #expect(try Collator(locale: "fr").sorted(named, by: \.name).map(\.name) == ["Émile", "Eve"])
    }

    @Test("SectionIndex.md: a list on screen with SideIndex")
    func listViewModel() throws {
        let index = try ContactsIndex(locale: "sv")
        var side = index.sideIndex(of: [Contact(name: "Östen"), Contact(name: "Anna")], name: \.name, reading: \.reading)
        #expect(side.sections.map(\.label) == ["A", "Ö"])
        #expect(side.insert(Contact(name: "Åsa")) == InsertionPoint(section: 1, row: 0, createsSection: true, label: "Å", kind: .letter))
        #expect(side.section(forTitle: "B") == 1)
        #expect(side.sections.map(\.label) == ["A", "Å", "Ö"])
        #expect(side.titles.first { $0.label == "Å" }?.isEmpty == false)
        #expect(side.insert(Contact(name: "42")) == InsertionPoint(section: 3, row: 0, createsSection: true, label: "#", kind: .overflow))
        #expect(side.sections.last?.kind == .overflow)
        #expect(side.insert(Contact(name: "Иван")).label == "И")
        #expect(side.titles.contains { $0.label == "Я" && $0.isEmpty }, "a new script brings its group into the index")
        #expect(side.section(forTitle: "Ж") == 3, "an empty Cyrillic label leads to И (A, Å, Ö, И, #)")
        #expect(side.insert(Contact(name: "Anders")) == InsertionPoint(section: 0, row: 0, createsSection: false, label: "A", kind: .letter))
    }

    @Test("Section, SectionKind, PinnedSection")
    func sectionTypes() throws {
        let index = try ContactsIndex(locale: "en")
        #expect(index.sections(of: ["Anna", "42"]).map(\.kind) == [.letter, .overflow])
        let contacts = [Contact(name: "Zoe", isFavourite: true), Contact(name: "Adam")]
        let favourites = PinnedSection<Contact>(title: "Favourites") { $0.isFavourite }
        let sections = index.sections(of: contacts, name: \.name, pinned: favourites)
        #expect(sections.map(\.label) == ["Favourites", "A", "Z"])
        #expect(sections[0].kind == .pinned && sections[0].items.map(\.name) == ["Zoe"])
        #expect(sections.map(\.id) == ["Favourites", "A", "Z"])
    }

    @Test("InsertionPoint")
    func insertionPoint() throws {
        let index = try ContactsIndex(locale: "en")
        let sections = index.sections(of: ["Anna", "Cleo", "Carl"])
        let bea = index.insertionPoint(for: "Bea", in: sections, name: \.self)
        #expect(bea == InsertionPoint(section: 1, row: 0, createsSection: true, label: "B", kind: .letter))
        let cid = index.insertionPoint(for: "Cid", in: sections, name: \.self)
        #expect(cid == InsertionPoint(section: 1, row: 1, createsSection: false, label: "C", kind: .letter))
    }

    @Test("ContactsIndex options and policies")
    func options() throws {
        #expect(try ContactsIndex(locale: "en", options: .init(han: .pinyin)).label(for: "王小明") == "W")
        #expect(try ContactsIndex(locale: "en").label(for: "王小明") == "#")
        #expect(try ContactsIndex(locale: "en", options: .init(han: .stroke)).label(for: "王小明") == "4劃")
        #expect(try ContactsIndex(locale: "zh").label(for: "曾志伟") == "Z")
        #expect(try ContactsIndex(locale: "zh", options: .init(names: .plain)).label(for: "曾志伟") == "C")
        #expect(try ContactsIndex(locale: "en").label(for: "Иван") == "И")
        #expect(try ContactsIndex(locale: "en", options: .init(scripts: .none)).label(for: "Иван") == "#")
        let options = ContactsIndex.Options(additionalLocales: ["ru"], overflowLabel: "…")
        let index = try ContactsIndex(locale: "en", options: options)
        #expect(index.labels.first == "A" && index.labels.contains("Я") && index.labels.last == "…")
        #expect(index.label(for: "Ёлка") == "Е")
    }

    @Test("AlphabeticIndex, its buckets and configuration")
    func alphabeticIndex() throws {
        let index = try AlphabeticIndex(locale: "sv")
        #expect(index.buckets.first == AlphabeticIndex.Bucket(label: "…", kind: .underflow))
        #expect(index.buckets.last?.kind == .overflow)
        #expect(index.labels.first == "…" && index.labels.last == "…")
        let short = try AlphabeticIndex(.init(locale: "sv", overflowLabel: "#", maximumLabelCount: 10))
        #expect(short.labels.count <= 10 + 1 + 2 && short.labels.last == "#")
        let keys = index.sortKeys(names: ["Östen", "Anna", "Zoë"])
        #expect(keys[1] < keys[2] && keys[2] < keys[0], "Anna < Zoë < Östen")
    }

    @Test("Errors: IndexError, SettingsError, CollationError")
    func errors() throws {
        #expect(throws: IndexError.collation(.illFormedLocale("en US", reason: "only ASCII letters, digits, '-', '_', '@', '=' and ';' may appear"))) {
            try ContactsIndex(locale: "en US")
        }
        #expect(throws: IndexError.invalidMaximumLabelCount(0)) {
            try AlphabeticIndex(.init(locale: "sv", maximumLabelCount: 0))
        }
        do {
            _ = try IndexSettings(locale: "sv", settings: [("han", "abacus")])
            Issue.record("no error")
        } catch {
            #expect(error.key == "han" && error.value == "abacus")
            #expect(error.description == "invalid value 'abacus' for 'han:': use one of pinyin, stroke, zhuyin, reading, none")
        }
        #expect(throws: CollationError.unsupportedLocale("xx")) { try Collator(locale: "xx", strict: true) }
        #expect(try Collator(locale: "xx").usesRootFallback)
    }

    @Test("IndexSettings and NameIndex")
    func settings() throws {
        let settings = IndexSettings(locale: "sv", style: .icu)
        #expect(settings.style == .icu)
        #expect(try IndexSettings(locale: "sv", settings: [("style", "icu"), ("max-labels", "10")]).maximumLabelCount == 10)
        let index = try settings.makeIndex()
        #expect(index.label(for: "Östen", reading: nil) == "Ö")
        struct Entry { var name: String; var reading: String? }
        let entries = [Entry(name: "Östen", reading: nil), Entry(name: "Anna", reading: nil)]
        #expect(index.sections(of: entries, name: \.name, reading: \.reading).map(\.label) == ["A", "Ö"])
        #expect(index.sections(of: entries, name: \.name, reading: \.reading, full: false).map(\.label) == ["A", "Ö"])
        let order = try IndexSettings(locale: "sv").makeIndex().groupedOrder(names: ["Åsa", "Anna"], readings: [nil, nil])
        #expect(order.entries.map { order.labels[$0.section] } == ["A", "Å"])
        let ja = try IndexSettings(locale: "ja").makeIndex()
        let keys = ja.sortKeys(names: ["Smith", "田中"], readings: [nil, "たなか"])
        #expect(keys[1] < keys[0])
    }

    @Test("Fixtures")
    func fixtures() throws {
        let fixture = Fixture(text: "locale: sv\nÅsa -> Å\n田中 | たなか -> た\norder: Anna < Åsa\n", path: "sv.fixture")
        #expect(fixture.cases.map(\.label) == ["Å", "た"])
        #expect(fixture.cases[1].entry == Fixture.Entry(name: "田中", reading: "たなか"))
        #expect(fixture.orders.first?.entries.map(\.name) == ["Anna", "Åsa"])
        #expect(fixture.check().failed == 0 && fixture.check().passed == 3)
        let wrong = Fixture(text: "locale: sv\nÅsa -> A\nnonsense\n", path: "sv.fixture")
        #expect(wrong.problems.map(\.line) == [3])
        let report = wrong.check()
        #expect(report.failures.map(\.description) == ["sv.fixture:2: expected A, got Å (Åsa)",
                                                        "sv.fixture:3: malformed line: not a comment, header, case (NAME -> LABEL) or order line"])
    }

    @Test("The smaller examples: Section, Bucket, fixture parts, typed ICU errors")
    func smallExamples() throws {
        struct Named { var name: String }
        let sections = try ContactsIndex(locale: "sv").sections(of: [Named(name: "Östen"), Named(name: "Anna"), Named(name: "Åsa")], name: \.name)
        #expect(sections.map { "\($0.label) \($0.items.map(\.name))" } == [#"A ["Anna"]"#, #"Å ["Åsa"]"#, #"Ö ["Östen"]"#])
        #expect(try AlphabeticIndex(locale: "sv").buckets[1] == AlphabeticIndex.Bucket(label: "A", kind: .normal))
        #expect(Fixture(text: "locale: sv\nnonsense\n", path: "sv.fixture").problems.map(\.line) == [2])
        let sv = Fixture(text: "locale: sv\nÅsa -> Å\n", path: "sv.fixture")
        #expect(sv.cases[0].label == "Å" && sv.cases[0].line == 2)
        #expect(Fixture(text: "locale: ja\n田中 | たなか -> た\n", path: "ja.fixture").cases[0].entry == Fixture.Entry(name: "田中", reading: "たなか"))
        let report = Fixture(text: "locale: sv\nÅsa -> A\n", path: "sv.fixture").check()
        #expect(report.failed == 1 && report.failures[0].description == "sv.fixture:2: expected A, got Å (Åsa)")
        // ICUError reaches callers inside CollationError.icu; the pattern compiles with typed throws.
        var reached = false
        do {
            _ = try Collator(locale: "sv")
            reached = true
        } catch .icu(let failure) {
            Issue.record("ICU failed: \(failure.operation) \(failure.input) \(failure.codeName)")
        } catch {
            Issue.record("\(error)")
        }
        #expect(reached)
        #expect(String(describing: IndexError.collation(.illFormedLocale("en US", reason: "r"))) == "ill-formed locale 'en US': r")
    }

    @Test("Collation.md and README: collation types")
    func collation() throws {
        let swedish = try Collator(locale: "sv")
        #expect(swedish.sorted(["Zoë", "Åsa", "Anna"]) == ["Anna", "Zoë", "Åsa"])
        #expect(swedish.compare("File 2", "File 10") == .ascending)
        #expect(swedish.compare("Åsa", "Zoë") == .descending)
        #expect(swedish.comparePrimary("Anna", "anna") == .same)
        var options = Collator.Options()
        options.strength = .primary
        #expect(try Collator(locale: "en", options: options).compare("résumé", "Resume") == .same)
        options = Collator.Options(caseFirst: .upperFirst)
        #expect(try Collator(locale: "en", options: options).sorted(["apple", "Apple"]) == ["Apple", "apple"])
        let german = try Collator(locale: "de")
        #expect(german.sortKey("Ärger") < german.sortKey("Arzt"))
        #expect(german.sortKey("Arzt").description.allSatisfy { "0123456789abcdef".contains($0) })
        let stroke = try LocaleIdentifier("zh-u-co-stroke")
        #expect(stroke.icuID == "zh@collation=stroke" && stroke.languageTag == "zh-u-co-stroke" && stroke.collation == "stroke")
        #expect(throws: CollationError.self) { try LocaleIdentifier("en US") }
    }
}

