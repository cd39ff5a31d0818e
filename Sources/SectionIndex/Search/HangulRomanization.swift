/// Hangul spelled in Latin letters, as Korean names are searched: the Revised Romanization of
/// Korean, the surname spellings most Koreans use instead, and the initial consonants
/// (초성) that Korean phone books search by.
///
/// ```swift
/// HangulRomanization.revised("김민준")          // "gim min jun"
/// HangulRomanization.surnameSpellings["김"]     // ["kim"]
/// HangulRomanization.initials("김민준")         // "ㄱ ㅁ ㅈ"
/// ```
enum HangulRomanization {
    private static let syllableBase: UInt32 = 0xAC00
    private static let syllableCount: UInt32 = 11172
    private static let medialCount: UInt32 = 21
    private static let finalCount: UInt32 = 28

    /// The Revised Romanization of Korean (Ministry of Culture and Tourism notice 2000-8),
    /// chapter 2: initial consonants (ㄱ g, ㄲ kk, …, ㅇ silent, …, ㅎ h).
    private static let initialSpellings = [
        "g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h",
    ]
    /// Vowels (ㅏ a, ㅐ ae, …, ㅢ ui, ㅣ i).
    private static let medialSpellings = [
        "a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi",
        "yu", "eu", "ui", "i",
    ]
    /// Final consonants, spelled by the sound they have at the end of a syllable (chapter 2,
    /// note 2: ㄱ ㄲ ㅋ → k, ㄷ ㅅ ㅆ ㅈ ㅊ ㅌ ㅎ → t, ㅂ ㅍ → p), clusters by the consonant
    /// pronounced.
    private static let finalSpellings = [
        "", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t",
        "ng", "t", "t", "k", "t", "p", "t",
    ]
    /// The initial consonants as compatibility jamo, the letters a Korean keyboard types.
    private static let initialJamo: [Unicode.Scalar] = [
        "ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
    ]

    static func isSyllable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value &- syllableBase < syllableCount
    }

    private static func parts(of syllable: Unicode.Scalar) -> (initial: Int, medial: Int, final: Int) {
        let index = syllable.value - syllableBase
        return (Int(index / (medialCount * finalCount)), Int(index % (medialCount * finalCount) / finalCount),
                Int(index % finalCount))
    }

    /// One syllable in the Revised Romanization.
    static func revised(syllable: Unicode.Scalar) -> String {
        let (initial, medial, final) = parts(of: syllable)
        return initialSpellings[initial] + medialSpellings[medial] + finalSpellings[final]
    }

    /// Hangul syllables romanised one by one, separated by spaces; other characters kept.
    /// Syllable by syllable is how the Revised Romanization writes personal names: "sound
    /// changes between syllables in given names are not transcribed" (chapter 3, article 4),
    /// 한복남 Han Boknam.
    static func revised(_ text: some StringProtocol) -> String {
        var out = ""
        var afterSyllable = false
        for scalar in text.unicodeScalars {
            if isSyllable(scalar) {
                if afterSyllable { out += " " }
                out += revised(syllable: scalar)
                afterSyllable = true
            } else {
                out.unicodeScalars.append(scalar)
                afterSyllable = false
            }
        }
        return out
    }

    /// The initial consonant of each syllable, as compatibility jamo written apart
    /// ("김민준" → "ㄱ ㅁ ㅈ"), so that each begins a word and initials from the second
    /// syllable on match too ("ㅁㅈ").
    static func initials(_ text: some StringProtocol) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where isSyllable(scalar) {
            if !out.isEmpty { out.append(" ") }
            out.append(initialJamo[parts(of: scalar).initial])
        }
        return String(out)
    }

    /// For each final consonant (by its index in a syllable), the final left when its last
    /// consonant moves on to begin the next syllable, and that consonant as an initial: ㄱ
    /// leaves none and becomes initial ㄱ; ㄳ leaves ㄱ and becomes ㅅ.
    package static let finalSplits: [(rest: UInt32, initial: UInt32)] = [
        (0, 0), (0, 0), (0, 1), (1, 9), (0, 2), (4, 12), (4, 18), (0, 3), (0, 5), (8, 0), (8, 6), (8, 7),
        (8, 9), (8, 16), (8, 17), (8, 18), (0, 6), (0, 7), (17, 9), (0, 9), (0, 10), (0, 11), (0, 12),
        (0, 14), (0, 15), (0, 16), (0, 17), (0, 18),
    ]

    /// A word whose last syllable is still being typed: its final consonant may yet begin
    /// the next syllable (typing 사과 shows 삭 after ㄱ), so "삭" is also "사" followed by
    /// initial ㄱ. Nil when the word does not end in a syllable with a final consonant.
    ///
    /// ```swift
    /// HangulRomanization.finalAsNextInitial("삭")   // "사\u{1100}" (사 + initial ㄱ)
    /// ```
    static func finalAsNextInitial(_ word: String.UnicodeScalarView) -> String? {
        guard let last = word.last, isSyllable(last) else { return nil }
        let final = (last.value - syllableBase) % finalCount
        guard final != 0 else { return nil }
        let split = finalSplits[Int(final)]
        var text = String.UnicodeScalarView(word.dropLast())
        text.append(Unicode.Scalar(last.value - final + split.rest)!)
        text.append(Unicode.Scalar(0x1100 + split.initial)!)
        return String(text)
    }

    /// Surnames whose usual spelling is not their Revised Romanization, with those spellings,
    /// most common first. The Revised Romanization leaves surnames aside ("the romanization
    /// of family names will be determined separately", chapter 3, article 4, note), and most
    /// bearers keep the spellings of their passports: Kim, not Gim; Lee or Yi, not I; Park,
    /// not Bak. The list covers the commonest surnames; one spelled the same both ways
    /// (한 Han, 송 Song, 홍 Hong, 차 Cha) needs no entry.
    static let surnameSpellings: [Character: [String]] = [
        "김": ["kim"], "이": ["lee", "yi", "rhee"], "박": ["park", "pak"], "최": ["choi"],
        "정": ["jung", "chung"], "강": ["kang"], "조": ["cho"], "윤": ["yoon"], "장": ["chang"],
        "임": ["lim"], "오": ["oh"], "서": ["suh"], "신": ["shin"], "권": ["kwon"], "안": ["ahn"],
        "류": ["yoo", "ryoo"], "유": ["yoo"], "전": ["chun", "jun"], "고": ["ko"], "문": ["moon"],
        "손": ["sohn"], "백": ["paik", "baik"], "허": ["huh"], "노": ["noh", "roh"],
        "심": ["shim"], "곽": ["kwak"], "성": ["sung"], "주": ["joo"], "우": ["woo"],
        "구": ["koo"], "진": ["chin"], "엄": ["um"], "변": ["byun"], "천": ["chun"], "현": ["hyun"],
        "공": ["kong"], "석": ["suk"], "선": ["sun"], "설": ["sul"], "길": ["kil"], "기": ["ki"], "경": ["kyung"],
    ]
}
