import Testing
@testable import Collation

/// The typed constants at the ICU edge agree with ICU's own names for them: a wrong number in
/// the shim's enums would fail here (and in the shim's static_asserts) rather than misplace names.
@Suite struct ICUTypesTests {
    /// ISO 15924 codes, from the standard's code list (unicode.org/iso15924).
    @Test(arguments: [
        (ICU.Script.common, "Zyyy"), (.inherited, "Zinh"), (.cyrillic, "Cyrl"), (.greek, "Grek"),
        (.han, "Hani"), (.hangul, "Hang"), (.hiragana, "Hira"), (.katakana, "Kana"),
        (.latin, "Latn"), (.unknown, "Zzzz"),
    ])
    func scriptsHaveTheirISOCodes(script: ICU.Script, code: String) {
        #expect(script.shortName == code)
        #expect(ICU.Script(named: code) == script)
    }

    @Test(arguments: [
        ("王" as Unicode.Scalar, ICU.Script.han), ("a", .latin), ("Ж", .cyrillic), ("λ", .greek),
        ("한", .hangul), ("あ", .hiragana), ("カ", .katakana), ("1", .common), ("\u{0301}", .inherited),
    ])
    func scriptOfAScalar(scalar: Unicode.Scalar, script: ICU.Script) {
        #expect(ICU.Script(of: scalar) == script, "U+\(String(scalar.value, radix: 16))")
    }

    @Test func sharedScriptsAndExtensions() {
        #expect(ICU.Script.common.isShared && ICU.Script.inherited.isShared && ICU.Script.unknown.isShared)
        #expect(!ICU.Script.latin.isShared)
        // ー (U+30FC) is Common, used by Hiragana and Katakana (Unicode's ScriptExtensions.txt).
        #expect(ICU.Script(of: "ー") == .common)
        #expect(("ー" as Unicode.Scalar).hasScript(.katakana) && ("ー" as Unicode.Scalar).hasScript(.hiragana))
        #expect(ICU.Script(named: "no such script") == nil)
    }

    /// ICU's AlphabeticIndex puts an underflow bucket first and an overflow bucket last, with
    /// normal buckets between (ICU's alphaindex.h).
    @Test func bucketKindsFromICU() throws {
        let buckets = try ICU.ReferenceIndex(localeID: "sv").buckets
        #expect(buckets.first?.kind == .underflow)
        #expect(buckets.last?.kind == .overflow)
        #expect(buckets.dropFirst().dropLast().allSatisfy { $0.kind == .normal || $0.kind == .inflow })
        #expect(buckets.contains { $0.kind == .normal && $0.label == "Å" })
    }

    /// CLDR 42's locale files (common/main): sv.xml, de_AT.xml and ha_NE.xml have their own
    /// index characters; en_GB.xml and pt_PT.xml inherit them; bgc.xml has none; a locale CLDR
    /// does not have has no data at all.
    @Test(arguments: [
        ("sv", true), ("de_AT", true), ("ha_NE", true), ("ja", true),
        ("en_GB", false), ("pt_PT", false), ("bgc", false), ("xx_NOWHERE", false), ("", false),
    ])
    func ownIndexCharacters(localeID: String, own: Bool) {
        #expect(ICU.hasOwnIndexCharacters(localeID) == own)
    }

    /// Primary weights by the collation charts: root expands Æ to a e, Danish has it as a
    /// letter after Z; Czech ch is one letter after h; German Sch is three letters; a digit is
    /// a primary each, but numeric collation weighs "12" as one number; a hyphen is variable,
    /// ignored when alternate handling is shifted. The untailored strings are counted by root's
    /// iterator, the tailored ones (Danish Æ, Czech ch) by the tailoring's.
    @Test(arguments: [
        ("en", "Æ", false, false, 2), ("da", "Æ", false, false, 1), ("cs", "CH", false, false, 1),
        ("en", "CH", false, false, 2), ("de", "Sch", false, false, 3), ("sv", "Ä", false, false, 1),
        ("ja", "か", false, false, 1), ("ru", "Щ", false, false, 1), ("en", "12", false, false, 2),
        ("en", "12", true, false, 1), ("en", "a-b", false, false, 3), ("en", "a-b", false, true, 2),
    ])
    func primaryWeights(localeID: String, text: String, numeric: Bool, shifted: Bool, count: Int) throws {
        let handle = try ICU.CollatorHandle(localeID: localeID)
        if numeric { try handle.set(.numericCollation, .on) }
        if shifted { try handle.set(.alternateHandling, .shifted) }
        #expect(try handle.primaryWeightCount(text) == count)
    }

    /// Contractions starting with one code point, from the tailoring and from root: Czech
    /// ch and cH … (tailored), and root's U+FDD1 script boundaries, one per script, each
    /// U+FDD1 followed by the script's sample character in CLDR's script metadata (Latin L,
    /// Hebrew א).
    @Test func contractionsOfOneCodePoint() throws {
        let czech = try ICU.CollatorHandle(localeID: "cs").contractions(startingWith: "c")
        #expect(Set(czech).isSuperset(of: ["ch", "cH"]))
        #expect(czech.allSatisfy { $0.unicodeScalars.first == "c" && $0.unicodeScalars.count > 1 })
        let prefix = Unicode.Scalar(UInt32(0xFDD1))!  // a noncharacter: no string literal holds it
        let boundaries = try ICU.CollatorHandle(localeID: "root").contractions(startingWith: prefix)
        #expect(boundaries.contains(String(prefix) + "L") && boundaries.contains(String(prefix) + "א"))
        #expect(boundaries.count > 100, "a boundary for each of root's scripts")
    }

    /// CLDR ha collation spells ƴ also as 'y (&Y<ƴ<<<ʼy<<<'y); ʼ (U+02BC) is a letter, so only
    /// the apostrophe forms start with a non-letter. English and Czech tailor no such string.
    @Test func tailoredStringsStartingWithSigns() throws {
        let hausa = try ICU.CollatorHandle(localeID: "ha").tailoredStringsStartingWithNonLetters()
        #expect(Set(hausa).isSuperset(of: ["'y", "'Y"]))
        #expect(!hausa.contains("ʼy") && hausa.allSatisfy { $0.hasPrefix("'") })
        #expect(try ICU.CollatorHandle(localeID: "en").tailoredStringsStartingWithNonLetters().isEmpty)
        #expect(try ICU.CollatorHandle(localeID: "cs").tailoredStringsStartingWithNonLetters().isEmpty)
    }

    @Test func attributesTakeEffect() throws {
        let handle = try ICU.CollatorHandle(localeID: "en")
        #expect(handle.compare("a", "A") != 0)
        try handle.set(.strength, .primary)
        #expect(handle.compare("a", "A") == 0)
        try handle.set(.numericCollation, .on)
        #expect(handle.compare("File 2", "File 10") < 0)
        try handle.set(.numericCollation, .off)
        #expect(handle.compare("File 2", "File 10") > 0)
    }

    @Test func aFailedCallNamesItsOperation() {
        #expect(throws: ICUError.self) { try ICU.CollatorHandle(localeID: "en").set(.strength, .on) }
        do {
            try ICU.CollatorHandle(localeID: "en").set(.strength, .on)
        } catch {
            #expect(error.operation.contains("strength"))
            #expect(error.codeName == "U_ILLEGAL_ARGUMENT_ERROR")
        }
    }
}
