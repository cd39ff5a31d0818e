#if canImport(Foundation)
import Foundation
#endif
import Collation
import Testing
@testable import SectionIndex

/// Issue 17 items 2 and 5, issue 14 item 8, for the indexes: root is a locale like any other,
/// deprecated codes get their language's data, and an index says which locale it resolved to
/// and whether it fell back to root. Labels come from CLDR's index exemplars (root: none of a
/// language's extras, so A–Z for Latin; sr-Latn: Č Ć DŽ Đ LJ NJ Š Ž; fil: Ñ and NG).
@Suite("Locale resolution (indexes)")
struct LocaleResolutionTests {
    @Test("root and und build both styles", arguments: ["root", "und"])
    func rootIndexes(text: String) throws {
        let contacts = try ContactsIndex(locale: text, strict: true)
        #expect(contacts.label(for: "Åsa") == "A", "locale \(text)")
        #expect(contacts.label(for: "Иван") == "И")
        #expect(!contacts.usesRootFallback && contacts.resolvedLocale == "und")
        let icu = try AlphabeticIndex(locale: text)
        #expect(icu.label(for: "Åsa") == "A")
        #expect(!icu.usesRootFallback && icu.resolvedLocale == "und")
        let extra = try ContactsIndex(locale: "sv", options: .init(additionalLocales: [text]))
        #expect(extra.label(for: "Åsa") == "Å")
        _ = try AlphabeticIndex(locale: "sv", additionalLocales: [text])
        for style in ["contacts", "icu"] {
            let index = try IndexSettings(locale: text, settings: [("style", style), ("strict", "on")]).makeIndex()
            #expect(index.label(for: "Zoë", reading: nil) == "Z", "style \(style)")
        }
    }

    @Test("A fixture can say locale: root")
    func rootFixture() {
        let fixture = Fixture(text: "locale: root\nÅsa -> A\nZoë -> Z\norder: Anna < Åsa < Zoë\n", path: "root.fixture")
        let report = fixture.check()
        #expect(report.failures.isEmpty, "\(report.failures.map(\.description))")
        #expect(report.passed == 3)
    }

    @Test("An id that names no language is refused by every index", arguments: ["_", "x-foo", "_US", "@collation=foo"])
    func noLanguage(text: String) {
        #expect(throws: IndexError.self) { try ContactsIndex(locale: text) }
        #expect(throws: IndexError.self) { try AlphabeticIndex(locale: text) }
        #expect(throws: IndexError.self) { try ContactsIndex(locale: "en", options: .init(additionalLocales: [text])) }
        #expect(throws: IndexError.self) { try AlphabeticIndex(locale: "en", additionalLocales: [text]) }
    }

    @Test("Deprecated codes give their language's labels", arguments: [("sh", "sr-Latn"), ("tl", "fil"), ("iw", "he"), ("mo", "ro")])
    func deprecatedLabels(old: String, current: String) throws {
        let index = try ContactsIndex(locale: old, strict: true)
        #expect(index.labels(forNames: [], readings: []) == (try ContactsIndex(locale: current)).labels(forNames: [], readings: []))
        #expect(!index.usesRootFallback)
        #expect(try AlphabeticIndex(locale: old).labels == AlphabeticIndex(locale: current).labels)
    }

    @Test("sh files Č as a letter of its own, as sr-Latn does and root does not")
    func serboCroatian() throws {
        #expect(try ContactsIndex(locale: "sh").label(for: "Čolić") == "Č")
        #expect(try ContactsIndex(locale: "root").label(for: "Čolić") == "C")
    }

    @Test("An index says when it fell back to root", arguments: [
        ("swedish", "und", true), ("xx", "und", true), ("sv-SE", "sv-SE", false), ("sv_SE.UTF-8", "sv-SE", false),
        ("POSIX", "en", false), ("C.UTF-8", "en", false), ("de_DE@euro", "de-DE", false),
    ])
    func fallbackExposed(text: String, resolved: String, fallsBack: Bool) throws {
        let contacts = try ContactsIndex(locale: text)
        #expect(contacts.resolvedLocale == resolved, "locale \(text)")
        #expect(contacts.usesRootFallback == fallsBack, "locale \(text)")
        let icu = try AlphabeticIndex(locale: text)
        #expect(icu.resolvedLocale == resolved, "locale \(text)")
        #expect(icu.usesRootFallback == fallsBack, "locale \(text)")
        if fallsBack {
            #expect(throws: IndexError.collation(.unsupportedLocale(text))) { try ContactsIndex(locale: text, strict: true) }
        }
    }

    #if canImport(Foundation)
    @Test("Indexes open from a Foundation Locale")
    func foundationLocale() throws {
        let contacts = try ContactsIndex(locale: Locale(identifier: "sv_SE"))
        #expect(contacts.label(for: "Åsa") == "Å")
        #expect(contacts.resolvedLocale == "sv-SE")
        #expect(try AlphabeticIndex(locale: Locale(identifier: "sv_SE")).label(for: "Östen") == "Ö")
        #expect(try ContactsIndex(locale: Locale(identifier: "")).resolvedLocale == "und")
    }
    #endif
}
