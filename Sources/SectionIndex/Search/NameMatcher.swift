import Collation
import Synchronization

/// Finds names the way their language reads them: at primary strength of the locale's
/// collation, by the start of any word (or anywhere), and through Latin spellings of names
/// written in other scripts.
///
/// The rules:
/// - **Collation decides what is equal**: the locale's collation at primary strength, so case,
///   width (ＡＢＣ = ABC, ﾀﾅｶ = タナカ), kana (たなか = タナカ) and the accents the language
///   treats as accents do not count, while letters the language treats as its own do
///   (Swedish "asa" does not find "Åsa", German "uber" finds "Über", Turkish "i" does not find
///   "I", which is the capital of "ı"), and expansions work ("ss" finds "ß", "ae" finds "Æ"
///   where Æ is not a letter of its own). White space and punctuation do not count.
/// - **Words**: a word begins after white space or punctuation, and at every Han character
///   and Hangul syllable. In ``Mode/prefix`` a query matches from the start of any word of
///   the name, of its reading or of a Latin spelling, and may run on into the next words
///   ("tanakaka" finds "Tanaka Kazuya"); in ``Mode/substring`` anywhere. Words of the query
///   (split at white space) must each match, in any order.
/// - **A letter being typed**: when the query ends in the first letters of a contraction, the
///   contraction matches too, so typing Czech "c" on the way to "ch" keeps "Chalupa".
/// - **Latin spellings** (made once per name when a list is prepared): pinyin, by syllable
///   and as initials, for Han ("zhang", "wei", "zw" find 张伟; surnames read as surnames);
///   romaji for kana, as typed (tarou) and as passports write it (taro); for Hangul the
///   Revised Romanization by syllable ("minjun" finds 김민준), ICU's transliteration, the usual
///   surname spellings (Kim, Lee, Park) and the initial consonants (ㄱㅁㅈ); for Cyrillic
///   BGN/PCGN ("shcherbakov", "yuliya") and ISO 9; for Greek UNGEGN ("dimitris").
///
/// ```swift
/// let swedish = try NameMatcher(locale: "sv")
/// swedish.matches(name: "Åsa Nilsson", query: "nils")      // true: start of a word
/// swedish.matches(name: "Åsa Nilsson", query: "asa")       // false: Å is a letter of its own
///
/// let japanese = try NameMatcher(locale: "ja")
/// japanese.matches(name: "田中 一郎", reading: "たなか いちろう", query: "タナ")     // true: kana
/// japanese.matches(name: "田中 一郎", reading: "たなか いちろう", query: "ichiro") // true: romaji
///
/// let chinese = try NameMatcher(locale: "zh")
/// chinese.matches(name: "张伟", query: "zw")                 // true: pinyin initials
///
/// struct Contact { var name: String; var reading: String? }
/// let list = japanese.prepare(contacts, name: \.name, reading: \.reading)   // once
/// for match in list.search("tanaka") {                                       // per keystroke
///     print(match.label, match.element.name)                                 // "た 田中 一郎"
/// }
/// ```
///
/// A matcher is immutable and `Sendable`; build it once per locale and options. Matching a
/// single name (``matches(name:reading:query:mode:)``) romanises it on the spot; to search a
/// list, ``prepare(_:name:reading:)-(_,KeyPath<C.Element,String>,_)`` it once and query the ``SearchList``.
public struct NameMatcher: Sendable {
    /// Where in a name a query may match.
    public enum Mode: String, Sendable, Hashable, CaseIterable, Codable {
        /// The query begins a word of the name, of its reading, or of a Latin spelling of
        /// either ("kaz" finds "Tanaka Kazuya"), as a contacts search does.
        case prefix
        /// The query occurs anywhere ("aka" finds "Tanaka").
        case substring
    }

    /// The locale whose collation decides what matches.
    public let locale: LocaleIdentifier
    /// The primary-strength collator whose weights are compared (numeric ordering off, so
    /// that "12" begins "123").
    let collator: Collator
    /// The index whose order and sections results follow.
    let index: any NameIndex
    let romanizer: SearchRomanizer
    /// The collator's contractions of two or more code points, by their first code point.
    let contractions: [Unicode.Scalar: [String]]
    let weighers: WeigherPool

    /// A matcher for a locale and the options of its contacts index: results come in that
    /// index's order, and Han names are romanised as its Han and name policies say.
    ///
    /// - Throws: ``IndexError`` for an ill-formed locale or an ICU failure.
    public init(locale: String, options: ContactsIndex.Options = ContactsIndex.Options(),
                strict: Bool = false) throws(IndexError) {
        try self.init(index: ContactsIndex(locale: locale, options: options, strict: strict))
    }

    /// A matcher whose results follow an index of either style. Han names are found by
    /// pinyin unless the index places them by their reading (Japanese, Korean), where a
    /// Chinese reading would find nothing the user types; surnames are read as surnames with
    /// ``ContactsIndex/NamePolicy/personal``.
    public init(index: any NameIndex) throws(IndexError) {
        try self.init(locale: index.collator.locale, index: index,
                      pinyin: index.hanPolicy.searchPinyin(names: index.namePolicy))
    }

    private init(locale: LocaleIdentifier, index: any NameIndex, pinyin: PinyinRomanizer?) throws(IndexError) {
        self.locale = locale
        self.index = index
        romanizer = SearchRomanizer(pinyin: pinyin)
        let collator: Collator
        do {
            collator = try Collator(locale: locale, options: Collator.Options(strength: .primary, numeric: false))
        } catch {
            throw .collation(error)
        }
        self.collator = collator
        do {
            weighers = try WeigherPool(collator: collator.handle)
            var byFirst: [Unicode.Scalar: [String]] = [:]
            for contraction in try collator.handle.allContractions() {
                guard let first = contraction.unicodeScalars.first else { continue }
                byFirst[first, default: []].append(contraction)
            }
            contractions = byFirst
        } catch {
            throw .collation(.icu(error))
        }
    }

    /// Whether a name matches a query.
    ///
    /// ```swift
    /// let german = try NameMatcher(locale: "de")
    /// german.matches(name: "Jürgen Groß", query: "gross")                  // true: ß is ss
    /// german.matches(name: "Jürgen Groß", query: "jur gro")                // true: each word
    /// german.matches(name: "Jürgen Groß", query: "rgen", mode: .substring) // true
    /// ```
    ///
    /// - Parameters:
    ///   - name: the display name.
    ///   - reading: its reading (kana for a Japanese name in kanji), or nil.
    ///   - query: what the user typed. Words separated by white space must each match
    ///     (in any order); a word of only punctuation and symbols (`#`, `+`, `.`, `&`) matches
    ///     a name or reading that contains it as written, in either mode; an empty query, or
    ///     one of only white space, matches every name.
    ///   - mode: ``Mode/prefix`` (the default) or ``Mode/substring``.
    /// - Returns: true when every word of the query matches.
    /// - Complexity: romanises the name; prepare a ``SearchList`` to search many names.
    public func matches(name: String, reading: String? = nil, query: String, mode: Mode = .prefix) -> Bool {
        weighers.withWeigher { weigher in
            let plan = plan(query, weigher: weigher)
            if plan.matchesEverything { return true }
            var table = WeightTable()
            table.append(rank: 0, texts: searchTexts(name: name, reading: reading, memo: SpellingMemo()), weigher: weigher)
            return plan.tokens.allSatisfy { alternatives in
                alternatives.contains { table.containsMatch(of: $0, mode: mode) }
            } && plan.literalsOccur(inName: name, reading: reading)
        }
    }

    /// The texts an entry is found by: its name, its reading, and the Latin spellings of both.
    func searchTexts(name: String, reading: String?, memo: SpellingMemo) -> [String] {
        var texts = [name]
        texts += romanizer.spellings(of: name, memo: memo)
        if let reading, !reading.isEmpty {
            texts.append(reading)
            texts += romanizer.spellings(of: reading, memo: memo)
        }
        return texts
    }
}

/// Idle search weighers of one collator, lent to one caller at a time.
final class WeigherPool: Sendable {
    private let weighers: LendingPool<Int, ICU.SearchWeigher>

    init(collator: ICU.CollatorHandle) throws(ICUError) {
        weighers = LendingPool { _ in try? ICU.SearchWeigher(collator: collator) }
        // Opening one now reports an ICU failure at construction rather than at first use.
        weighers.giveBack(try ICU.SearchWeigher(collator: collator), for: 0)
    }

    func withWeigher<R>(_ body: (ICU.SearchWeigher) -> R) -> R {
        weighers.withResource(for: 0) { weigher in
            // Opening fails only when ICU cannot allocate memory, which is as fatal here as a
            // failed Swift allocation.
            guard let weigher else { preconditionFailure("ICU could not open a collation element iterator") }
            return body(weigher)
        }
    }
}
