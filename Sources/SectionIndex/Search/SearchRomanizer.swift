import Collation

/// The Latin spellings under which a name written in another script is found, so that Latin
/// input finds it: pinyin and pinyin initials for Han, romaji for kana, the Revised
/// Romanization, usual surname spellings and initial consonants for Hangul, BGN/PCGN and
/// ISO 9 for Cyrillic, UNGEGN for Greek.
///
/// ```swift
/// let romanizer = SearchRomanizer(pinyin: PinyinRomanizer(personalNames: true))
/// let memo = SpellingMemo()
/// romanizer.spellings(of: "张伟", memo: memo)           // ["zhāng wěi", "zw"]
/// romanizer.spellings(of: "たなか たろう", memo: memo)   // ["tanaka tarou", "tanaka taro"]
/// romanizer.spellings(of: "김민준", memo: memo)         // ["gim min jun", "gimminjun", "kim min jun", "ㄱㅁㅈ"]
/// romanizer.spellings(of: "Anna", memo: memo)           // []: nothing to romanise
/// ```
///
/// Spellings are made once per name when a list is prepared, never per query. Spaces in them
/// separate words, so each pinyin syllable and each Hangul syllable begins a word.
struct SearchRomanizer: Sendable {
    /// How Han is read as Chinese; nil when Han names are placed by their reading (Japanese,
    /// Korean): the Chinese reading of a Japanese name finds nothing the user would type.
    let pinyin: PinyinRomanizer?

    /// The scripts this type romanises, each a run of text spelled as a whole.
    enum RunKind: Equatable {
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
    /// - Parameter memo: words already transliterated, shared by the texts of one list.
    func spellings(of text: String, memo: SpellingMemo) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return [] }
        let text = text.unicodeScalars.count > Self.maximumLength
            ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(Self.maximumLength))) : text
        let runs = Self.runs(of: text)
        let cyrillicID = runs.contains { $0.kind == .cyrillic } ? Self.bgnTransliteratorID(for: text) : ""
        guard runs.contains(where: { $0.kind != .other && ($0.kind != .han || pinyin != nil) }) else { return [] }
        var spelled: [[String]] = []
        var initials = ""
        var atStart = true
        for run in runs {
            let (spellings, runInitials) = spell(run, atStart: atStart, cyrillicID: cyrillicID, memo: memo)
            spelled.append(spellings)
            initials += runInitials
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
        if !initials.isEmpty { result.append(initials) }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    /// A run's spellings (the usual one first) and its initials.
    private func spell(_ run: Run, atStart: Bool, cyrillicID: String,
                       memo: SpellingMemo) -> (spellings: [String], initials: String) {
        switch run.kind {
        case .han:
            guard let pinyin else { return ([run.text], "") }
            let syllables = pinyin.syllables(of: run.text, atStart: atStart)
            return ([syllables.joined(separator: " ")], PinyinRomanizer.initials(of: syllables))
        case .kana:
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
            return ([Self.withoutPrimes(bgn), Self.withoutPrimes(iso)], "")
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
        var runs: [Run] = []
        for scalar in text.unicodeScalars {
            var kind = RunKind.other
            if scalar.value >= 0x80 {
                let script = Script(of: scalar)
                switch script {
                case .han: kind = .han
                case .hiragana, .katakana: kind = .kana
                case .hangul: kind = .hangul
                case .cyrillic: kind = .cyrillic
                case .greek: kind = .greek
                case .common, .inherited:
                    if scalar.hasScript(.katakana) || scalar.hasScript(.hiragana) {
                        kind = .kana
                    } else if script == .inherited, let last = runs.last?.kind {
                        kind = last
                    }
                default: break
                }
            }
            if runs.last?.kind == kind {
                runs[runs.count - 1].text.unicodeScalars.append(scalar)
            } else {
                runs.append(Run(kind: kind, text: String(scalar)))
            }
        }
        return runs
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

    /// The BGN/PCGN system of the language the letters show: Ukrainian for і ї є ґ, Serbian
    /// for ђ ј љ њ ћ џ, Russian otherwise.
    static func bgnTransliteratorID(for text: String) -> String {
        let scalars = text.lowercased().unicodeScalars
        if scalars.contains(where: { "іїєґ".unicodeScalars.contains($0) }) { return "Ukrainian-Latin/BGN" }
        if scalars.contains(where: { "ђјљњћџ".unicodeScalars.contains($0) }) { return "Serbian-Latin/BGN" }
        return "Russian-Latin/BGN"
    }

}

/// Runs already transliterated while one list is prepared: names repeat their surnames and
/// given names (a run holds no space), and ICU's rule-based transliterators take microseconds
/// a word. One memo serves one thread; it lives as long as the preparation.
final class SpellingMemo {
    private var known: [String: String] = [:]

    func transliterate(_ text: String, id: String) -> String {
        let key = id + "\u{0}" + text
        if let spelled = known[key] { return spelled }
        let spelled = Transliteration.transliterate(text, id: id)
        known[key] = spelled
        return spelled
    }
}
