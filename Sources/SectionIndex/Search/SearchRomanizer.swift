import Collation
import Synchronization

/// The Latin spellings under which a name written in another script is found, so that Latin
/// input finds it: pinyin and pinyin initials for Han, romaji for kana, the Revised
/// Romanization, usual surname spellings and initial consonants for Hangul, BGN/PCGN and
/// ISO 9 for Cyrillic, UNGEGN for Greek.
///
/// ```swift
/// let romanizer = SearchRomanizer.shared(romanizesHan: true, personalNames: true)
/// let memo = SpellingMemo()
/// romanizer.spellings(of: "张伟", memo: memo)           // ["zhāng wěi", "zw"]
/// romanizer.spellings(of: "たなか たろう", memo: memo)   // ["tanaka tarou", "tanaka taro"]
/// romanizer.spellings(of: "김민준", memo: memo)         // ["gim min jun", "gimminjun", "kim min jun", "ㄱㅁㅈ"]
/// romanizer.spellings(of: "Anna", memo: memo)           // []: nothing to romanise
/// ```
///
/// Spellings are made once per name when a list is prepared, never per query. Spaces in them
/// separate words, so each pinyin syllable and each Hangul syllable begins a word.
final class SearchRomanizer: Sendable {
    /// Whether Han is read as Chinese (pinyin). Off when Han names are placed by their
    /// reading (Japanese, Korean): the Chinese reading of a Japanese name finds nothing the
    /// user would type.
    let romanizesHan: Bool
    /// Chinese names read as personal names: the surname by ``ChineseSurnames``.
    let personalNames: Bool

    private init(romanizesHan: Bool, personalNames: Bool) {
        self.romanizesHan = romanizesHan
        self.personalNames = personalNames
    }

    private static let instances: [SearchRomanizer] = [false, true].flatMap { han in
        [false, true].map { SearchRomanizer(romanizesHan: han, personalNames: $0) }
    }

    static func shared(romanizesHan: Bool, personalNames: Bool) -> SearchRomanizer {
        instances[(romanizesHan ? 2 : 0) + (personalNames ? 1 : 0)]
    }

    /// ICU transliterators keep state while they run: each call borrows one.
    private static let transliterators = TransliteratorPool()

    /// The scripts this type romanises, each a run of text spelled as a whole.
    enum RunKind: Equatable {
        case han, kana, hangul, cyrillic, greek, other
    }

    struct Run {
        var kind: RunKind
        var text: String
    }

    /// At most this many code points of a text are romanised: far more than any name has,
    /// and ICU's transliterators take time quadratic in the length.
    static let maximumLength = 256

    /// Every Latin spelling of the text; empty when it has nothing to romanise.
    ///
    /// - Parameter memo: words already transliterated, shared by the texts of one list.
    func spellings(of text: String, memo: SpellingMemo) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return [] }
        let text = text.unicodeScalars.count > Self.maximumLength
            ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(Self.maximumLength))) : text
        let runs = Self.runs(of: text)
        let cyrillicID = runs.contains { $0.kind == .cyrillic } ? Self.bgnTransliteratorID(for: text) : ""
        guard runs.contains(where: { $0.kind != .other && ($0.kind != .han || romanizesHan) }) else { return [] }
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
        case .han where romanizesHan:
            let syllables = pinyinSyllables(of: run.text, atStart: atStart)
            let initials = String(syllables.compactMap(\.first))
            return ([syllables.joined(separator: " ")], initials)
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
        case .han, .other:
            return ([run.text], "")
        }
    }

    /// Pinyin syllables of a Han run: the surname's reading from ``ChineseSurnames`` when the
    /// run begins the name, the rest as ICU reads it.
    private func pinyinSyllables(of text: String, atStart: Bool) -> [String] {
        var syllables: [String] = []
        var rest = Substring(text)
        if personalNames, atStart, let surname = HanRomanizer.surname(of: rest) {
            syllables = PinyinSyllables.split(surname.pinyin)
            rest = surname.rest
        }
        var isFirst = syllables.isEmpty && atStart
        for scalar in rest.unicodeScalars {
            let syllable = Self.pinyin(of: scalar, asSurname: isFirst && personalNames)
            if Script(of: scalar) == .han {
                syllables.append(syllable)
            } else if !syllables.isEmpty {
                syllables[syllables.count - 1] += syllable
            } else {
                syllables.append(syllable)
            }
            isFirst = false
        }
        return syllables
    }

    /// ICU's pinyin of each Han character, by character and by whether it is read as a
    /// surname, made once per process (at most one entry per Han character and reading): ICU's Han-Latin takes 50 µs a name, and reads names
    /// character by character anyway (every Chinese name of the shared 200,000-name corpus
    /// gives the same syllables read whole with Han-Latin/Names as read one character at a
    /// time, the first with Han-Latin/Names and the rest with Han-Latin).
    private static let pinyinCache = Mutex<[UInt32: String]>([:])

    private static func pinyin(of scalar: Unicode.Scalar, asSurname: Bool) -> String {
        let key = scalar.value << 1 | (asSurname ? 1 : 0)
        if let known = pinyinCache.withLock({ $0[key] }) { return known }
        let syllable = transliterate(String(scalar), id: asSurname ? "Han-Latin/Names" : "Han-Latin")
        pinyinCache.withLock { $0[key] = syllable }
        return syllable
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

    static func transliterate(_ text: String, id: String) -> String {
        transliterators.transliterate(text, id: id)
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
        let spelled = SearchRomanizer.transliterate(text, id: id)
        known[key] = spelled
        return spelled
    }
}

/// Idle ICU transliterators by id, lent to one caller at a time.
final class TransliteratorPool: Sendable {
    private let idle = LendingPool<String, ICU.Transliterator> { try? ICU.Transliterator(id: $0) }

    /// The text transliterated; unchanged when ICU lacks the transliterator.
    func transliterate(_ text: String, id: String) -> String {
        idle.withResource(for: id) { $0?.transliterate(text) ?? text }
    }
}
