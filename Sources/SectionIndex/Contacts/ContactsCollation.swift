import Collation

// Collation of contacts style's own where ICU 72's data orders a language against its
// alphabet (issue 16, KNOWN GAPs: Uyghur, Dzongkha; and Oromo's upper-case SH; issue 34: Sindhi, Maithili).

/// Rules that contacts style adds to a language's collation, because the collation that ICU 72
/// ships files the language's names against its own alphabet: Uyghur's vowel letters written
/// with hamza (ئا ئە ئو …) sort outside the alphabet, and Dzongkha has no collation, so its
/// names go under a prefix or superscript letter instead of their root letter, and Oromo's
/// letter SH written in capitals is S + H. The group's
/// index and its order both use the tailored collator; ICU style (``AlphabeticIndex``) keeps
/// ICU's. Opened once per group, so no other locale pays anything for it.
///
/// Each entry names its source: the language's alphabet or dictionaries, and where CLDR differs.
enum ContactsCollation {
    struct Entry: Sendable {
        /// The language, as an ICU language code.
        let language: String
        /// The language's script in ICU's data (an id with another script is left alone).
        let script: String
        /// A locale whose collation comes first, before the language's own tailoring: one that
        /// orders the same script the way the language does (Dzongkha by Tibetan's rules).
        var rulesOf: String?
        /// Rules after those (ICU rule syntax).
        var rules = ""
        let source: String
    }

    static let entries: [Entry] = [
        // Each hamza letter a contraction at the secondary level after its vowel: one letter,
        // ئا at the start of a syllable and ا inside it, so a name's order does not change
        // with which form it starts with. ئه (Arabic heh) is CLDR ug's own spelling of ئە. The
        // hamza alone, before a consonant, gets only a tertiary weight (issue 34).
        Entry(language: "ug", script: "Arab",
              rules: "&ا<<ئا&ە<<ئە<<ئه&و<<ئو&ۇ<<ئۇ&ۆ<<ئۆ&ۈ<<ئۈ&ې<<ئې&ى<<ئى&[last secondary ignorable]<<<ئ",
              source: "CLDR ug standard and index characters spell the vowel e both ئە and ئه (hamza and Arabic heh), so ئه is ئە; the 1983 orthography writes hamza only before a vowel and CLDR ug lists bare ئ only as an auxiliary exemplar, no letter of the alphabet, so a name where it stands before a consonant (ئبدۇ, a typing slip) files under that consonant's letter instead of before the alphabet (root sorts ئ before ا, which left it in # or in another language's آ). Uyghur alphabet (Arabic script, 1983) ئا ئە ب پ ت ج چ خ د ر ز ژ س ش غ ف ق ك گ ڭ ل م ن ھ ئو ئۇ ئۆ ئۈ ۋ ئې ئى ي: a vowel that starts a syllable is written with hamza ئ before it and is the same letter as the vowel inside a word (ئا and ا are a), so Uyghur dictionaries file ئابدۇللا under ئا; CLDR ug index characters list the hamza forms, but CLDR ug collation (&ا<ە<ب &ك<گ<ڭ<ل &ھ<و<ۇ<ۆ<ۈ<ۋ<ې<ى<ي) leaves ئ to root, which sorts it before ا, so ICU drops those labels and files such names in #"),
        // Upper-case SH a tertiary variant of the letter sh, as CH, DH, KH, NY and PH are.
        Entry(language: "om", script: "Latn",
              rules: "&Sh<<<SH",
              source: "Oromo Qubee alphabet a … z ch dh ny ph sh: each digraph is one letter in any case, and names are often written in capitals (SHAGGAR as Shaggar); CLDR om collation (&Z<ch<<<Ch<<<CH<dh<<<Dh<<<DH<kh<<<Kh<<<KH<ny<<<Ny<<<NY<ph<<<Ph<<<PH<sh<<<Sh) gives every digraph its upper-case form but SH, so SHAGGAR sorts as S + H, among the S names"),
        // The whole alphabet in its order: root's Arabic order differs from it at a dozen
        // places. جھ and گھ only with the ھ Sindhi keeps for aspirates: ه is also the letter h.
        Entry(language: "sd", script: "Arab",
              rules: "&ا<ب<ٻ<ڀ<ت<ٿ<ٽ<ٺ<ث<پ<ج<ڄ<جھ<ڃ<چ<ڇ<ح<خ<د<ڌ<ڏ<ڊ<ڍ<ذ<ر<ڙ<ز<ژ<س<ش<ص<ض<ط<ظ<ع<غ<ف<ڦ<ق<ڪ<ک<گ<ڳ<گھ<ڱ<ل<م<ن<ڻ<و<ه<ھ<ي",
              source: "Sindhi alphabet (52 letters, 1853; as the Sindhi Language Authority teaches it) ا ب ٻ ڀ ت ٿ ٽ ٺ ث پ ج ڄ جھ ڃ چ ڇ ح خ د ڌ ڏ ڊ ڍ ذ ر ڙ ز ژ س ش ص ض ط ظ ع غ ف ڦ ق ڪ ک گ ڳ گھ ڱ ل م ن ڻ و ه ء ي, and CLDR sd index characters, which list جھ and گھ (with ھ, U+06BE) as letters and ھ after ه; ICU 72 has no sd collation, and root's order (ا ب ٻ پ ڀ ت ث ٺ ٽ ٿ ج ڃ ڄ … ک ڪ گ ڱ ڳ … ن ڻ ه ھ و ي) is another, with no contraction for جھ and گھ. ء, no first letter of a Sindhi name, keeps root's place"),
        // Hindi's rule for the signs, without its script reordering.
        Entry(language: "mai", script: "Deva",
              rules: "&ॐ<ं<<ँ<ः",
              source: "Maithili is written and alphabetised as Hindi is: its dictionaries and its varnamala (अ … औ अं अः क …) put the anusvara and visarga before every consonant, so अंशु comes before अरुण, as CLDR hi collation orders them (&ॐ<ं<<ँ<ः); ICU 72 has no mai collation, and root ignores the anusvara at the first level (अंशु as अशु, after अरुण)"),
        // Persian's hamza: one letter after ا, its forms variants of it (CLDR fa collation).
        Entry(language: "mzn", script: "Arab", rules: persianHamza,
              source: "Mazanderani writes the Persian alphabet (CLDR mzn index and exemplar characters, which list ء أ ؤ ئ as Persian's do) and has no CLDR collation: root sorts ء first, before آ, and ئ ؤ between آ and ا, so ئیلاف went under آ; CLDR fa collation files hamza and its forms as one letter right after ا (&ا<<ٱ<ء<<أ<<ٲ<<إ<<ٳ<<ؤ<<یٔ<<<ىٔ<<<ئ), which Persian's index shows under ا"),
        Entry(language: "lrc", script: "Arab", rules: persianHamza,
              source: "Northern Luri writes the Persian alphabet (CLDR lrc index and exemplar characters) and has no CLDR collation: root sorts ء first, before آ, and ئ ؤ between آ and ا, so ئیلاف went under آ; CLDR fa collation files hamza and its forms as one letter right after ا (&ا<<ٱ<ء<<أ<<ٲ<<إ<<ٳ<<ؤ<<یٔ<<<ىٔ<<<ئ), which Persian's index shows under ا"),
        Entry(language: "dz", script: "Tibt", rulesOf: "bo",
              source: "Dzongkha dictionaries (Dzongkha Development Commission) file a syllable under its root letter, not a prefix or superscript letter written before it, as Tibetan ones do; ICU 72 has no dz collation (root, by written letter), so contacts style uses CLDR bo collation, which orders by root letter, then dz's own rules (none in ICU 72)"),
    ]

    /// CLDR fa collation's rule for alef and hamza, for languages written with the Persian
    /// alphabet that have no collation of their own.
    static let persianHamza = "&ا<<ٱ<ء<<أ<<ٲ<<إ<<ٳ<<ؤ<<یٔ<<<ىٔ<<<ئ"

    /// The entry for a locale: by its language, when its script is none or the language's own.
    static func entry(for localeID: String) -> Entry? {
        let language = ICU.language(of: localeID)
        let script = ICU.script(of: localeID)
        return entries.first { $0.language == language && (script.isEmpty || script == $0.script) }
    }

    /// The collator of a locale's contacts group with `options`: with the entry's rules, or nil
    /// when the locale has none (ICU's own collator serves).
    static func collator(for localeID: String, options: Collator.Options) throws(CollationError) -> Collator? {
        guard let entry = entry(for: localeID) else { return nil }
        return try Collator(locale: LocaleIdentifier(localeID), rulesOf: entry.rulesOf, adding: entry.rules, options: options)
    }
}
