#if canImport(Foundation)
import Foundation
#endif
import Testing
@testable import Collation

/// Issue 17 items 2, 4 and 5, issue 14 item 8: which texts name a locale, and what they name.
/// Expected ids come from BCP 47 (RFC 5646), CLDR's supplemental metadata (languageAlias:
/// iw → he, in → id, mo → ro, sh → sr_Latn, tl → fil) and CLDR's collation charts.
@Suite("Locale identifiers")
struct LocaleIdentifierTests {
    @Test("root and und are CLDR's root locale, with or without keywords", arguments: [
        ("root", "root", "und"), ("und", "root", "und"), ("ROOT", "root", "und"),
        ("und-u-co-emoji", "root@collation=emoji", "und-u-co-emoji"),
        ("root@collation=emoji", "root@collation=emoji", "und-u-co-emoji"),
    ])
    func root(text: String, icuID: String, tag: String) throws {
        let locale = try LocaleIdentifier(text)
        #expect(locale.icuID == icuID, "locale \(text)")
        #expect(locale.languageTag == tag, "locale \(text)")
        #expect(locale.isRoot && locale.language.isEmpty && locale.hasICUData, "locale \(text)")
        let collator = try Collator(locale: text, strict: true)
        #expect(!collator.usesRootFallback && collator.resolvedLocale.hasPrefix("und"), "locale \(text)")
        // Root collation: Å is A with a ring, between Anna and Zoë (CLDR root).
        #expect(collator.sorted(["Zoë", "Åsa", "Anna"]) == ["Anna", "Åsa", "Zoë"])
    }

    @Test("An id that names no language is refused, saying so", arguments: [
        "_", "@", "x-foo", "@collation=foo", "_US", "und-US", "__", "_Latn",
    ])
    func namesNoLanguage(text: String) {
        #expect {
            _ = try Collator(locale: text)
        } throws: { error in
            guard case .illFormedLocale(let input, let reason)? = error as? CollationError else { return false }
            return input == text && reason.contains("names no language")
        }
    }

    @Test("Deprecated codes are replaced by current ones, with no root fallback", arguments: [
        ("iw", "he"), ("in", "id"), ("mo", "ro"), ("sh", "sr-Latn"), ("tl", "fil"), ("iw-IL", "he-IL"),
    ])
    func deprecatedCodes(text: String, current: String) throws {
        let locale = try LocaleIdentifier(text)
        #expect(locale.languageTag == current, "locale \(text)")
        #expect(locale.requested == text)
        let collator = try Collator(locale: text, strict: true)
        #expect(!collator.usesRootFallback, "locale \(text)")
    }

    @Test("mo is Romanian: Ț is a letter after T (CLDR ro: &T<ţ<<<Ţ<ț<<<Ț)")
    func moldavian() throws {
        #expect(try Collator(locale: "mo").compare("Ța", "Tz") == .descending)
        #expect(try Collator(locale: "ro").compare("Ța", "Tz") == .descending)
        #expect(try Collator(locale: "root").compare("Ța", "Tz") == .ascending)
    }

    @Test("A collation keyword ICU cannot apply is a typed error naming the keyword", arguments: [
        ("en-u-kr-bogus", "kr", "bogus"), ("en-u-ks-bogus", "ks", "bogus"), ("en-u-ka-bogus", "ka", "bogus"),
        ("en-u-kc-bogus", "kc", "bogus"), ("en-u-kf-bogus", "kf", "bogus"), ("en-u-kn-bogus", "kn", "bogus"),
        ("en-u-kk-bogus", "kk", "bogus"), ("en-u-kv-bogus", "kv", "bogus"), ("en-u-kb-bogus", "kb", "bogus"),
        ("en-u-kr-latn-latn", "kr", "latn-latn"), ("en-u-vt-0061", "vt", "0061"),
        ("en@colStrength=bogus", "ks", "bogus"), ("ja@collation=private-kana", "co", "private-kana"),
        ("sv-u-kn-true-ks-bogus", "ks", "bogus"), ("root@colreorder=bogus", "kr", "bogus"),
    ])
    func invalidKeyword(text: String, keyword: String, value: String) {
        #expect(throws: CollationError.invalidCollationKeyword(text, keyword: keyword, value: value)) {
            try Collator(locale: text)
        }
        let message = CollationError.invalidCollationKeyword(text, keyword: keyword, value: value).description
        #expect(message.contains("'\(keyword)'") && message.contains(text))
    }

    @Test("A collation type ICU lacks for the locale is served in standard order, and refused when strict", arguments: [
        // ICU's data (ucol_getKeywordValuesForLocale): sv has standard, search, traditional;
        // en has no phonebook (only de does); "reformed" left CLDR's sv data (it is now standard).
        ("sv-u-co-bogus", "bogus", "sv"), ("en-u-co-phonebk", "phonebook", "en"), ("sv@collation=reformed", "reformed", "sv"),
    ])
    func missingCollationType(text: String, type: String, resolved: String) throws {
        let locale = try LocaleIdentifier(text)
        #expect(locale.missingCollationType == type)
        #expect(!locale.availableCollationTypes.contains(type) && locale.availableCollationTypes.contains("standard"))
        let collator = try Collator(locale: text)
        #expect(collator.resolvedLocale == resolved, "ICU uses the standard order, so the resolved locale has no type")
        #expect(throws: CollationError.unsupportedCollationType(text, type: type, available: locale.availableCollationTypes)) {
            try Collator(locale: text, strict: true)
        }
        #expect(throws: CollationError.unsupportedCollationType(text, type: type, available: locale.availableCollationTypes)) {
            try locale.checkCollation(strict: true)
        }
        try locale.checkCollation(strict: false)
    }

    @Test("A collation type the locale has is not missing", arguments: [
        "de-u-co-phonebk", "sv-u-co-trad", "es-u-co-trad", "zh-u-co-stroke", "zh-Hant-u-co-pinyin", "ja-u-co-unihan",
        "ko-u-co-searchjl", "und-u-co-emoji", "en-u-co-search", "en",
    ])
    func presentCollationType(text: String) throws {
        #expect(try LocaleIdentifier(text).missingCollationType == nil)
        _ = try Collator(locale: text, strict: true)
    }

    @Test("Valid collation keywords still open", arguments: ["en-u-kn", "en-u-ks-level1", "en-u-kr-cyrl-latn", "sv-u-kf-upper"])
    func validKeyword(text: String) throws {
        _ = try Collator(locale: text)
    }

    @Test("What the environment holds is read as the command line reads it", arguments: [
        (["LANG": "sv_SE.UTF-8"], "sv_SE"), (["LC_ALL": "C.UTF-8", "LANG": "sv_SE"], "en"),
        (["LC_COLLATE": "de_DE@euro", "LANG": "sv"], "de_DE"), (["LC_ALL": "POSIX"], "en"),
        (["LC_ALL": "", "LC_COLLATE": "", "LANG": "ja_JP.eucJP"], "ja_JP"), ([:], "en"),
        (["LANG": "sr_RS@latin"], "sr_Latn_RS"), (["LC_ALL": "root"], "root"),
        (["LANG": "sv@collation=phonebook"], "sv@collation=phonebook"),
    ])
    func environment(variables: [String: String], expected: String) {
        #expect(LocaleIdentifier.environmentLocale(variables) == expected, "\(variables)")
    }

    @Test("POSIX locale values are locales in the library too", arguments: [
        ("en_US.UTF-8", "en-US"), ("C.UTF-8", "en"), ("C", "en"), ("POSIX", "en"), ("sv_SE@euro", "sv-SE"),
        ("sr_RS@latin", "sr-Latn-RS"),
    ])
    func posixValues(text: String, tag: String) throws {
        let collator = try Collator(locale: text, strict: true)
        #expect(collator.locale.languageTag == tag, "locale \(text)")
        #expect(!collator.usesRootFallback)
    }

    #if canImport(Foundation)
    @Test("A Foundation Locale opens the same collator as its identifier")
    func foundationLocale() throws {
        let swedish = try Collator(locale: Locale(identifier: "sv_SE"))
        #expect(swedish.locale.languageTag == "sv-SE")
        #expect(swedish.sorted(["Zoë", "Åsa", "Anna"]) == ["Anna", "Zoë", "Åsa"])
        #expect(try LocaleIdentifier(Locale(identifier: "")).isRoot)
        #expect(try LocaleIdentifier(Locale(identifier: "de_DE@collation=phonebook")).collation == "phonebook")
    }
    #endif
}
