import Collation

// Han in one place: the policy, its default per locale, and what it resolves to for placement
// (a collation, a romanisation or `#`) and for search (pinyin or none). A new Han policy is a
// case here plus its lines in `handling(names:primary:)` and `searchPinyin(names:)`.

extension ContactsIndex {
    /// How Han (Chinese character) names are placed.
    ///
    /// ```swift
    /// try ContactsIndex(locale: "zh").label(for: "王小明")                          // "W"
    /// try ContactsIndex(locale: "zh-Hant").label(for: "王小明")                     // "4劃"
    /// try ContactsIndex(locale: "en").label(for: "王小明")                          // "#"
    /// try ContactsIndex(locale: "en", options: .init(han: .pinyin)).label(for: "王小明") // "W"
    /// ```
    public enum HanPolicy: String, Sendable, Hashable, CaseIterable, Codable {
        /// By the pinyin of the name, in the Latin A–Z sections (Chinese phone books).
        case pinyin
        /// By the stroke count of the first character (Taiwan, Hong Kong).
        case stroke
        /// By the zhuyin (bopomofo) initial of the first character.
        case zhuyin
        /// By the name's reading: kana for Japanese (no reading: 他, see ``ContactsIndex/UnreadKanjiPolicy``), Hangul for Korean.
        case reading
        /// Not placed: `#`.
        case none
    }

    /// The Han policy a locale's users expect: pinyin for Simplified Chinese, stroke counts
    /// for Traditional (and Cantonese), the reading for Japanese and Korean, none elsewhere. A collation type
    /// in the locale (`zh-u-co-zhuyin`) decides for Chinese.
    ///
    /// ```swift
    /// ContactsIndex.defaultHanPolicy(for: try LocaleIdentifier("zh-TW"))   // .stroke
    /// ```
    public static func defaultHanPolicy(for locale: LocaleIdentifier) -> HanPolicy {
        HanPolicy(defaultFor: locale)
    }
}

extension ContactsIndex.HanPolicy {
    /// The policy a locale's users expect (``ContactsIndex/defaultHanPolicy(for:)``).
    init(defaultFor locale: LocaleIdentifier) {
        switch locale.language {
        // Cantonese is written in Chinese characters: Traditional (yue, yue-HK) by strokes as
        // in Hong Kong, Simplified (yue-Hans) by pinyin, as for zh (issue 16, case 5).
        case "zh", "yue":
            switch locale.collation {
            case "stroke": self = .stroke; return
            case "zhuyin": self = .zhuyin; return
            case "pinyin": self = .pinyin; return
            default: break
            }
            let maximized = locale.maximized
            self = maximized.script == "Hant" || ["TW", "HK", "MO"].contains(locale.region) ? .stroke : .pinyin
        case "ja", "ko":
            self = .reading
        default:
            self = .none
        }
    }

    /// The policy of an index over several locales: the first that places Han at all. A
    /// Chinese additional locale brings its Han placement when the primary has none (ICU's
    /// addLabels cannot: Chinese labels come from its collation, not exemplars).
    init(defaultFor locales: [LocaleIdentifier]) {
        self = locales.lazy.map(Self.init(defaultFor:)).first { $0 != .none } ?? .none
    }

    /// The locale of the group added for Han when the primary locale's collation does not
    /// place Han this way: Traditional Chinese for strokes, zhuyin collation for zhuyin.
    var extraGroupLocaleID: String? {
        switch self {
        case .stroke: "zh_Hant"
        case .zhuyin: "zh@collation=zhuyin"
        case .pinyin, .reading, .none: nil
        }
    }

    /// Which Han placement a group's own collation gives; nil when it places Han by no policy
    /// (root's code-point order, Chinese `unihan`).
    static func collation(of group: ContactsGroup) throws(ICUError) -> Self? {
        let language = ICU.language(of: group.localeID)
        if language == "ko" { return .reading }
        // Cantonese collation is Chinese collation (yue: strokes, yue-Hans: pinyin).
        guard language == "zh" || language == "yue" else { return nil }
        let actual = try group.index.collator.handle.actualLocaleID()
        if actual.contains("stroke") { return .stroke }
        if actual.contains("zhuyin") { return .zhuyin }
        if actual.contains("unihan") { return nil }
        return .pinyin
    }

    /// What a Han-initial key becomes under this policy, in an index whose primary group is
    /// `primary`: the primary's own collation when it places Han this way (and, for pinyin,
    /// no surname readings are wanted), else a romanisation, an added group or `#`.
    func handling(names: ContactsIndex.NamePolicy, primary: ContactsGroup) throws(ICUError) -> HanHandling {
        let localeHan = try Self.collation(of: primary)
        switch self {
        case .pinyin where names == .personal:
            return .romanize(PinyinRomanizer(personalNames: true))
        case .pinyin where localeHan == .pinyin:
            return .claimedBy(localeID: primary.localeID)
        case .pinyin:
            return .romanize(PinyinRomanizer(personalNames: false))
        case .stroke, .zhuyin, .reading:
            if localeHan == self { return .claimedBy(localeID: primary.localeID) }
            if let localeID = extraGroupLocaleID { return .extraGroup(localeID: localeID) }
            return .overflow
        case .none:
            return .overflow
        }
    }

    /// How search reads Han under this policy: as pinyin, unless names are placed by their
    /// reading (Japanese, Korean), where a Chinese reading would find nothing the user types.
    func searchPinyin(names: ContactsIndex.NamePolicy) -> PinyinRomanizer? {
        self == .reading ? nil : PinyinRomanizer(personalNames: names == .personal)
    }
}

/// What a Han-initial key becomes (``ContactsIndex/HanPolicy/handling(names:primary:)``).
enum HanHandling: Sendable {
    /// Romanised to pinyin and placed as Latin.
    case romanize(PinyinRomanizer)
    /// Claimed by the primary group, whose collation places Han itself.
    case claimedBy(localeID: String)
    /// Placed by a group added for Han (stroke or zhuyin under another primary locale).
    case extraGroup(localeID: String)
    /// Sent to `#`.
    case overflow

    /// The locale whose Latin group romanised Han goes to when the index has none of its own.
    static let latinGroupLocaleID = "en"

    /// Whether Han keys are rewritten to romanisations.
    var romanizes: Bool {
        if case .romanize = self { true } else { false }
    }

    /// Whether the group that claims Han is a locale of this language.
    func isClaimed(byLanguage language: String) -> Bool {
        if case .claimedBy(let localeID) = self { ICU.language(of: localeID) == language } else { false }
    }
}
