// Korean surname readings of Hanja for contacts-style grouping of personal names (issue 16,
// case 6).

/// Hangul readings of Hanja surnames that differ from the reading ICU's Korean collation
/// files the character under, so that a Korean personal name written in Hanja lands in the
/// section its bearer expects: 李 under ㅇ (이, not 리), 盧 under ㄴ (노, not 로), 沈 under ㅅ
/// (심, not 침).
///
/// ## How the table is meant to be used
/// With personal-name readings on (`--names personal`, the default in contacts style) and an
/// index whose Korean group places Han, the first character of a Han name is looked up in
/// ``entries``; when it is there, the name is placed and ordered by that Hangul reading
/// followed by the rest of the name. `--names plain` keeps the reading ICU's collation gives
/// (the dictionary reading). A family that keeps another reading supplies it as the name's
/// reading (`NAME | READING`).
///
/// ## Why the readings differ from ICU's
/// - **The initial-sound rule (두음 법칙).** A Sino-Korean syllable that starts with ㄹ is
///   written with ㄴ or ㅇ at the start of a word, and one that starts with ㄴ before ㅣ or a
///   y-vowel is written with ㅇ (한글 맞춤법 제10–12항). Surnames are words of their own and
///   follow the rule: 李 리 → 이, 林 림 → 임, 柳 류 → 유, 盧 로 → 노, 羅 라 → 나. ICU's `ko`
///   collation tailors each Hanja after its dictionary reading (&리<<李), so every such
///   surname falls under ㄹ, where no South Korean phone book puts it. Since 2007 the courts
///   let a family register the original sound (류, 라, 리); such names are written in Hangul
///   or given a reading, and `--names plain` files the Hanja by the dictionary reading.
/// - **A second reading used for the surname.** 沈 is 침 as a word ("to sink") and 심 as a
///   surname (청송 심씨); ICU's collation files it under 침.
///
/// ## Sources
/// Each entry names its ``Source``. Characters that are surnames but whose surname reading
/// is the reading ICU already gives (金 김, 朴 박, 崔 최, 車 차, 葉 엽) are left out: the table
/// only corrects. 單 (단 or 선) and 年 (연 or 년) are left out because no source at hand
/// settles one surname reading for them.
enum KoreanSurnames {
    /// The work that gives an entry's reading. Each raw value is a full citation.
    enum Source: String, Sendable {
        /// The initial-sound rule, which surnames follow.
        case initialSoundRule = "한글 맞춤법 제10항–제12항 (두음 법칙), 문교부 고시 제88-1호 (1988), 국립국어원"
        /// The standard dictionary's entry for the character as a surname ("성(姓)의 하나").
        case standardDictionary = "《표준국어대사전》, 국립국어원"
    }

    /// One surname: the Hanja, the Hangul reading used for the surname, the reading ICU's `ko`
    /// collation files it under (for the record), and the source of the surname reading.
    struct Entry: Sendable {
        let hanja: Character
        let reading: String
        let collationReading: String
        let source: Source
    }

    /// Surnames whose Hangul surname reading is not the one ICU 72's `ko` collation gives;
    /// each is a surname of Statistics Korea's census count of surnames (통계청
    /// 「인구주택총조사」 성씨·본관).
    static let entries: [Entry] = [
        Entry(hanja: "李", reading: "이", collationReading: "리", source: .initialSoundRule),
        Entry(hanja: "林", reading: "임", collationReading: "림", source: .initialSoundRule),
        Entry(hanja: "柳", reading: "유", collationReading: "류", source: .initialSoundRule),
        Entry(hanja: "劉", reading: "유", collationReading: "류", source: .initialSoundRule),
        Entry(hanja: "盧", reading: "노", collationReading: "로", source: .initialSoundRule),
        Entry(hanja: "魯", reading: "노", collationReading: "로", source: .initialSoundRule),
        Entry(hanja: "路", reading: "노", collationReading: "로", source: .initialSoundRule),
        Entry(hanja: "羅", reading: "나", collationReading: "라", source: .initialSoundRule),
        Entry(hanja: "梁", reading: "양", collationReading: "량", source: .initialSoundRule),
        Entry(hanja: "呂", reading: "여", collationReading: "려", source: .initialSoundRule),
        Entry(hanja: "廉", reading: "염", collationReading: "렴", source: .initialSoundRule),
        Entry(hanja: "龍", reading: "용", collationReading: "룡", source: .initialSoundRule),
        Entry(hanja: "陸", reading: "육", collationReading: "륙", source: .initialSoundRule),
        Entry(hanja: "雷", reading: "뇌", collationReading: "뢰", source: .initialSoundRule),
        Entry(hanja: "連", reading: "연", collationReading: "련", source: .initialSoundRule),
        // 沈: 침 "to sink"; 심 as the surname (청송 심씨).
        Entry(hanja: "沈", reading: "심", collationReading: "침", source: .standardDictionary),
    ]

    private static let readingOfHanja: [Character: String] = Dictionary(
        entries.map { ($0.hanja, $0.reading) }, uniquingKeysWith: { first, _ in first })

    /// The surname reading of a character, or nil when it is not in the table.
    static func reading(of hanja: Character) -> String? { readingOfHanja[hanja] }

    /// The name with its first character replaced by its surname reading, or nil when the
    /// first character is not in the table.
    ///
    /// ```swift
    /// KoreanSurnames.key(of: "李舜臣")   // "이舜臣"
    /// KoreanSurnames.key(of: "金九")     // nil: ICU's collation already reads 金 as 김
    /// ```
    static func key(of name: Substring) -> String? {
        guard let first = name.first, let reading = readingOfHanja[first] else { return nil }
        return reading + name.dropFirst()
    }
}
