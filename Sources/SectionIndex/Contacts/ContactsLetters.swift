import Collation

// Letters a language has that its CLDR index characters lack (issue 16, cases 2 and 3).

/// Letters added to a locale's own group in contacts style, because the language has them as
/// letters of its alphabet but the CLDR index characters that ICU 72 ships leave them out, so
/// ICU's index files their names under the letter before: Tamil ஜ under ன, Serbian Latin Đ
/// under DŽ. ICU style (`AlphabeticIndex`) never gets them.
///
/// A letter is added as ICU's `addLabels` adds a set, so a letter of several characters is
/// kept only when the locale's collation sorts it apart from its characters (a contraction,
/// such as the Ewe `dz` after `d`), or when the entry keeps it as written
/// (``Entry/keptAsWritten``): a digraph that is always that letter at the start of a word in its
/// language (Swahili CH, Māori NG and WH, Lingala Mb, Ossetian Дж), as ICU keeps a label with a
/// trailing `*`. Otherwise it is left out (the fixture says so with a `KNOWN GAP` line).
///
/// Each entry names its source: the alphabet as the CLDR collation orders it, or the
/// language's standard.
enum ContactsLetters {
    struct Entry: Sendable {
        /// The ICU locale id of the group, without keywords ("sr_Latn", "es").
        let localeID: String
        let letters: [String]
        let source: String
        /// Letters of several characters kept as written, as a caller's `--labels` are (ICU's
        /// trailing `*`), though the collation has no contraction for them: in these languages
        /// a name's first letters that spell the digraph are that letter (a Swahili name with
        /// ch starts with the letter CH; there is no other c), so the name goes under it, and
        /// names past it (Ci…) go back to the letter before, as ICU's hidden bucket sends them.
        var keptAsWritten = false
    }

    static let entries: [Entry] = [
        Entry(localeID: "ta", letters: ["ஜ", "ஷ", "ஸ", "ஹ", "க்ஷ", "ஸ்ரீ"],
              source: "Tamil Grantha letters ஜ ஷ ஸ ஹ க்ஷ ஸ்ரீ, taught with the alphabet after ன; CLDR ta collation sorts them after ன (&ஹ<க்ஷ), and ஸ்ரீ, whose ஸ் sorts before ஸ (&[before 1]ஸ<ஸ்), between ஷ and ஸ"),
        Entry(localeID: "sr_Latn", letters: ["Đ"],
              source: "Serbian Latin alphabet (Pravopis srpskoga jezika): … DŽ Đ E …; CLDR sr_Latn collation &D<dž<đ"),
        Entry(localeID: "bs", letters: ["Đ"],
              source: "Bosnian alphabet: … DŽ Đ E …, as Croatian, whose CLDR index characters have Đ; CLDR bs collation &D<dž<đ"),
        Entry(localeID: "es", letters: ["CH", "LL"],
              source: "traditional Spanish alphabet (RAE before 1994); CLDR es traditional collation &C<ch, &L<ll (the modern collation has neither, and they are left out there)"),
        Entry(localeID: "br", letters: ["CH", "C'H"],
              source: "Breton alphabet; CLDR br collation &C<ch<<<cH<<<Ch<<<CH<c’h…"),
        Entry(localeID: "ee", letters: ["DZ", "GB", "KP", "NY", "TS"],
              source: "Ewe alphabet; CLDR ee collation &D<dz, &G<gb, &K<kp, &N<ny, &T<ts"),
        Entry(localeID: "ha", letters: ["SH", "TS"],
              source: "Hausa Boko alphabet; CLDR ha collation &S<sh, &T<ts"),
        Entry(localeID: "om", letters: ["CH", "DH", "KH", "NY", "PH"],
              source: "Oromo Qubee alphabet, digraphs after Z; CLDR om collation &Z<ch<dh<kh<ny<ph<sh (SH, which the collation has only as sh and Sh, is in shownLabels)"),
        Entry(localeID: "yo", letters: ["Ẹ", "GB", "Ọ", "Ṣ"],
              source: "Yoruba alphabet; CLDR yo collation &E<ẹ, &G<gb, &O<ọ, &S<ṣ"),
        Entry(localeID: "ig", letters: ["CH", "GB", "GH", "GW", "KP", "KW", "NW", "NY", "SH", "Ị", "Ṅ", "Ọ", "Ụ"],
              source: "Igbo alphabet (Ọnwụ); CLDR ig collation sorts each apart, and CLDR ig index characters list them since CLDR 43"),
        Entry(localeID: "so", letters: ["A", "E", "I", "O", "U"],
              source: "Somali alphabet: the vowels are letters (CLDR so standard exemplars); CLDR so index characters list consonants only"),
        Entry(localeID: "qu", letters: ["R"],
              source: "Quechua alphabet; CLDR qu index characters list R since CLDR 43"),
        Entry(localeID: "as", letters: ["ক্ষ"],
              source: "Assamese alphabet, ক্ষ after হ; CLDR as collation &হ<ক্ষ"),
        Entry(localeID: "kok", letters: ["क्ष"],
              source: "Konkani alphabet, क्ष after ळ; CLDR kok collation &ह<ळ<क्ष"),
        Entry(localeID: "mr", letters: ["क्ष", "ज्ञ"],
              source: "Marathi alphabet, क्ष ज्ञ after ळ; CLDR mr collation &ह<ळ<क्ष<ज्ञ"),
        Entry(localeID: "bho", letters: ["अ", "आ", "इ", "ई", "उ", "ऊ", "ऋ", "ए", "ऐ", "ओ", "औ"],
              source: "Bhojpuri is written in Devanagari with the Hindi varnamala, whose independent vowels अ … औ start words and names (अमित, ओम); ICU 72 has no bho index characters, so its index is built from CLDR bho's standard exemplars, which list the vowel signs only and leave the independent vowels to the auxiliary ones: ICU's bho index has no vowel, and root sorts them before क"),
        Entry(localeID: "raj", letters: ["आ", "इ", "ई", "उ", "ऊ", "ऋ", "ए", "ऐ", "ओ", "औ"],
              source: "Rajasthani is written in Devanagari with the Hindi varnamala, whose independent vowels अ … औ start words and names (आरती, उदयपुर); ICU 72 has no raj index characters, so its index is built from CLDR raj's standard exemplars, which list अ but leave the other independent vowels to the auxiliary ones: ICU's raj index files आरती and उदयपुर under अ"),
        Entry(localeID: "naq", letters: ["ǀ", "ǁ", "ǂ", "ǃ"],
              source: "Khoekhoegowab orthography 3 (2002): the click letters ǀ ǁ ǂ ǃ are consonants of the alphabet, and CLDR naq exemplar characters list them, but CLDR naq index characters leave them out, so a click name went to the last Latin label root sorts before it (Z in ICU's index, another language's Ꞌ in contacts style); CLDR has no naq collation, and root order puts them after Z"),
        Entry(localeID: "ff_Adlm", letters: ["𞤁", "𞤂", "𞤃", "𞤄", "𞤅", "𞤆", "𞤇", "𞤈", "𞤉", "𞤊", "𞤋", "𞤌", "𞤍", "𞤎", "𞤏", "𞤐",
                                            "𞤑", "𞤒", "𞤓", "𞤔", "𞤕", "𞤖", "𞤗", "𞤘", "𞤙", "𞤚", "𞤜", "𞤝", "𞤞", "𞤟", "𞤠", "𞤡"],
              source: "Adlam alphabet for Fula: the 28 letters 𞤀 (alif) … 𞤛 (nha) in Unicode's order (CLDR ff_Adlm standard exemplar characters), then the six letters for loanwords 𞤜 (va) … 𞤡 (sha) (its auxiliary ones); CLDR ff_Adlm index characters as ICU 72 ships them are only [𞤀 𞤛], the ends of the range 𞤀-𞤛 without its hyphen, and root and CLDR ff_Adlm collation sort every letter apart, in that order"),
        // Digraphs without a contraction in the collation, kept as written (issue 16, KNOWN GAPs).
        Entry(localeID: "sw", letters: ["CH"],
              source: "Swahili alphabet (a b ch d e …, as taught in Tanzania and Kenya) and CLDR sw index characters A B CH D …; Swahili has no c but in ch", keptAsWritten: true),
        Entry(localeID: "qu", letters: ["CH", "Ll"],
              source: "CLDR qu index characters A CH H I K L Ll M …; the Quechua official alphabet (a ch chh ch' h i k … l ll m …) has no c but in ch", keptAsWritten: true),
        Entry(localeID: "ln", letters: ["Gb", "Mb", "Mp", "Nd", "Ng", "Nk", "Ns", "Nt", "Ny", "Nz"],
              source: "CLDR ln index characters A B C D E Ɛ F G Gb H I K L M Mb Mp N Nd Ng Nk Ns Nt Ny Nz O …: Lingala's prenasalised consonants and gb are letters", keptAsWritten: true),
        Entry(localeID: "mi", letters: ["NG", "WH"],
              source: "Māori alphabet A E H I K M N NG O P R T U W WH (Te Taura Whiri i te Reo Māori; H. W. Williams, Dictionary of the Maori Language)", keptAsWritten: true),
        Entry(localeID: "bem", letters: ["SH"],
              source: "CLDR bem index characters A B C E F G I J K L M N O P S SH T U W Y: Bemba sh (ʃ) is a letter after s; h is only a loan letter (CLDR bem auxiliary exemplars d h q r v x z), so a Bemba name with sh starts with that letter", keptAsWritten: true),
        Entry(localeID: "sah", letters: ["Дь", "Нь"],
              source: "CLDR sah index characters А Б Г Ҕ Д Дь И Й К Л М Н Нь Ҥ О …: Yakut дь and нь are letters", keptAsWritten: true),
        Entry(localeID: "os", letters: ["Гъ", "Дж", "Дз", "Къ", "Пъ", "Тъ", "Хъ", "Цъ", "Чъ"],
              source: "CLDR os index characters А Ӕ Б В Г Гъ Д Дж Дз Е … Ч Чъ Ш …: Ossetian digraph letters", keptAsWritten: true),
        Entry(localeID: "ce", letters: ["Аь", "ГӀ", "Кх", "Къ", "Кь", "КӀ", "Оь", "ПӀ", "ТӀ", "Уь", "Хь", "ХӀ", "ЦӀ", "ЧӀ", "Юь", "Яь"],
              source: "Chechen Cyrillic alphabet А Аь Б В Г ГӀ Д … К Кх Къ Кь КӀ … Ю Юь Я Яь (each digraph after its first letter); CLDR ce index characters have none of them", keptAsWritten: true),
        Entry(localeID: "hsb", letters: ["DŹ"],
              source: "CLDR hsb index characters A B C Č Ć D DŹ E …: Upper Sorbian dź is a letter after d", keptAsWritten: true),
        Entry(localeID: "lo", letters: ["ຫງ", "ຫຍ", "ຫນ", "ຫມ", "ຫລ", "ຫວ"],
              source: "CLDR lo index characters … ຫ ຫງ ຫຍ ຫນ ຫມ ຫລ ຫວ ອ ຮ: Lao ຫ before a sonorant is one letter, the high-class form of the sonorant", keptAsWritten: true),
        Entry(localeID: "gu", letters: ["અં", "અઃ", "ક્ષ", "જ્ઞ", "ત્ર"],
              source: "CLDR gu index characters અ અં અઃ આ … ક ક્ષ ખ … જ જ્ઞ ઝ … ત ત્ર થ …: the Gujarati barakhadi lists them as letters", keptAsWritten: true),
        Entry(localeID: "mai", letters: ["अं", "अः", "क्ष", "ज्ञ", "त्र", "श्र"],
              source: "CLDR mai index characters अ … औ अं अः क … ह क्ष ज्ञ त्र श्र (and डं, a slip for ड़, which is not added): the Maithili varnamala lists अं अः and the conjuncts क्ष त्र ज्ञ श्र as letters; CLDR and ICU 72 have no mai collation, so none is a contraction, and they are kept as written, each section after every name of its first letter (क्षमा after कोसी)", keptAsWritten: true),
        Entry(localeID: "ii", letters: ["BB", "CH", "DD", "GG", "HL", "HM", "HN", "HX", "IE", "JJ", "MG", "NB", "ND", "NG", "NJ", "NR", "NY", "NZ", "RR", "SH", "SS", "UO", "ZH", "ZZ"],
              source: "CLDR ii index characters A B BB C CH D DD … Z ZH ZZ: the initials of Yi Pinyin (Liangshan Yi romanization, 1956/1979; the same 44 initials as the syllabary's rows, GB 13134-1991), where bb, nb, hm, dd, nd, hn, hl, gg, mg, hx, ng, zz, nz, ss, zh, ch, rr, nr, sh, jj, nj and ny are single consonants and ie and uo single vowels", keptAsWritten: true),
        Entry(localeID: "nnh", letters: ["Pf", "Sh", "Ts"],
              source: "CLDR nnh index characters … P Pf R S Sh T Ts U Ʉ …: Ngiemboon pf, sh and ts are letters of the alphabet (CLDR nnh exemplars {pf} {sh} {ts})", keptAsWritten: true),
        Entry(localeID: "jgo", letters: ["Pf", "Sh", "Ts"],
              source: "CLDR jgo index characters … P Pf S Sh T Ts U Ʉ …: Ngomba pf, sh and ts are letters of the alphabet (CLDR jgo exemplars {pf} {sh} {ts})", keptAsWritten: true),
        Entry(localeID: "mgo", letters: ["CH", "GH"],
              source: "CLDR mgo index characters A B CH D E Ə F G GH I …: Metaʼ ch and gh are letters (CLDR mgo exemplars {ch} {gh}; c and h alone are only auxiliary letters)", keptAsWritten: true),
        Entry(localeID: "kkj", letters: ["Ɗy", "Gb", "Gw", "Kp", "Kw", "Mb", "Nd", "Nj", "Ny", "Ŋg", "Ŋgb", "Ŋgw"],
              source: "CLDR kkj index characters A B Ɓ C D Ɗ Ɗy E Ɛ F G Gb Gw H I … K Kp Kw L M Mb N Nd Nj Ny Ŋ Ŋg Ŋgb Ŋgw O …: Kako's prenasalised, labial-velar and labialised consonants are letters", keptAsWritten: true),
    ]

    /// A section that starts at one text and shows another: the letter whose names the
    /// language files there sorts before the letter the index shows (Yiddish pey פּ before pe
    /// פ), the collation knows the letter only in another case (Oromo Sh, not SH), or ICU
    /// keeps the bare form of a letter the alphabet names otherwise (Uyghur ا for ئا). The
    /// bound is added to the group as a letter (a contraction of the locale's collation), and
    /// its bucket shows `shown`, joined with the bucket right after it that has that label.
    struct ShownLabel: Sendable {
        let localeID: String
        /// Where the section starts: a text the locale's collation sorts as one letter.
        let bound: String
        /// The label the index shows.
        let shown: String
        let source: String
    }

    static let shownLabels: [ShownLabel] = [
        ShownLabel(localeID: "om", bound: "Sh", shown: "SH",
                   source: "Oromo Qubee alphabet, SH the last digraph letter after Z (… CH DH KH NY PH SH); CLDR om collation &Z<ch<<<Ch<<<CH … <ph<<<Ph<<<PH<sh<<<Sh has no upper-case SH, so a label SH sorts as S + H and ICU leaves it out; the section starts at Sh and shows SH like the other digraphs (a name typed all in capitals, SHAGGAR, sorts as S + H and stays under S)"),
        ShownLabel(localeID: "yi", bound: "פּ", shown: "פ",
                   source: "YIVO alphabet … ע פּ פֿ ף צ …: pey פּ and fey פֿ are both the letter פ, and Yiddish indexes show only פ (CLDR yi index characters); CLDR yi collation sorts pey before pe (&[before 1]פ<פּ), so the section פ starts at פּ"),
        ShownLabel(localeID: "yi", bound: "תּ", shown: "ת",
                   source: "YIVO alphabet … ש שׂ תּ ת: tof תּ and sof ת are both the letter ת (CLDR yi index characters); CLDR yi collation sorts tof before sof (&[before 1]ת<תּ), so the section ת starts at תּ"),
        ShownLabel(localeID: "ug", bound: "ا", shown: "ئا", source: uyghurVowels),
        ShownLabel(localeID: "ug", bound: "ە", shown: "ئە", source: uyghurVowels),
        ShownLabel(localeID: "ug", bound: "و", shown: "ئو", source: uyghurVowels),
        ShownLabel(localeID: "ug", bound: "ۇ", shown: "ئۇ", source: uyghurVowels),
        ShownLabel(localeID: "ug", bound: "ۆ", shown: "ئۆ", source: uyghurVowels),
        ShownLabel(localeID: "ug", bound: "ۈ", shown: "ئۈ", source: uyghurVowels),
        ShownLabel(localeID: "ug", bound: "ې", shown: "ئې", source: uyghurVowels),
        ShownLabel(localeID: "ug", bound: "ى", shown: "ئى", source: uyghurVowels),
    ]

    /// Why Uyghur vowel sections show the hamza forms.
    private static let uyghurVowels = "Uyghur alphabet (Arabic script, 1983) ئا ئە ب … ھ ئو ئۇ ئۆ ئۈ ۋ ئې ئى ي names each vowel as written at the start of a word, with hamza; contacts style sorts the hamza form as the same letter (ContactsCollation), and of two labels that sort as one ICU keeps the shorter, the bare vowel, which CLDR ug index characters also list"

    /// What the labels of a locale's group show, by the bound they start at (``shownLabels``):
    /// a label that is no key shows itself. Asked once per group, not once per label: the
    /// table key costs three ICU locale calls.
    static func shownLabels(of localeID: String) -> [String: String] {
        let key = tableKey(for: localeID)
        return Dictionary(shownLabels.filter { $0.localeID == key }.map { ($0.bound, $0.shown) }, uniquingKeysWith: { first, _ in first })
    }

    private static let lettersOfLocale: [String: [String]] = Dictionary(
        entries.map { ($0.localeID, $0.keptAsWritten ? AlphabeticIndex.Configuration.customLabels($0.letters) : $0.letters) }
            + shownLabels.map { ($0.localeID, [$0.bound]) },
        uniquingKeysWith: +)

    /// The letters added to a locale's group, by ``tableKey(for:)``.
    static func letters(for localeID: String) -> [String] {
        lettersOfLocale[tableKey(for: localeID)] ?? []
    }

    /// The id a locale's entries are under: its language, with its script only where that is
    /// not the language's own (`sr_Latn`). A region or a keyword does not change a language's
    /// alphabet: `om_ET`, `es_MX@collation=traditional` and `sr_Latn_RS` take the entries of
    /// `om`, `es` and `sr_Latn` (looked up by the whole id, they had none).
    static func tableKey(for localeID: String) -> String {
        let language = ICU.language(of: localeID)
        let script = ICU.script(of: localeID)
        guard !script.isEmpty, let likely = ICU.addLikelySubtags(language), ICU.script(of: likely) != script else {
            return language
        }
        return language + "_" + script
    }
}
