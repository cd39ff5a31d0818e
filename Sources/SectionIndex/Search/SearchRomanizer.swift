import Collation
import Synchronization

/// The spellings under which a name written in another script is found, so that what users
/// type finds it: pinyin (every reading of a polyphonic given-name character, ü also as v),
/// the other Chinese form (Simplified or Traditional) and zhuyin where asked for Han; romaji
/// (``Romaji``) for kana; the Revised Romanization, usual surname spellings and initial
/// consonants for Hangul; BGN/PCGN, ISO 9 and passport spellings (``CyrillicPassport``) for
/// Cyrillic; UNGEGN for Greek.
///
/// ```swift
/// let romanizer = SearchRomanizer(pinyin: PinyinRomanizer(personalNames: true))
/// let memo = SpellingMemo()
/// romanizer.spellings(of: "张伟", memo: memo)           // ["zhāng wěi", "張偉"]: initials come from NameForms
/// romanizer.spellings(of: "たなか たろう", memo: memo)   // ["tanaka tarou", "tanaka taro", "tanaka taroh"]
/// romanizer.spellings(of: "김민준", memo: memo)         // ["gim min jun", "gimminjun", "kim min jun", "ㄱ ㅁ ㅈ"]
/// romanizer.spellings(of: "Anna", memo: memo)           // []: nothing to romanise
/// ```
///
/// Spellings are made once per name when a list is prepared, never per query. Spaces in them
/// separate words, so each pinyin syllable and each Hangul syllable begins a word.
struct SearchRomanizer: Sendable {
    /// How Han is read as Chinese; nil when Han names are placed by their reading (Japanese,
    /// Korean): the Chinese reading of a Japanese name finds nothing the user would type.
    let pinyin: PinyinRomanizer?
    /// Han is spelled in zhuyin too (Traditional Chinese as typed in Taiwan).
    var zhuyin = false
    /// Cyrillic is read by Ukrainian rules (the locale is Ukrainian), not Russian ones.
    var ukrainian = false

    /// At most this many spellings of one run of Han (the readings of its polyphonic
    /// characters multiply).
    static let hanSpellingLimit = 8

    /// The scripts this type romanises, each a run of text spelled as a whole.
    enum RunKind: Hashable {
        case han, kana, hangul, cyrillic, greek, other
    }

    struct Run {
        var kind: RunKind
        var text: String
    }

    /// At most this many code points of a text are romanised (the cap of every romanisation).
    static let maximumLength = PinyinRomanizer.maximumLength

    /// Every Latin spelling of the text; empty when it has nothing to romanise.
    ///
    /// - Parameters:
    ///   - memo: words already transliterated, shared by the texts of one list.
    ///   - readsHan: false for a Japanese name (one with a kana reading): its kanji are not
    ///     read as Chinese.
    func spellings(of text: String, memo: SpellingMemo, readsHan: Bool = true) -> [String] {
        let (spellings, initials) = spellingParts(of: text, memo: memo, readsHan: readsHan)
        // A handful of spellings: comparing with each is cheaper than hashing them.
        var unique: [String] = []
        for spelling in spellings + (initials.map { [$0] } ?? []) where !unique.contains(spelling) { unique.append(spelling) }
        return unique
    }

    /// The spellings of ``spellings(of:memo:readsHan:)`` apart from the initial consonants of
    /// Hangul, which come last there. A text that goes on with a space and a word of ASCII
    /// has the same parts, each followed by that space and word (its runs are the text's,
    /// the last one perhaps longer by the word), and the same initials.
    func spellingParts(of text: String, memo: SpellingMemo, readsHan: Bool = true) -> (spellings: [String], initials: String?) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return ([], nil) }
        let text = text.unicodeScalars.count > Self.maximumLength
            ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(Self.maximumLength))) : text
        var runs = Self.runs(of: text)
        if !readsHan || self.pinyin == nil {
            for i in runs.indices where runs[i].kind == .han { runs[i].kind = .other }
        }
        let cyrillicID = runs.contains { $0.kind == .cyrillic } ? bgnTransliteratorID(for: text) : ""
        guard runs.contains(where: { $0.kind != .other }) else { return ([], nil) }
        var spelled: [[String]] = []
        var initials: [String] = []
        var atStart = true
        for run in runs {
            let (spellings, runInitials) = spell(run, atStart: atStart, cyrillicID: cyrillicID, memo: memo)
            spelled.append(spellings)
            if !runInitials.isEmpty { initials.append(runInitials) }
            if run.kind != .other || !run.text.unicodeScalars.allSatisfy(ICU.isWhiteSpace) { atStart = false }
        }
        // The usual spelling of every run, then each other spelling of one run with the usual
        // spellings of the rest.
        var result = [Self.joined(spelled.map { $0[0] })]
        for (i, spellings) in spelled.enumerated() {
            for alternative in spellings.dropFirst() {
                var parts = spelled.map { $0[0] }
                parts[i] = alternative
                result.append(Self.joined(parts))
            }
        }
        var unique: [String] = []
        for spelling in result where !unique.contains(spelling) { unique.append(spelling) }
        // Initials are written apart, each beginning a word (see ``NameForms``); those of
        // Latin spellings are added with the initials of every other text.
        return (unique, initials.isEmpty ? nil : initials.joined(separator: " "))
    }

    /// A run's spellings (the usual one first) and its initials, from the memo when the run
    /// was spelled before in the same context (names repeat their surnames and given names).
    func spell(_ run: Run, atStart: Bool, cyrillicID: String,
               memo: SpellingMemo) -> (spellings: [String], initials: String) {
        // Only Han and Hangul read a surname at the start, only Cyrillic has rules to choose.
        let key = SpellingMemo.RunKey(text: run.text, kind: run.kind,
                                      atStart: atStart && (run.kind == .han || run.kind == .hangul),
                                      cyrillicID: run.kind == .cyrillic ? cyrillicID : "")
        if let known = memo.runs[key] { return known }
        let spelled = spellAnew(run, atStart: atStart, cyrillicID: cyrillicID, memo: memo)
        memo.remember(spelled, for: key)
        return spelled
    }

    private func spellAnew(_ run: Run, atStart: Bool, cyrillicID: String,
                           memo: SpellingMemo) -> (spellings: [String], initials: String) {
        // Spelled as its composed form: ICU's rules and the tables here read "й", "が" and
        // "김" whole, and would spell "и" + U+0306 Ananiĭ, leave "か" + U+3099 unvoiced and
        // conjoining jamo unread. Names come decomposed from macOS file names and some
        // pastes; the collator already weighs both forms alike, so a run that is spelled as
        // written (kind other) is left as it is.
        var run = run
        if run.kind != .other, Self.mayCompose(run.text) { run.text = memo.transliterate(run.text, id: "Any-NFC") }
        switch run.kind {
        case .han:
            guard let pinyin else { return ([run.text], "") }
            let readings = pinyin.readings(of: run.text, atStart: atStart)
            var spellings = Self.combinations(of: readings, limit: Self.hanSpellingLimit).map { $0.joined(separator: " ") }
            // Keyboards type ü as v (lv for lǚ).
            spellings += spellings.compactMap(Self.withVForUmlaut)
            if zhuyin {
                let syllables = readings.map { Zhuyin.spelling(ofPinyin: $0[0]) ?? $0[0] }
                spellings.append(syllables.joined(separator: " "))
            }
            // Simplified and Traditional characters find each other (陈 finds 陳).
            for form in [Self.simplified, Self.traditional] {
                let converted = String(String.UnicodeScalarView(run.text.unicodeScalars.map { form($0) }))
                if converted != run.text { spellings.append(converted) }
            }
            return (spellings, "")
        case .kana:
            if let romaji = Romaji.spellings(of: run.text) { return (romaji, "") }
            let romaji = memo.transliterate(run.text, id: "Any-Latin").filter { $0 != "~" }
            return ([romaji, Self.withoutLongVowels(romaji)], "")
        case .hangul:
            var spellings = [HangulRomanization.revised(run.text), memo.transliterate(run.text, id: "Hangul-Latin")]
            if atStart, let first = run.text.first, let surnames = HangulRomanization.surnameSpellings[first] {
                let given = HangulRomanization.revised(run.text.dropFirst())
                spellings += surnames.map { given.isEmpty ? $0 : $0 + " " + given }
            }
            return (spellings, HangulRomanization.initials(run.text))
        case .cyrillic:
            let bgn = memo.transliterate(run.text, id: cyrillicID)
            let iso = memo.transliterate(run.text, id: "Cyrillic-Latin")
            let passport = CyrillicPassport.spelling(of: run.text, ukrainian: cyrillicID == "Ukrainian-Latin/BGN")
            return ([Self.withoutPrimes(bgn), Self.withoutPrimes(iso), passport], "")
        case .greek:
            return ([memo.transliterate(run.text, id: "Greek-Latin/UNGEGN")], "")
        case .other:
            return ([run.text], "")
        }
    }

    /// The spellings of the runs, a space between two that would otherwise run together:
    /// where the script changes, a new word begins.
    private static func joined(_ parts: [String]) -> String {
        var out = ""
        for part in parts where !part.isEmpty {
            if let last = out.unicodeScalars.last, let first = part.unicodeScalars.first,
               !ICU.isWhiteSpace(last), !ICU.isWhiteSpace(first) {
                out += " "
            }
            out += part
        }
        return out
    }

    // MARK: - Scripts

    /// The text cut into runs of one kind. Combining marks stay with the run before them; the
    /// kana prolonged sound mark and voicing marks (script Common, used only with kana) are
    /// kana.
    static func runs(of text: String) -> [Run] {
        // Each run's text is cut from the text once: appending its scalars one at a time cost
        // more than the rest of a name's spelling.
        var runs: [Run] = []
        let scalars = text.unicodeScalars
        var runStart = scalars.startIndex
        var runKind: RunKind?
        for index in scalars.indices {
            let kind = ownKind(of: scalars[index]) ?? runKind ?? .other
            if kind != runKind {
                if let runKind { runs.append(Run(kind: runKind, text: String(scalars[runStart..<index]))) }
                runStart = index
                runKind = kind
            }
        }
        if let runKind { runs.append(Run(kind: runKind, text: String(scalars[runStart...]))) }
        return runs
    }

    /// Whether NFC could change a text: it holds a combining mark (a nonzero canonical
    /// combining class) or a conjoining Hangul vowel or final consonant.
    static func mayCompose(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar.value >= 0x300 && (scalar.properties.canonicalCombiningClass != .notReordered
                                      || (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value))
        }
    }

    /// The kind of run a code point belongs to; nil for a combining mark (script Inherited),
    /// which belongs to the run before it.
    static func ownKind(of scalar: Unicode.Scalar) -> RunKind? {
        guard scalar.value >= 0x80 else { return .other }
        let script = Script(of: scalar)
        switch script {
        case .han: return .han
        case .hiragana, .katakana: return .kana
        case .hangul: return .hangul
        case .cyrillic: return .cyrillic
        case .greek: return .greek
        case .common, .inherited:
            if scalar.hasScript(.katakana) || scalar.hasScript(.hiragana) { return .kana }
            return script == .inherited ? nil : .other
        default: return .other
        }
    }

    /// Each Han character's simplified and traditional forms, by ICU's
    /// Traditional-Simplified and Simplified-Traditional, made once per process and
    /// character: a name's characters convert one by one, and the transliterators take
    /// tens of microseconds a call.
    private static let chineseForms = Mutex<[UInt32: (simplified: Unicode.Scalar, traditional: Unicode.Scalar)]>([:])

    private static func forms(of scalar: Unicode.Scalar) -> (simplified: Unicode.Scalar, traditional: Unicode.Scalar) {
        if let known = chineseForms.withLock({ $0[scalar.value] }) { return known }
        func converted(_ id: String) -> Unicode.Scalar {
            let text = Transliteration.transliterate(String(scalar), id: id).unicodeScalars
            // A character that becomes several (or none) stays as it is.
            return text.count == 1 ? text.first! : scalar
        }
        let forms = (converted("Traditional-Simplified"), converted("Simplified-Traditional"))
        chineseForms.withLock { $0[scalar.value] = forms }
        return forms
    }

    static func simplified(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        Script(of: scalar) == .han ? forms(of: scalar).simplified : scalar
    }

    static func traditional(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        Script(of: scalar) == .han ? forms(of: scalar).traditional : scalar
    }

    /// Whether the text holds kana: a reading in kana makes a name Japanese.
    static func containsKana(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value >= 0x3040 && runs(of: String($0)).first?.kind == .kana }
    }

    /// The text with its Han characters replaced by spaces.
    static func withoutHan(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value >= 0x2E80 && Script(of: $0) == .han ? " " : $0 }))
    }

    // MARK: - Spelling rules

    /// Hepburn as passports write it, without long vowels: "tarou" → "taro", "oota" → "ota",
    /// "yuuko" → "yuko" (ICU's romaji spells long vowels as typed on a keyboard, おう → ou).
    static func withoutLongVowels(_ romaji: String) -> String {
        var out = ""
        for letter in romaji {
            if let last = out.last, (last == "o" && (letter == "o" || letter == "u")) || (last == "u" && letter == "u") {
                continue
            }
            out.append(letter)
        }
        return out
    }

    /// BGN/PCGN writes the soft and hard signs as primes (Natalʹya), which collation weighs as
    /// symbols; nobody types them.
    static func withoutPrimes(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "\u{02B9}" && $0 != "\u{02BA}" }.map(Character.init))
    }

    /// The first spelling of each character's readings, then every other combination, up to
    /// `limit` of them.
    static func combinations(of readings: [[String]], limit: Int) -> [[String]] {
        var result = [readings.map { $0[0] }]
        for (i, alternatives) in readings.enumerated() {
            for alternative in alternatives.dropFirst() {
                for known in result where result.count < limit && known[i] == readings[i][0] {
                    var combination = known
                    combination[i] = alternative
                    result.append(combination)
                }
            }
        }
        return result
    }

    /// The pinyin with ü written v, as keyboards type it; nil without ü.
    static func withVForUmlaut(_ pinyin: String) -> String? {
        guard pinyin.unicodeScalars.contains(where: { $0.value >= 0x80 }) else { return nil }
        var out = String.UnicodeScalarView()
        var changed = false
        for scalar in ICU.nfkd(pinyin).unicodeScalars {
            if scalar == "\u{0308}", let last = out.last, last == "u" || last == "U" {
                out.removeLast()
                out.append(last == "u" ? "v" : "V")
                changed = true
            } else {
                out.append(scalar)
            }
        }
        return changed ? String(out) : nil
    }

    /// The BGN/PCGN system of the language: Ukrainian under a Ukrainian locale or for
    /// і ї є ґ, Serbian for ђ ј љ њ ћ џ, Russian otherwise.
    func bgnTransliteratorID(for text: String) -> String {
        // The letters in either case: only their capitals lower-case to them.
        if ukrainian || text.unicodeScalars.contains(where: Self.ukrainianLetters.contains) { return "Ukrainian-Latin/BGN" }
        if text.unicodeScalars.contains(where: Self.serbianLetters.contains) { return "Serbian-Latin/BGN" }
        return "Russian-Latin/BGN"
    }

    /// і ї є ґ and their capitals: letters only Ukrainian writes.
    private static let ukrainianLetters: Set<Unicode.Scalar> = Set("іїєґІЇЄҐ".unicodeScalars)
    /// ђ ј љ њ ћ џ and their capitals: letters only Serbian writes.
    private static let serbianLetters: Set<Unicode.Scalar> = Set("ђјљњћџЂЈЉЊЋЏ".unicodeScalars)

}

/// Runs already transliterated while one list is prepared: names repeat their surnames and
/// given names (a run holds no space), and ICU's rule-based transliterators take microseconds
/// a word. One memo serves one thread; it lives as long as the preparation.
///
/// Texts are told apart code point for code point (``ExactText``): ICU transliterates "й" and
/// "и" + U+0306 differently (Ananiy, Ananiĭ), and a memo keyed by `String` gave a name the
/// spelling of whichever form a list met first, so that a prepared list found other names
/// than a search name by name.
final class SpellingMemo {
    private var known: [ExactText: String] = [:]

    /// A run of one script in the context that decides its spellings.
    struct RunKey: Hashable {
        var text: ExactText
        var kind: SearchRomanizer.RunKind
        var atStart: Bool
        var cyrillicID: String

        init(text: String, kind: SearchRomanizer.RunKind, atStart: Bool, cyrillicID: String) {
            self.text = ExactText(text: text)
            self.kind = kind
            self.atStart = atStart
            self.cyrillicID = cyrillicID
        }
    }

    /// Runs already spelled, with their initials.
    private(set) var runs: [RunKey: (spellings: [String], initials: String)] = [:]
    /// Past this many runs the memo starts again, so that a long list of names that never
    /// repeat cannot fill the memory.
    private static let runLimit = 50_000

    func remember(_ spelled: (spellings: [String], initials: String), for key: RunKey) {
        if runs.count >= Self.runLimit { runs.removeAll(keepingCapacity: true) }
        runs[key] = spelled
    }

    func transliterate(_ text: String, id: String) -> String {
        let key = ExactText(text: id + "\u{0}" + text)
        if let spelled = known[key] { return spelled }
        let spelled = Transliteration.transliterate(text, id: id)
        known[key] = spelled
        return spelled
    }
}
