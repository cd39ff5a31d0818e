import Collation
import Synchronization

// Letters of other languages that a group's collation sorts with one of its own letters
// (issue 16, case 1: Ґанна, Їжак, Łukasz in an English list).

/// Letters that one language has as letters of their own but that root collation sorts with
/// another letter at the primary level, so that a group whose language does not know them
/// (English, Russian) would file their names among another letter's: Ukrainian Ґ with Г and
/// Ї with І, Polish Ł with L, Czech Š with S. A contacts group gives each such letter a section
/// of its own, placed where the language that has it puts it (after the letter before it in
/// that language's index: Ґ after Г, Ѓ after Д as Macedonian orders it), by a tailoring of
/// its collator that serves placement only: names keep the group's order inside a section.
///
/// The group's language decides first: a letter in its own exemplar characters, standard or
/// auxiliary, is a letter it knows and sorts with another (English é, ö; Russian ё), and a
/// letter its collation places is one it has placed (Faroese ä with æ, Swedish đ with d), so
/// either stays where the group files it. The rules and their reasons are in <doc:ContactsStyle> ("Letters of other
/// languages").
enum TailoredLetters {
    /// Letter → the languages whose ICU index has it as a label, each with the label before
    /// it there ("pl L": Polish puts Ł after L), in locale id order. Only letters that root
    /// collation sorts with another letter of ``ExtraLetters/candidatesByScript`` (primary
    /// equal, or an expansion starting with it). A table, not a scan at start-up (the scan
    /// builds some 400 indexes); a test checks that it is what ICU's data gives
    /// (``scannedPlaces()``).
    static let placesByLetter: [String: [String]] = [
        "Á": ["is A", "se A", "smn Ä"],
        "Â": ["ro Ă", "smn A", "vi Ă"],
        "Ä": ["et Õ", "fi Å", "se Å", "sk A", "smn Ž", "sv Å", "tk E"],
        "Å": ["da Ø", "fi Z", "kl Ø", "nb Ø", "nn Ø", "no Ø", "se Æ", "sv Z"],
        "Æ": ["da Z", "fo Z", "is Þ", "kl Z", "nb Z", "nn Z", "no Z", "se Ø"],
        "Ç": ["az C", "az_Latn C", "ku C", "sq C", "tk B", "tr C"],
        "É": ["is E"],
        "Ê": ["ku E", "vi E"],
        "Ë": ["sq E"],
        "Í": ["is I"],
        "Î": ["ku I", "ro I"],
        "Ð": ["is D"],
        "Ñ": ["es N", "fil N", "gl N"],
        "Ó": ["is O", "pl O"],
        "Ô": ["sk O", "vi O"],
        "Õ": ["et W"],
        "Ö": ["az O", "az_Latn O", "et Ä", "fi Ä", "hu O", "is Æ", "se Ä", "sv Ä", "tk O", "tr O"],
        "Ø": ["da Æ", "fo Æ", "kl Æ", "nb Æ", "nn Æ", "no Æ", "se Ž"],
        "Ú": ["is U"],
        "Û": ["ku U"],
        "Ü": ["az U", "az_Latn U", "et Ö", "hu U", "tk U", "tr U"],
        "Ý": ["is Y", "tk Y"],
        "Ă": ["ro A", "vi A"],
        "Ć": ["bs Č", "bs_Latn Č", "dsb Č", "hr Č", "hsb Č", "pl C", "sl Č", "sr_Latn Č"],
        "Ĉ": ["eo C"],
        "Ċ": ["mt B"],
        "Č": ["bs C", "bs_Latn C", "cs C", "dsb C", "hr C", "hsb C", "lkt B", "lt C", "lv C", "se C", "sk C", "sl C", "smn C", "sr_Latn C"],
        "Đ": ["hr DŽ", "se D", "sl D", "smn D", "vi D"],
        "Ĝ": ["eo G"],
        "Ğ": ["az G", "az_Latn G"],
        "Ġ": ["mt F"],
        "Ģ": ["lv G"],
        "Ĥ": ["eo H"],
        "Ħ": ["mt H"],
        "İ": ["az I", "az_Latn I", "tr I"],
        "Ĵ": ["eo J"],
        "Ķ": ["lv K"],
        "Ļ": ["lv L"],
        "Ł": ["dsb K", "hsb K", "pl L"],
        "Ņ": ["lv N"],
        "Ň": ["tk N"],
        "Ř": ["cs R"],
        "Ś": ["dsb Š", "pl S"],
        "Ŝ": ["eo S"],
        "Ş": ["az S", "az_Latn S", "ku S", "tk S", "tr S"],
        "Š": ["bs S", "bs_Latn S", "cs S", "dsb S", "et S", "hr S", "hsb S", "lkt S", "lt S", "lv S", "se S", "sk S", "sl S", "smn S", "sr_Latn S"],
        "Ŭ": ["eo U"],
        "Ź": ["dsb Ž", "pl Z"],
        "Ż": ["mt Y", "pl Ź"],
        "Ž": ["bs Z", "bs_Latn Z", "cs Z", "dsb Z", "et Z", "hr Z", "hsb Z", "lkt Z", "lt Z", "lv Z", "se Z", "sk Z", "sl Z", "smn Z", "sr_Latn Z", "tk J"],
        "Ơ": ["vi Ô"],
        "Ư": ["vi U"],
        "Ǧ": ["lkt G"],
        "Ș": ["ro S"],
        "Ț": ["ro T"],
        "Ȟ": ["lkt H"],
        "Ё": ["be Е", "kk Е", "ky Е"],
        "Ѓ": ["mk Д"],
        "Ї": ["uk І"],
        "Ќ": ["mk Т"],
        "Ґ": ["uk Г"],
        "ৎ": ["as ণ"],
    ]

    /// Letters of a locale's own alphabet that its collation files with another letter and its
    /// ICU index therefore leaves out, each with the label or letter it follows: they get a
    /// section of their own, always shown, by the same tailoring (issue 16, KNOWN GAPs).
    struct OwnLetters: Sendable {
        /// The ICU locale id, without keywords.
        let localeID: String
        /// Letter → the label or letter it comes after, in the alphabet's order.
        let letters: [(letter: String, after: String)]
        /// Labels the collation sorts apart but not where the alphabet has them → the label or
        /// letter they come after: their sections move, their names stay in them.
        var moved: [(label: String, after: String)] = []
        /// Index characters that are no letter a name starts with (a symbol, a sign): left out,
        /// as every combining-mark label is.
        var dropped: [String] = []
        let source: String
    }

    static let ownLetters: [OwnLetters] = [
        OwnLetters(localeID: "tg", letters: [("Ё", "Е"), ("Ӣ", "И"), ("Ӯ", "У")],
                   source: "Tajik Cyrillic alphabet of 1998 А Б В Г Ғ Д Е Ё Ж З И Ӣ Й К Қ Л М Н О П Р С Т У Ӯ Ф Х Ҳ Ч Ҷ Ш Ъ Э Ю Я, and CLDR tg index characters, which list Ё Ӣ Ӯ; CLDR tg has no collation rule for them, so root files them under Е И У and ICU drops the labels"),
        OwnLetters(localeID: "mn", letters: [("Ё", "Е")],
                   source: "Mongolian Cyrillic alphabet А Б В Г Д Е Ё Ж З И Й К Л М Н О Ө П Р С Т У Ү Ф Х Ц Ч Ш Щ Ъ Ы Ь Э Ю Я, Ё the 7th letter; CLDR mn has no tailoring and no Ё index character"),
        OwnLetters(localeID: "uz_Cyrl", letters: [("Ё", "Е"), ("Ў", "Я")], moved: [("Қ", "Ў"), ("Ғ", "Қ"), ("Ҳ", "Ғ")],
                   source: "Uzbek Cyrillic alphabet А Б В Г Д Е Ё Ж З И Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Ъ Ь Э Ю Я Ў Қ Ғ Ҳ (the order of Uzbek Cyrillic dictionaries); CLDR uz_Cyrl has no collation or index characters, and root makes Ё and Ў variants of Е and У"),
        OwnLetters(localeID: "az_Cyrl", letters: [], moved: [("Ә", "Е")],
                   source: "Azerbaijani Cyrillic alphabet of 1958 А Б В Г Ғ Д Е Ә Ж З И Ы Ј К Ҝ Л М Н О Ө П Р С Т У Ү Ф Х Һ Ч Ҹ Ш (Ә after Е, as Ə after E in the Latin alphabet); CLDR az_Cyrl has no collation, and root puts Ә after А"),
        OwnLetters(localeID: "ckb", letters: [], moved: [("ڕ", "ر")],
                   source: "Central Kurdish alphabet ئ ا ب پ ت ج چ ح خ د ر ڕ ز ژ س ش ع غ ف ڤ ق ک گ ل ڵ م ن ھ ە و ۆ ی ێ (Kurdish Academy; CLDR ckb exemplar characters), ڕ right after ر; root puts ڕ after ز and CLDR ckb has no rule for it"),
        OwnLetters(localeID: "pa_Arab", letters: [], moved: [("و", "ں")],
                   source: "Shahmukhi follows the Urdu alphabet … ن ں و ہ ھ ء ی ے (CLDR pa_Arab exemplar characters), و before ہ; CLDR pa_Arab has no collation of its own, and root puts ہ and ھ before و"),
        OwnLetters(localeID: "cv", letters: [("Ӑ", "А"), ("Ё", "Е"), ("Ӗ", "Ё"), ("Ӳ", "У")],
                   source: "Chuvash alphabet А Ӑ Б В Г Д Е Ё Ӗ Ж З И Й К Л М Н О П Р С Ҫ Т У Ӳ Ф Х Ц Ч Ш Щ Ъ Ы Ь Э Ю Я, and CLDR cv index characters, which list Ӑ Ё Ӗ Ӳ; CLDR cv has no collation, so root makes them variants of А Е Е У (a breve, a diaeresis) and ICU drops the labels"),
        OwnLetters(localeID: "mzn", letters: [], moved: [("و", "ن")], dropped: ["ء"],
                   source: "Mazanderani writes the Persian alphabet … ل م ن و ه ی (CLDR mzn index and exemplar characters), و before ه as in Persian; CLDR mzn has no collation, and root puts ه before و. " + persianHamzaSource),
        OwnLetters(localeID: "lrc", letters: [], moved: [("و", "ن")], dropped: ["ء"],
                   source: "Northern Luri writes the Persian alphabet … ل م ن و ھ ی (CLDR lrc index and exemplar characters, h as ھ), و before h as in Persian; CLDR lrc has no collation, and root puts ھ before و. " + persianHamzaSource),
        OwnLetters(localeID: "fa", letters: [], dropped: ["ء"], source: persianHamzaSource),
        // fa_AF's collation is CLDR ps's ([import ps]: &ا<<أ<<ٲ<<ٱ<<إ<<ٳ<ء), its index fa's.
        OwnLetters(localeID: "fa_AF", letters: [], dropped: ["ء"], source: persianHamzaSource),
        // ॐ keeps the section CLDR mr index characters give it (first, before अ; CLDR mr
        // collation &ॐ<ं), the section every other Devanagari list already gives it as a
        // letter of another language: not `#`, beside digits.
        OwnLetters(localeID: "mr", letters: [], dropped: ["ऽ"],
                   source: "Marathi varnamala अ आ इ ई उ ऊ ऋ ऌ ए ऐ ऑ ओ औ क … ह ळ क्ष ज्ञ: the avagraha ऽ, which CLDR mr index characters list, is a sign that starts no word; the om sign ॐ, which they list first, keeps its section (CLDR mr index characters and collation &ॐ<ं)"),
        OwnLetters(localeID: "as", letters: [], dropped: ["ৎ"],
                   source: "Assamese barnamala অ … ঔ ক … হ ক্ষ: khanda ta ৎ, which CLDR as index characters list, is a final form of ত that starts no word"),
        OwnLetters(localeID: "sat", letters: [], dropped: ["ᱸ", "ᱹ", "ᱺ", "ᱻ", "ᱼ", "ᱽ"],
                   source: "Ol Chiki, the Santali alphabet of 30 letters ᱚ … ᱷ (U+1C5A–U+1C77, The Unicode Standard, 13.10): mu ttuddag ᱸ, gaahlaa ttuddaag ᱹ, mu-gaahlaa ttuddaag ᱺ, relaa ᱻ, phaarkaa ᱼ and ahad ᱽ are signs written after a letter (nasalisation, length, a glottal stop, a deglottalised consonant), not letters a word starts with; ICU 72 has no sat index characters, and its index, built from CLDR sat's standard exemplars ᱚ-ᱽ, lists them"),
        OwnLetters(localeID: "ks_Deva", letters: [("च़", "च"), ("छ़", "छ")],
                   source: "CLDR ks_Deva standard exemplar characters list च़ and छ़ as letters of their own (Kashmiri ts and tsʰ, ژ and ژھ in the Perso-Arabic script), each right after its base letter, the order the exemplars cannot give; ICU 72 has no ks_Deva index characters or collation, and root makes the nukta a secondary difference, so ICU's index files them under च and छ"),
        OwnLetters(localeID: "pa", letters: [("ਸ਼", "ਸ")],
                   source: "CLDR pa index characters ੳ ਅ ੲ ਸ ਸ਼ ਹ ਕ …; CLDR pa collation makes the nukta a secondary difference (&ੱ<<…<<਼), so ICU drops the ਸ਼ label and files ਸ਼ under ਸ"),
        OwnLetters(localeID: "tzm", letters: [("Ḍ", "D"), ("Ḥ", "H"), ("Ṛ", "R"), ("Ṣ", "S"), ("Ṭ", "T")],
                   source: "Central Atlas Tamazight Latin alphabet (CLDR tzm exemplar characters) a b c d ḍ e ɛ f g gʷ ɣ h ḥ i j k kʷ l m n q r ṛ s ṣ t ṭ u w x y z (the pharyngealised consonants are letters of their own, as their Tifinagh letters ⴹ ⵃ ⵕ ⵚ ⵟ are), and CLDR tzm index characters A B C D Ḍ E Ɛ F G Ɣ H Ḥ I J K L M N Q R Ṛ S Ṣ T Ṭ U W X Y Z; CLDR tzm has no collation, so root makes them variants of D H R S T and ICU drops the labels"),
        OwnLetters(localeID: "shi_Latn", letters: [("Ḍ", "D"), ("Ḥ", "H"), ("Ṛ", "R"), ("Ṣ", "S"), ("Ṭ", "T")],
                   source: "Tashelhit Latin alphabet (CLDR shi_Latn exemplar characters) a b c d ḍ e ɛ f g gʷ ɣ h ḥ i j k kʷ l m n q r ṛ s ṣ t ṭ u w x y z (the pharyngealised consonants are letters of their own, as their Tifinagh letters ⴹ ⵃ ⵕ ⵚ ⵟ are), and CLDR shi_Latn index characters A B C D Ḍ E Ɛ F G Gʷ Ɣ H Ḥ I J K Kʷ L M N Q R Ṛ S Ṣ T Ṭ U W X Y Z; CLDR shi_Latn has no collation, so root makes them variants of D H R S T and ICU drops the labels"),
        OwnLetters(localeID: "ast", letters: [("Ñ", "N")],
                   source: "Asturian alphabet of the Academia de la Llingua Asturiana (Normes ortográfiques) a b c d e f g h i l m n ñ o p q r s t u v x y z, ñ a letter after n as in Spanish (CLDR es &N<ñ), and CLDR ast index characters A … N Ñ O …; CLDR ast has no collation, so root makes ñ a variant of n and ICU drops the label"),
        OwnLetters(localeID: "nnh", letters: [("Ẅ", "W"), ("Ÿ", "Y")],
                   source: "CLDR nnh index characters … V W Ẅ Y Ÿ Z ʼ and standard exemplar characters (ẅ ÿ beside w y): Ngiemboon ẅ and ÿ are letters of their own after w and y (General Alphabet of Cameroon Languages, 1979, which writes the labio-palatal glides with a diaeresis); CLDR nnh has no collation, so root makes them variants of w and y and ICU drops the labels"),
        OwnLetters(localeID: "jgo", letters: [("Ʉ̈", "Ʉ"), ("Ẅ", "W")],
                   source: "CLDR jgo index characters … U Ʉ Ʉ̈ V W Ẅ Y Z Ꞌ and standard exemplar characters (ʉ̈ ẅ beside ʉ w): Ngomba ʉ̈ and ẅ are letters of their own after ʉ and w (General Alphabet of Cameroon Languages, 1979); CLDR jgo has no collation, so root makes them variants of ʉ and w and ICU drops the labels"),
        OwnLetters(localeID: "kkj", letters: [("I̧", "I"), ("Ɔ̧", "Ɔ"), ("U̧", "U")],
                   source: "CLDR kkj index characters … I I̧ J … O Ɔ Ɔ̧ P … U U̧ V … and standard exemplar characters (i̧ ɔ̧ u̧, also a̧ ɛ̧, beside the plain vowels): Kako's vowels with a cedilla (its nasal vowels, General Alphabet of Cameroon Languages, 1979) are letters of their own after i, ɔ and u; CLDR kkj has no collation, so root makes them variants of i, ɔ and u and ICU drops the labels (A̧ and Ɛ̧ are no index characters, so they stay with A and Ɛ)"),
        OwnLetters(localeID: "dyo", letters: [("Ñ", "N")],
                   source: "Jola-Fonyi as Senegal writes its national languages, ñ and ŋ letters of their own after n (CLDR dyo standard exemplar characters a–y á é í ñ ó ú ŋ; Wolof likewise, CLDR wo &N<ñ<ŋ), and CLDR dyo index characters A … N Ñ Ŋ O …; CLDR dyo has no collation, so root makes ñ a variant of n and ICU drops the label"),
    ]

    /// Why a Persian-alphabet list has no ء section: hamza is no letter a Persian index shows.
    private static let persianHamzaSource = "CLDR fa collation files ء with the hamza forms أ إ ؤ ئ as one letter right after ا (&ا<<ٱ<ء<<أ<<ٲ<<إ<<ٳ<<ؤ<<یٔ<<<ىٔ<<<ئ), and CLDR fa index characters (آ ا ب پ …, as fa_AF's, mzn's and lrc's) give it no section, so ICU files those names under ا; ء is a label only because other languages (ps, ur, ks) have it, and contacts style gave أحمد and إبراهيم a ء section against Persian's index"

    /// Whether a label of a locale's index is left out of its group: a combining mark (the
    /// anusvara ं or virama ् some CLDR index characters list) or a sign the table names.
    static func dropsLabel(_ label: String, of localeID: String) -> Bool {
        guard let first = label.unicodeScalars.first else { return false }
        return ICU.isMark(first) || ownLetters(of: localeID)?.dropped.contains(label) == true
    }

    /// The own letters of a locale's group, by its id without keywords.
    static func ownLetters(of localeID: String) -> OwnLetters? {
        let base = String(localeID.prefix { $0 != "@" })
        return ownLetters.first { $0.localeID == base }
    }

    /// The letters of `scripts` that a group files with one of its labels though it does not
    /// know them, each with a section of its own after the label or letter its language puts
    /// it after, and the tailoring that tells their names apart. Nil when there are none.
    ///
    /// - Parameters:
    ///   - localeID: the group's locale, whose exemplar characters say which letters it knows.
    ///   - labels: the group's labels, in order.
    ///   - labelOf: the group's label (position in `labels`) for a text, or nil outside them.
    ///   - ordering: the group's collator, whose tailored set says which letters it places.
    ///   - otherLanguages: which letters of other languages get a section.
    static func placement(localeID: String, scripts: Set<Script>, labels: [String], labelOf: (String) -> Int?,
                          ordering: Collator, otherLanguages: OtherLanguages = .all) -> TailoredPlacement? {
        // Root has no language to decide for: its collation's order is the only rule (Åsa is
        // under A), as ICU's root index has it.
        let language = ICU.language(of: localeID)
        guard !language.isEmpty, language != "root", language != "und" else { return nil }
        let shortNames = Set(scripts.map(\.shortName))
        let labelSet = Set(labels)
        // Read from CLDR only when a letter of the group's scripts asks: most scripts have no
        // letter in the table, and the exemplars of a dozen groups cost tens of millions of
        // instructions.
        var known: Set<String>?
        // The letters the group files with a label: (letter, the label it is filed under).
        var pending: [(letter: String, filedUnder: Int)] = []
        for letter in placesByLetter.keys.sorted() {
            guard let first = letter.unicodeScalars.first, shortNames.contains(Script(of: first).shortName),
                  !labelSet.contains(letter) else { continue }
            if known == nil {
                known = Set([ICU.ExemplarKind.standard, .auxiliary].flatMap { ICU.exemplars(of: localeID, kind: $0) ?? [] })
            }
            guard !known!.contains(letter.lowercased()), let label = labelOf(letter) else { continue }
            pending.append((letter, label))
        }
        if otherLanguages == .lookingLikeOwn {
            // The list's own letters only: another language's letter goes with its base letter,
            // where the collation files it (Ł with L), unless it looks like one of the labels
            // (Ð in a Croatian list, like Đ): its section is then merged into that label's.
            let shapes = Set(labels.map(LookAlikeLabels.shape))
            pending.removeAll { !shapes.contains(LookAlikeLabels.shape($0.letter)) }
        }
        // Nor those its collation places itself (Faroese ä with æ, Swedish đ with d, Chinese
        // é with e for pinyin): its language has said where they go.
        let forms = pending.flatMap { [$0.letter, $0.letter.lowercased()] }.compactMap { form -> Unicode.Scalar? in
            form.unicodeScalars.count == 1 ? form.unicodeScalars.first : nil
        }
        let tailored = Set(zip(forms, (try? ordering.handle.tailors(forms)) ?? []).filter(\.1).map { String($0.0) })
        pending.removeAll { tailored.contains($0.letter) || tailored.contains($0.letter.lowercased()) }
        // The group's own letters that its index leaves out come first, after their letters.
        let ownEntry = ownLetters(of: localeID)
        let own = (ownEntry?.letters ?? []).filter { entry in !labelSet.contains(entry.letter) && labelOf(entry.letter) != nil }
        let ownSet = Set(own.map(\.letter))
        let moved = (ownEntry?.moved ?? []).filter { labelSet.contains($0.label) && (labelSet.contains($0.after) || ownSet.contains($0.after)) }
        pending.removeAll { ownSet.contains($0.letter) }
        guard !pending.isEmpty || !own.isEmpty || !moved.isEmpty else { return nil }
        // Each letter after its language's predecessor. Of the languages that have it, the
        // first that puts it after a letter the group files it with wins (Polish Ł after L,
        // not Sorbian Ł after K; Croatian Ć after Č): its section then follows the names it
        // was among. Else the first language's place (Estonian Õ after W).
        let pendingLetters = Set(pending.map(\.letter))
        var anchorOf: [String: String] = [:]
        for entry in own where labelSet.contains(entry.after) || ownSet.contains(entry.after) { anchorOf[entry.letter] = entry.after }
        for (letter, filedUnder) in pending {
            let candidates = places(of: letter).compactMap { place -> (anchor: String, sameLabel: Bool)? in
                if pendingLetters.contains(place.predecessor) {
                    return (place.predecessor, labelOf(place.predecessor) == filedUnder)
                }
                guard let label = labelOf(place.predecessor), labels[label].unicodeScalars.count == 1 else { return nil }
                return (labels[label], label == filedUnder)
            }
            if let chosen = candidates.first(where: \.sameLabel) ?? candidates.first { anchorOf[letter] = chosen.anchor }
        }
        // Rules in an order where a letter's anchor is placed before it (Ź before Ż).
        var placed: [(letter: String, anchor: String)] = []
        var waiting = (own.map(\.letter) + pending.map(\.letter)).filter { anchorOf[$0] != nil }
        var progress = true
        while progress && !waiting.isEmpty {
            progress = false
            for letter in waiting {
                let anchor = anchorOf[letter]!
                guard !(pendingLetters.contains(anchor) || ownSet.contains(anchor)) || placed.contains(where: { $0.letter == anchor }) else { continue }
                placed.append((letter, anchor))
                progress = true
            }
            waiting.removeAll { letter in placed.contains { $0.letter == letter } }
        }
        guard !placed.isEmpty || !moved.isEmpty else { return nil }
        return TailoredPlacement(letters: placed, own: ownSet, moved: moved, labels: labels, labelOf: labelOf)
    }

    /// Which letters of other languages a group places apart (``ContactsGroup/Letters``).
    enum OtherLanguages: Sendable {
        /// Every letter of the table the group's language does not know.
        case all
        /// Only those that look like one of the group's labels, to be merged into it.
        case lookingLikeOwn
    }

    /// Where a language puts a letter: after `predecessor`, the label before it in its index.
    struct Place: Equatable {
        let language: String
        let predecessor: String
    }

    /// Where the languages that have `letter` put it.
    static func places(of letter: String) -> [Place] {
        (placesByLetter[letter] ?? []).map { entry in
            let parts = entry.split(separator: " ", maxSplits: 1)
            return Place(language: String(parts[0]), predecessor: String(parts[1]))
        }
    }

    /// The table read from ICU's data: each language and each of its scripts once (regions
    /// left out, as for ``ExtraLetters/candidatesByScript``).
    static func scannedPlaces() -> [String: [String]] {
        guard let root = try? Collator(locale: "und") else { return [:] }
        func primary(_ text: String) -> [UInt8] { Array(root.primaryHandle.sortKey(text).prefix { $0 > 1 }) }
        // A letter sorts with another when its primary key lies from that letter's up to the
        // letter's followed by U+FFFF, which root gives the highest primary weight: equal, or
        // an expansion that starts with it (a byte prefix alone is not a weight prefix).
        var candidateKeys: [String: [(letter: String, key: [UInt8], end: [UInt8])]] = [:]
        for (script, letters) in ExtraLetters.candidatesByScript {
            candidateKeys[script] = letters.unicodeScalars.map { (String($0), primary(String($0)), primary(String($0) + "\u{FFFF}")) }
        }
        var places: [String: [String]] = [:]
        for id in ICU.availableLocaleIDs.sorted() where ICU.region(of: id).isEmpty && !id.contains("@") {
            guard let index = try? AlphabeticIndex(.init(locale: id)) else { continue }
            let labels = index.buckets.filter { $0.kind == .normal }.map(\.label)
            for (number, label) in labels.enumerated() where number > 0 {
                let scalars = label.unicodeScalars
                guard scalars.count == 1, let scalar = scalars.first,
                      let others = candidateKeys[Script(of: scalar).shortName] else { continue }
                let key = primary(label)
                // Of two letters with one primary weight the one root sorts first is the letter, the
                // other its variant (L and Ł, Г and Ґ, C and Ç).
                guard !key.isEmpty, others.contains(where: { other in
                    other.letter != label && !other.key.isEmpty && !key.lexicographicallyPrecedes(other.key)
                        && key.lexicographicallyPrecedes(other.end) && (key != other.key || root.compare(other.letter, label) == .ascending)
                }) else { continue }
                places[label, default: []].append(id + " " + labels[number - 1])
            }
        }
        return places
    }
}

/// A group's letters of other languages that its collation files with one of its labels
/// (``TailoredLetters``): their sections, and the tailored collator that finds their names.
/// A class, immutable once built: placing a name reads it through one reference, not a
/// retain per array it holds.
final class TailoredPlacement: Sendable {
    /// One letter and its section (position in ``labels``).
    struct Letter: Sendable {
        let text: String
        let label: Int
    }

    /// The letters a label's names may start with, and the code points that may begin them.
    /// A class for the same reason as ``TailoredPlacement``.
    final class Filed: Sendable {
        /// The letters' own code points, both cases: a name starting with one is keyed. A few
        /// a label, so an array: a scan costs less than hashing every name's first code point.
        let firstScalars: [UInt32]
        /// The code points that begin the label's own letter, both cases (І, і): a name starting
        /// with one is keyed only when a combining mark follows, as in a decomposed letter (І + ◌̈
        /// for Ї).
        let decomposedFirstScalars: [UInt32]
        let letters: [Letter]

        init(firstScalars: Set<UInt32>, decomposedFirstScalars: Set<UInt32>, letters: [Letter]) {
            self.firstScalars = firstScalars.sorted()
            self.decomposedFirstScalars = decomposedFirstScalars.sorted()
            self.letters = letters
        }
    }

    /// The group's labels with the letters after their anchors, in the tailored order.
    let labels: [String]
    /// For each of ``labels``, whether it is another language's letter, shown only when used
    /// (the group's own letters, ``TailoredLetters/ownLetters``, are always shown).
    let isExtra: [Bool]
    /// Position in the group's labels → position in ``labels``.
    let positionOfLabel: [Int]
    /// By position in ``labels``: the letters whose names the group's collation files there.
    let filed: [Filed?]
    /// The collator that tells a letter's names apart, opened when a name first needs it.
    let keys: TailoredKeys

    /// The section of a name that the group's collation files at `position` (in ``labels``):
    /// one of the letters when the name starts with it, else `position`. A name that cannot
    /// start with one of them costs a look-up; one that may, a primary key of its start.
    @inline(__always)
    func label(of text: UnsafeBufferPointer<UInt8>, filedAt position: Int) -> Int {
        guard position < filed.count, let filed = filed[position], !text.isEmpty else { return position }
        let (first, length) = UTF8Scalars.decode(text, at: 0)
        if !filed.firstScalars.contains(first.value) {
            // Every combining mark is at U+0300 or above: most names need no property look-up.
            guard filed.decomposedFirstScalars.contains(first.value), length < text.count,
                  case let next = UTF8Scalars.decode(text, at: length).0, next.value >= 0x300, ICU.isMark(next) else { return position }
        }
        return keys.letter(startingWith: text, among: filed.letters) ?? position
    }

    fileprivate init(letters placed: [(letter: String, anchor: String)], own: Set<String>, moved: [(label: String, after: String)],
                     labels: [String], labelOf: (String) -> Int?) {
        // ICU's order for rules with one anchor: each later one goes right after the anchor.
        // A moved label goes after its anchor the same way, without a rule.
        var after: [String: [String]] = [:]
        for entry in placed { after[entry.anchor, default: []].insert(entry.letter, at: 0) }
        for entry in moved { after[entry.after, default: []].insert(entry.label, at: 0) }
        let movedSet = Set(moved.map(\.label))
        let letterSet = Set(placed.map(\.letter))
        var ordered: [String] = []
        var isLetter: [Bool] = []
        var positionOfText: [String: Int] = [:]
        func append(_ text: String) {
            guard positionOfText[text] == nil else { return }
            positionOfText[text] = ordered.count
            ordered.append(text)
            isLetter.append(letterSet.contains(text))
            for next in after[text] ?? [] { append(next) }
        }
        for label in labels where !movedSet.contains(label) { append(label) }
        // A label whose anchor never came (it cannot happen with the table's entries) goes last.
        for label in labels { append(label) }
        let positionOfLabel = labels.map { positionOfText[$0]! }
        var filed = [(first: Set<UInt32>, decomposed: Set<UInt32>, letters: [Letter])?](repeating: nil, count: ordered.count)
        for (position, text) in ordered.enumerated() where isLetter[position] {
            guard let label = labelOf(text) else { continue }
            let home = positionOfLabel[label]
            var entry = filed[home] ?? ([], [], [])
            for form in [text, text.lowercased()] {
                if let first = form.unicodeScalars.first { entry.first.insert(first.value) }
            }
            // A decomposed letter starts with its label's letter and a mark (І + ◌̈ for Ї).
            for form in [labels[label], labels[label].lowercased()] {
                if let first = form.unicodeScalars.first { entry.decomposed.insert(first.value) }
            }
            entry.letters.append(Letter(text: text, label: position))
            filed[home] = entry
        }
        self.labels = ordered
        isExtra = zip(ordered, isLetter).map { $1 && !own.contains($0) }
        self.positionOfLabel = positionOfLabel
        self.filed = filed.map { $0.map { Filed(firstScalars: $0.first, decomposedFirstScalars: $0.decomposed, letters: $0.letters) } }
        keys = TailoredKeys(rules: placed.map { entry in
            let lower = entry.letter.lowercased()
            return lower == entry.letter ? "&\(entry.anchor)<\(lower)" : "&\(entry.anchor)<\(lower)<<<\(entry.letter)"
        }.joined())
    }
}

/// The collator that gives each letter of a ``TailoredPlacement`` a primary weight of its own
/// ("&L<ł<<<Ł"), opened on first use: most lists have no name that needs it, and opening one
/// costs milliseconds. Its rules tailor root, not the group's collation: the letters are ones
/// the group's tailoring does not place (``TailoredLetters``), so its rules have no bearing on
/// them, and rebuilding a large tailoring (Chinese pinyin's 27,000 rules) would cost a quarter
/// of a second. It places names only; the group's collator still orders them.
final class TailoredKeys: Sendable {
    /// The collator, at primary strength, and each letter's primary keys: a name starting with
    /// the letter has a key from the letter's up to the letter's followed by U+FFFF.
    private struct Opened: Sendable {
        let collator: ICU.CollatorHandle
        let ranges: [String: (start: [UInt8], end: [UInt8])]
    }

    let rules: String
    /// Opened once, under the lock; nil inside until then, and `.none` if ICU refused.
    private let opened = Mutex<Opened??>(nil)

    init(rules: String) { self.rules = rules }

    private func open() -> Opened? {
        opened.withLock { state in
            if let known = state { return known }
            var made: Opened?
            if let root = try? ICU.CollatorHandle(localeID: "root"),
               let collator = try? ICU.CollatorHandle(tailoring: root, rules: rules),
               (try? collator.set(.strength, .primary)) != nil {
                func primary(_ text: String) -> [UInt8] { Array(collator.sortKey(text).prefix { $0 > 1 }) }
                var ranges: [String: (start: [UInt8], end: [UInt8])] = [:]
                for rule in rules.split(separator: "&") {
                    guard let letter = rule.split(separator: "<").last.map(String.init) else { continue }
                    ranges[letter] = (primary(letter), primary(letter + "\u{FFFF}"))
                }
                made = Opened(collator: collator, ranges: ranges)
            }
            state = .some(made)
            return made
        }
    }

    /// The section of the letter among `letters` that the text starts with, if any.
    func letter(startingWith text: UnsafeBufferPointer<UInt8>, among letters: [TailoredPlacement.Letter]) -> Int? {
        guard let opened = open() else { return nil }
        // The first few code points decide: a letter is one code point, or one and its marks.
        var prefixEnd = 0
        var scalars = 0
        while prefixEnd < text.count && scalars < 8 {
            prefixEnd += UTF8Scalars.decode(text, at: prefixEnd).1
            scalars += 1
        }
        var key: [UInt8] = []
        opened.collator.appendSortKey(UnsafeBufferPointer(rebasing: text[..<prefixEnd]), to: &key)
        let primary = key.prefix { $0 > 1 }
        return letters.first { letter in
            guard let range = opened.ranges[letter.text], !range.start.isEmpty else { return false }
            return !primary.lexicographicallyPrecedes(range.start) && primary.lexicographicallyPrecedes(range.end)
        }?.label
    }
}
