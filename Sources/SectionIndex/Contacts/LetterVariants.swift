import Collation

// Letters typed in another language's form (issue 16, case 4).

/// Letters a language writes with its own code points that users often type in a related
/// language's form, and that the language's CLDR collation does not tailor, so ICU sorts them
/// outside the alphabet: an Urdu list with كريم typed on an Arabic keyboard files it after ے,
/// the last letter, and إبراهيم in `#`. In contacts style, a key whose first letter is such a
/// variant is placed and ordered with each variant replaced by the language's letter.
///
/// Only the first letter decides whether a key is rewritten, so that the work per name is one
/// table lookup for names of that script; a name that starts with the language's own letter
/// keeps its text (a variant inside it only orders it, at a later letter).
enum LetterVariants {
    struct Entry: Sendable {
        /// The ICU language whose group the table serves.
        let language: String
        /// The script of the variants and the letters (ISO 15924).
        let script: String
        /// Variant → the language's letter.
        let letters: [Unicode.Scalar: String]
        let source: String
    }

    static let entries: [Entry] = [
        Entry(language: "ur", script: "Arab", letters: [
            "\u{0643}": "\u{06A9}",   // ARABIC LETTER KAF → KEHEH ک, the Urdu kaf
            "\u{064A}": "\u{06CC}",   // ARABIC LETTER YEH → FARSI YEH ی, the Urdu choti ye
            "\u{0649}": "\u{06CC}",   // ALEF MAKSURA → FARSI YEH ی
            "\u{0647}": "\u{06C1}",   // ARABIC LETTER HEH → HEH GOAL ہ, the Urdu choti he
            "\u{0625}": "\u{0627}",   // ALEF WITH HAMZA BELOW → ALEF ا
        ], source: "the Urdu alphabet's letters are ک ی ہ ا (Unicode's Arabic block notes: U+06A9 for Urdu kaf, U+06CC for Urdu yeh, U+06C1 for Urdu heh goal); CLDR ur collation tailors only these (&ی<<ئ, &ہ<<ۂ), so the Arabic forms keep root weights after ے"),
        Entry(language: "ckb", script: "Arab", letters: [
            "\u{0647}": "\u{06BE}",   // ARABIC LETTER HEH → HEH DOACHASHMEE ھ, the Kurdish h
            "\u{0643}": "\u{06A9}",   // ARABIC LETTER KAF → KEHEH ک, the Kurdish k
            "\u{064A}": "\u{06CC}",   // ARABIC LETTER YEH → FARSI YEH ی, the Kurdish y
            "\u{0649}": "\u{06CC}",   // ALEF MAKSURA → FARSI YEH ی
        ], source: "CLDR ckb exemplar characters give the Central Kurdish h as ھ (U+06BE) and have no U+0647; CLDR ckb collation does not tailor U+0647, so root files a name typed with it under ن, before ھ. Its k and y are ک (U+06A9) and ی (U+06CC), and the Arabic forms ك ي ى, which an Arabic keyboard types, are auxiliary exemplar characters only; root sorts them apart, so كريم and يوسف got sections of their own beside ک and ی, whose initial forms look the same (issue 37)"),
        // An Arabic list: the Persian and Urdu kaf is the Arabic kaf typed on their keyboards.
        Entry(language: "ar", script: "Arab", letters: [
            "\u{06A9}": "\u{0643}",   // KEHEH ک → ARABIC LETTER KAF ك
        ], source: "CLDR ar index characters have ك and no ک, which CLDR ar lists among its auxiliary exemplar characters (a letter Arabic knows, in Persian and Urdu names); CLDR ar collation does not tailor it (ى and ی are already variants of ي: &[before 2]ي<<ی<<ى), so root sorts it apart and contacts style gave کامران a section after ك whose initial form ﮐ looks as ﻛ does; ICU's ar index files it under ك, and Unicode names U+06A9 the Persian and Urdu form of kaf (the Urdu entry reads ك as ک the same way round)"),
        // Shahmukhi writes the Urdu alphabet: the Arabic forms are read as its letters.
        Entry(language: "pa", script: "Arab", letters: [
            "\u{0643}": "\u{06A9}",   // ARABIC LETTER KAF → KEHEH ک
            "\u{064A}": "\u{06CC}",   // ARABIC LETTER YEH → FARSI YEH ی
            "\u{0649}": "\u{06CC}",   // ALEF MAKSURA → FARSI YEH ی
            "\u{0623}": "\u{0627}",   // ALEF WITH HAMZA ABOVE → ALEF ا
            "\u{0625}": "\u{0627}",   // ALEF WITH HAMZA BELOW → ALEF ا
        ], source: "Shahmukhi follows the Urdu alphabet (CLDR pa_Arab exemplar characters: ک ی and no ك ي ى; أ only auxiliary, إ not at all); CLDR pa_Arab has no collation, so root sorts the Arabic forms apart: كريم and يوسف got ك and ي sections beside ک and ی, أحمد went under آ and إبراهيم under ؤ; read as the Urdu letters, as CLDR ur collation (&ا<<أ) and the Urdu entry read them (issue 37)"),
        Entry(language: "lrc", script: "Arab", letters: [
            "\u{0647}": "\u{06BE}",   // ARABIC LETTER HEH → HEH DOACHASHMEE ھ, the Luri h
        ].merging(persianAlphabetVariants) { own, _ in own },
              source: "CLDR lrc index and standard exemplar characters give the Northern Luri h as ھ (U+06BE) and list U+0647, which a Persian keyboard types, only as auxiliary; CLDR lrc has no collation, so root sorts U+0647 apart, before ھ, and files a name typed with it outside the h section. " + persianAlphabetSource),
        Entry(language: "mzn", script: "Arab", letters: persianAlphabetVariants,
              source: "CLDR mzn index and standard exemplar characters write Mazanderani with the Persian alphabet. " + persianAlphabetSource),
    ]

    /// The Arabic forms of Persian alphabet letters, for a language written with that alphabet
    /// that has no CLDR collation to make them variants, as CLDR `fa` collation does.
    private static let persianAlphabetVariants: [Unicode.Scalar: String] = [
        "\u{0643}": "\u{06A9}",   // ARABIC LETTER KAF → KEHEH ک, the Persian kaf
        "\u{064A}": "\u{06CC}",   // ARABIC LETTER YEH → FARSI YEH ی
        "\u{0649}": "\u{06CC}",   // ALEF MAKSURA → FARSI YEH ی
        "\u{0623}": "\u{0627}",   // ALEF WITH HAMZA ABOVE → ALEF ا
        "\u{0625}": "\u{0627}",   // ALEF WITH HAMZA BELOW → ALEF ا
    ]

    /// Why ``persianAlphabetVariants`` reads those forms as the Persian letters.
    private static let persianAlphabetSource = "Its k and y are the Persian ک (U+06A9) and ی (U+06CC), and the Arabic forms ك ي ى أ إ, which an Arabic keyboard types, are auxiliary exemplar characters only; with no collation of its own, root sorts ك and ي apart as letters of other languages and أ إ before ا, so كريم, يوسف, أحمد and إبراهيم left ک, ی and ا (أحمد under آ); Persian files them under ک, ی and ا: CLDR fa collation makes ك ي ى variants of ک ی (&ک<<*ڪګكڬڭڮ, &ی<<*ىےيېۑۍێ) and sorts أ إ under ا (&ا<<ٱ<ء<<أ<<ٲ<<إ)"

    private static let entryOfLanguage: [String: Entry] = Dictionary(
        entries.map { ($0.language, $0) }, uniquingKeysWith: { first, _ in first })

    /// The script and variants of a locale's language, or nil when it has none.
    static func letters(forLocaleID localeID: String) -> (script: Script, letters: [Unicode.Scalar: String])? {
        guard let entry = entryOfLanguage[ICU.language(of: localeID)], let script = Script(named: entry.script) else { return nil }
        return (script, entry.letters)
    }

    /// The key with every variant replaced, or nil when its first letter is not a variant.
    static func key(of text: Substring, letters: [Unicode.Scalar: String]) -> String? {
        guard let first = text.unicodeScalars.first, letters[first] != nil else { return nil }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let letter = letters[scalar] { result += letter } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
