import Collation
import Synchronization

/// Finds names the way their language reads them: at primary strength of the locale's
/// collation, by the start of any word (or anywhere), and through Latin spellings of names
/// written in other scripts.
///
/// The rules:
/// - **Collation decides what is equal**: the locale's collation at primary strength, so case,
///   width (ＡＢＣ = ABC, ﾀﾅｶ = タナカ), kana (たなか = タナカ) and the accents the language
///   treats as accents do not count, while a letter typed with marks finds only what the
///   language counts as that letter (Swedish "åsa" does not find "Asa", German "über" finds
///   "Uber", Turkish "i" does not find "I", which is the capital of "ı"), and expansions work
///   ("ss" finds "ß", "ae" finds "Æ" where Æ is not a letter of its own). White space and
///   punctuation do not count.
/// - **Letters without marks**: a Latin letter typed without marks also finds it with marks
///   or a stroke, whatever the language counts as a letter ("nguyen" finds "Nguyễn" under
///   Vietnamese, "lukasz" "Łukasz", Swedish "asa" "Åsa" as well as "Asa"); Turkish i and ı
///   stay apart.
/// - **Words**: a word begins after white space, punctuation or a symbol ("anna" finds
///   "⭐Anna"), and at every Han character and Hangul syllable. In ``Mode/prefix`` a query matches from the start of any word of
///   the name, of its reading or of a Latin spelling, and may run on into the next words
///   ("tanakaka" finds "Tanaka Kazuya"); in ``Mode/substring`` anywhere. Words of the query
///   (split at white space) must each match, in any order.
/// - **A letter being typed**: when the query ends in the first letters of a contraction, the
///   contraction matches too, so typing Czech "c" on the way to "ch" keeps "Chalupa".
/// - **Initials**: of consecutive words, from any word ("js" finds "John Smith", "xw" 张小伟,
///   "ㅈㅅ" 박지성).
/// - **Spellings** (made once per name when a list is prepared): pinyin by syllable for Han,
///   every reading of a polyphonic given-name character ("changchun" finds 张长春; surnames
///   read as surnames), ü also as v, Simplified and Traditional forms, and zhuyin under
///   Traditional Chinese; romaji for kana in Hepburn, Kunrei and passport spellings ("sinji",
///   "satoh"); for Hangul the Revised Romanization by syllable ("minjun" finds 김민준), ICU's
///   transliteration, the usual surname spellings (Kim, Lee, Park) and the initial
///   consonants; for Cyrillic BGN/PCGN, ISO 9 and passport spellings, by Ukrainian rules under
///   `uk`; for Greek UNGEGN. A name with a kana reading is Japanese: its kanji are not read
///   as Chinese or Korean.
/// - **A Hangul syllable being typed**: its final consonant may begin the next syllable ("삭"
///   finds 사과).
/// - **Dial pad** (``Mode/t9``): digits stand for the letters on their keys.
///
/// The article <doc:Searching> gives every rule with examples.
///
/// ```swift
/// let swedish = try NameMatcher(locale: "sv")
/// swedish.matches(name: "Åsa Nilsson", query: "nils")      // true: start of a word
/// swedish.matches(name: "Åsa Nilsson", query: "asa")       // true: a without marks finds Å
/// swedish.matches(name: "Asa Nilsson", query: "åsa")       // false: Å is a letter of its own
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
        /// A query word of digits is typed on a phone's dial pad: each digit 2–9 stands for
        /// the letters on its key, matched from the start of any Latin word of the name or of
        /// its spellings, or of their initials ("5646" finds "John Smith", "94264" finds 张伟
        /// by zhang); other words match as in ``prefix``.
        case t9
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
    /// The collation gives Han characters the weights of their Hangul reading (Korean).
    let hanWeighsAsHangul: Bool
    /// The weights of the letters on each dial-pad key, for ``Mode/t9``.
    let dialPad: DialPad

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
        romanizer = SearchRomanizer(pinyin: pinyin,
                                    zhuyin: locale.language == "zh" && locale.maximized.script == "Hant",
                                    ukrainian: locale.language == "uk")
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
            // Korean collation sorts Hanja as their Hangul reading (司 = 사 at primary
            // strength), which a Japanese name's kanji must not be found by.
            hanWeighsAsHangul = weighers.withWeigher { $0.weights(of: "司") == $0.weights(of: "사") }
            dialPad = weighers.withWeigher { DialPad(weigher: $0, contractions: byFirst) }
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
    ///   - mode: ``Mode/prefix`` (the default), ``Mode/substring`` or ``Mode/t9``.
    /// - Returns: true when every word of the query matches.
    /// - Complexity: romanises the name; prepare a ``SearchList`` to search many names.
    public func matches(name: String, reading: String? = nil, query: String, mode: Mode = .prefix) -> Bool {
        weighers.withWeigher { weigher in
            let plan = plan(query, weigher: weigher, mode: mode)
            if plan.matchesEverything { return true }
            var table = WeightTable()
            appendEntry(name: name, reading: reading, rank: 0, to: &table, memo: SpellingMemo(), weigher: weigher)
            return plan.tokens.allSatisfy { alternatives in
                alternatives.contains { table.containsMatch(of: $0, mode: mode) }
            } && plan.dialPadWords.allSatisfy { table.containsDialPadMatch(of: $0, pad: dialPad) }
                && plan.literalsOccur(inName: name, reading: reading)
        }
    }

    /// The texts an entry is found by: its name, its reading, the Latin spellings of both,
    /// the initials of each, and each without marks (``NameForms``).
    ///
    /// A name with a kana reading is Japanese: its kanji are read by that reading only, not
    /// by their pinyin nor (where collation weighs Hanja as Hangul) by their Korean reading.
    func searchTexts(name: String, reading: String?, memo: SpellingMemo) -> [String] {
        NameForms.completed(spelledTexts(name: name, reading: reading, memo: memo))
    }

    /// The name, its reading and the Latin spellings of both: the texts whose initials and
    /// forms without marks ``NameForms`` adds.
    func spelledTexts(name: String, reading: String?, memo: SpellingMemo) -> [String] {
        let japanese = reading.map(SearchRomanizer.containsKana) ?? false
        let (texts, initials) = nameTexts(name: name, japanese: japanese, memo: memo)
        return texts + (initials.map { [$0] } ?? []) + (reading.map { readingTexts(reading: $0, memo: memo) } ?? [])
    }

    /// The name (without its Han where it is Japanese and collation would weigh Han as
    /// Hangul) and its spellings, and apart the initial consonants of its Hangul: a name that
    /// goes on with a space and a word of ASCII has the same texts, each but the initials
    /// followed by that space and word (``SearchRomanizer/spellingParts(of:memo:readsHan:)``).
    func nameTexts(name: String, japanese: Bool, memo: SpellingMemo) -> (texts: [String], initials: String?) {
        let (spellings, initials) = romanizer.spellingParts(of: name, memo: memo, readsHan: !japanese)
        return ([japanese && hanWeighsAsHangul ? SearchRomanizer.withoutHan(name) : name] + spellings, initials)
    }

    /// A reading and its spellings; none for an empty reading.
    func readingTexts(reading: String, memo: SpellingMemo) -> [String] {
        reading.isEmpty ? [] : [reading] + romanizer.spellings(of: reading, memo: memo)
    }

    /// Appends one entry's searchable forms to a table: what both a prepared list and a
    /// search of one name at a time weigh for each entry.
    func appendEntry(name: String, reading: String?, rank: UInt32, to table: inout WeightTable,
                     memo: SpellingMemo, weigher: ICU.SearchWeigher) {
        table.append(rank: rank, texts: searchTexts(name: name, reading: reading, memo: memo), weigher: weigher)
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
