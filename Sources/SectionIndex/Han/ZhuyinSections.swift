import Collation
import Synchronization

// What a zhuyin group cannot place by its collation alone (issue 37, items 2 and 3).

/// Keys for the two kinds of names a zhuyin (bopomofo) group files by a Bopomofo letter its
/// collation does not give them:
///
/// - A name typed in Bopomofo (ㄅㄚ, ㄓㄤ): CLDR's zh zhuyin collation sorts the Bopomofo
///   letters after every Han character, so ICU's index files such a name in its overflow, and
///   an index that also had the script's own letters showed ㄅ twice.
/// - A Han name whose surname ``ChineseSurnames`` reads otherwise than the collation does:
///   曾國藩 is Zēng ㄗㄥ as a surname, but the collation files 曾 by céng under ㄘ; pinyin
///   placement reads the same table (``PinyinRomanizer``), so both policies agree (Z, ㄗ).
///
/// Either key starts with the bound of its section (the collation's own `U+FDD0` + letter
/// contraction, which sorts before every character of the section) followed by the name's
/// Bopomofo spelling, so the name goes to that section and sorts at its start, among such
/// names by their spelling: the collation has no place for a Bopomofo syllable among the Han
/// characters read with it. A surname the collation already files under its table reading's
/// letter (華 Huà, 朴 Piáo) keeps its Han key and its place among the section's names.
///
/// ```swift
/// let keys = ZhuyinSections.shared(for: group)
/// keys.key(of: "ㄅㄚ", personalNames: true)     // U+FDD0 "ㄅㄅㄚ": section ㄅ
/// keys.key(of: "曾國藩", personalNames: true)   // U+FDD0 "ㄗㄗㄥ國藩": section ㄗ
/// keys.key(of: "李明", personalNames: true)     // nil: the collation places it
/// ```
struct ZhuyinSections: Sendable {
    /// The 37 Bopomofo letters of Mandarin in their table's order, ㄅ (U+3105) … ㄩ (U+3129),
    /// which is also their code point order (ISO 7098:2015 annex; 《國語注音符號手冊》).
    static let letters: ClosedRange<UInt32> = 0x3105...0x3129

    /// A Bopomofo letter → the bound of the section it goes to: its own label, or for a letter
    /// that is no label (ㄝ, which starts no Han reading CLDR lists) the label before it.
    private let boundOfLetter: [Unicode.Scalar: String]
    /// Surnames (compound, then single) whose table reading's section differs from the
    /// collation's → bound + the surname's Bopomofo spelling.
    private let compound: [String: String]
    private let single: [Character: String]

    /// The keys for a zhuyin group: its labels and, for each surname of ``ChineseSurnames``,
    /// whether its collation files it elsewhere than its surname reading.
    private init(group: ContactsGroup) {
        func label(of text: String) -> Int? {
            group.ordering.handle.sortKey(text).withUnsafeBufferPointer { key in
                text.withUTF8Buffer { group.labelIndex(forSortKey: key, text: $0) }
            }
        }
        var boundOfLetter: [Unicode.Scalar: String] = [:]
        var current: String?
        for value in Self.letters {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let letter = String(scalar)
            // The collation's contraction for the letter's section, if the letter heads one.
            let bound = String(IndexCharacters.chineseLabelPrefix) + letter
            if let position = group.labels.firstIndex(of: letter), label(of: bound) == position { current = bound }
            if let current { boundOfLetter[scalar] = current }
        }
        self.boundOfLetter = boundOfLetter

        func rewritten(_ entries: [ChineseSurnames.Entry]) -> [String: String] {
            var keys: [String: String] = [:]
            for entry in entries {
                let spelling = PinyinSyllables.split(entry.pinyin.lowercased()).map { Zhuyin.spelling(ofPinyin: $0) ?? "" }.joined()
                guard let first = spelling.unicodeScalars.first, let bound = boundOfLetter[first],
                      let section = label(of: bound), label(of: entry.surname) != section else { continue }
                keys[entry.surname] = bound + spelling
            }
            return keys
        }
        compound = rewritten(ChineseSurnames.compound)
        single = Dictionary(rewritten(ChineseSurnames.single).map { (Character($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        compoundSurnames = Set(ChineseSurnames.compound.map(\.surname))
        surnameStarts = Set((compound.keys + single.keys.map(String.init)).compactMap(\.unicodeScalars.first))
    }

    /// Every compound surname of the table: one that the collation already places keeps the
    /// name's Han key, and its first character is not read as a single surname (单于 is not 单).
    private let compoundSurnames: Set<String>

    /// First characters of the surnames that may be rewritten: a Han name that starts with
    /// none of them costs one set look-up, not a string.
    private let surnameStarts: Set<Unicode.Scalar>

    /// Whether a name whose first character is `scalar` may get a key of its own.
    @inline(__always)
    func mayRewrite(startingWith scalar: Unicode.Scalar, personalNames: Bool) -> Bool {
        boundOfLetter[scalar] != nil || (personalNames && surnameStarts.contains(scalar))
    }

    /// The key of a name (after leading white space) whose first character is Bopomofo or Han;
    /// nil when the group's collation places it as it is.
    func key(of text: Substring, personalNames: Bool) -> String? {
        guard let first = text.unicodeScalars.first else { return nil }
        if let bound = boundOfLetter[first] { return bound + text }
        guard personalNames else { return nil }
        let two = String(text.prefix(2))
        if compoundSurnames.contains(two) {
            return compound[two].map { $0 + text.dropFirst(2) }
        }
        guard let character = text.first, let head = single[character] else { return nil }
        return head + text.dropFirst()
    }

    /// Built once per locale and labels (a group's labels and 130 surnames' sort keys); keyed
    /// by them, not by the group object, which each index copies to claim its scripts.
    private static let cache = Mutex<[String: ZhuyinSections]>([:])

    static func shared(for group: ContactsGroup) -> ZhuyinSections {
        let id = ([group.localeID] + group.labels).joined(separator: "\u{0}")
        if let known = cache.withLock({ $0[id] }) { return known }
        let made = ZhuyinSections(group: group)
        cache.withLock { $0[id] = made }
        return made
    }
}
