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
