import Collation
import Synchronization

/// The one pinyin romanizer: Han names to pinyin with ICU's transliterators, the surname read
/// as a surname when asked (``ChineseSurnames``): 曾志伟 → "zēngzhìwěi", not "céngzhìwěi".
///
/// Placement and search both use it, with one surname table and one length cap, through the
/// package's one transliterator pool (``Transliteration``):
/// - ``key(of:)`` is a sort and placement key: syllables run together, so that names order
///   letter by letter, the way Chinese phone books order pinyin.
/// - ``syllables(of:atStart:)`` gives the syllables apart, for search to find each one.
///
/// ```swift
/// let pinyin = PinyinRomanizer(personalNames: true)
/// pinyin.key(of: "曾志伟")                          // "zēngzhìwěi"
/// pinyin.syllables(of: "曾志伟", atStart: true)     // ["zēng", "zhì", "wěi"]
/// ```
struct PinyinRomanizer: Sendable, Hashable {
    /// Chinese names read as personal names: the surname by ``ChineseSurnames``.
    let personalNames: Bool

    /// At most this many characters (placement) or code points (search) of a text are
    /// romanised: far more than any name has, and ICU's transliterators take time quadratic
    /// in the length (a 10 MB line took hours). Longer names that share this prefix are
    /// ordered by the name itself.
    static let maximumLength = 256

    // MARK: - Surnames

    /// Surname → pinyin, compound and single, lowercased for keys.
    private static let compoundSurnames: [String: String] = Dictionary(
        ChineseSurnames.compound.map { ($0.surname, $0.pinyin.lowercased()) }, uniquingKeysWith: { first, _ in first })
    private static let singleSurnames: [String: String] = Dictionary(
        ChineseSurnames.single.map { ($0.surname, $0.pinyin.lowercased()) }, uniquingKeysWith: { first, _ in first })

    /// The surname reading of a name's first one or two characters, and the rest of the name.
    static func surname(of name: Substring) -> (pinyin: String, rest: Substring)? {
        let characters = name.prefix(2)
        if characters.count == 2, let pinyin = compoundSurnames[String(characters)] {
            return (pinyin, name.dropFirst(2))
        }
        if let first = name.first, let pinyin = singleSurnames[String(first)] {
            return (pinyin, name.dropFirst())
        }
        return nil
    }

    // MARK: - Placement

    /// The pinyin key of a Han-initial string: the surname's reading, then the rest read whole
    /// by `Han-Latin/Names` (personal names) or `Han-Latin`, without spaces.
    func key(of text: Substring) -> String {
        var head = ""
        var rest = text
        if personalNames, let surname = Self.surname(of: text) {
            head = surname.pinyin
            rest = surname.rest
        }
        guard !rest.isEmpty else { return head }
        let id = personalNames ? "Han-Latin/Names" : "Han-Latin"
        // Without ICU's transliteration data (a trimmed ICU build) the text stays as it is:
        // the name is then placed as Han text would be, never lost.
        let romanized = Transliteration.pool.withResource(for: id) { transliterator in
            transliterator?.transliterate(String(rest.prefix(Self.maximumLength)))
        }
        guard let romanized else { return head + rest }
        return head + romanized.filter { $0 != " " }
    }

    // MARK: - Search

    /// Pinyin syllables of a Han run: the surname's reading from ``ChineseSurnames`` when the
    /// run begins the name, the rest as ICU reads it, a character at a time.
    func syllables(of text: String, atStart: Bool) -> [String] {
        readings(of: text, atStart: atStart, polyphonic: false).map { $0[0] }
    }

    /// Every reading of each syllable of a Han run, ICU's first: a character of a personal
    /// name's given name with several readings (``PolyphonicReadings``) has them all (长 cháng, zhǎng),
    /// while a surname keeps its surname reading.
    func readings(of text: String, atStart: Bool, polyphonic: Bool = true) -> [[String]] {
        var syllables: [[String]] = []
        var rest = Substring(text)
        if personalNames, atStart, let surname = Self.surname(of: rest) {
            syllables = PinyinSyllables.split(surname.pinyin).map { [$0] }
            rest = surname.rest
        }
        var isFirst = syllables.isEmpty && atStart
        for character in rest {
            guard let scalar = character.unicodeScalars.first else { continue }
            let asSurname = isFirst && personalNames
            var syllable = ""
            for scalar in character.unicodeScalars { syllable += Self.pinyin(of: scalar, asSurname: asSurname) }
            if Script(of: scalar) == .han {
                var readings = [syllable]
                // Only a personal name's given name: plain names (a company, a place) are
                // read with the character's common reading, as they are placed.
                if polyphonic, personalNames, !asSurname, let others = PolyphonicReadings.readings[character] {
                    readings += others.filter { !$0.elementsEqual(syllable) }
                }
                syllables.append(readings)
            } else if !syllables.isEmpty {
                syllables[syllables.count - 1] = syllables[syllables.count - 1].map { $0 + syllable }
            } else {
                syllables.append([syllable])
            }
            isFirst = false
        }
        return syllables
    }

    /// ICU's pinyin of each Han character, by character and by whether it is read as a
    /// surname, made once per process (at most one entry per Han character and reading):
    /// ICU's Han-Latin takes 50 µs a name, and reads names character by character anyway
    /// (every Chinese name of the shared 200,000-name corpus gives the same syllables read
    /// whole with Han-Latin/Names as read one character at a time, the first with
    /// Han-Latin/Names and the rest with Han-Latin).
    private static let pinyinCache = Mutex<[UInt32: String]>([:])

    private static func pinyin(of scalar: Unicode.Scalar, asSurname: Bool) -> String {
        let key = scalar.value << 1 | (asSurname ? 1 : 0)
        if let known = pinyinCache.withLock({ $0[key] }) { return known }
        let syllable = Transliteration.transliterate(String(scalar), id: asSurname ? "Han-Latin/Names" : "Han-Latin")
        pinyinCache.withLock { $0[key] = syllable }
        return syllable
    }
}
