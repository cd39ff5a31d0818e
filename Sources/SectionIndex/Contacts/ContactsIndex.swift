import Collation

/// The index a contacts list needs: every script in the list gets its own natural sections,
/// names with a reading go where the reading says, and digits, symbols and emoji go to `#`
/// at the end. The rules are in <doc:ContactsStyle>.
///
/// ```swift
/// let index = try ContactsIndex(locale: "ja")
/// index.label(for: "田中", reading: "たなか")   // "た"
/// index.label(for: "Smith")                    // "S": Latin gets an A–Z group after the kana
/// index.label(for: "42 Street")                // "#"
///
/// struct Contact { var name: String; var reading: String? }
/// let sections = index.sections(of: contacts, name: \.name, reading: \.reading)
/// sections.map(\.label)                        // ["あ", "た", …, "S", "#"]
/// ```
///
/// The index is immutable and `Sendable`: build it once per locale and share it.
public struct ContactsIndex: Sendable {
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
        /// By the name's reading: kana for Japanese (no reading: `#`), Hangul for Korean.
        case reading
        /// Not placed: `#`.
        case none
    }

    /// Whether Chinese names are read as personal names (surname readings) or plain text.
    ///
    /// A surname can read differently from the same character in a word: 曾 is Zēng as a
    /// surname and céng elsewhere.
    ///
    /// ```swift
    /// try ContactsIndex(locale: "zh").label(for: "曾志伟")                               // "Z"
    /// try ContactsIndex(locale: "zh", options: .init(names: .plain)).label(for: "曾志伟") // "C"
    /// ```
    public enum NamePolicy: String, Sendable, Hashable, CaseIterable, Codable {
        case personal, plain
    }

    /// Whether scripts outside the primary and additional locales get groups of their own.
    ///
    /// ```swift
    /// try ContactsIndex(locale: "en").label(for: "Иван")                                 // "И"
    /// try ContactsIndex(locale: "en", options: .init(scripts: .none)).label(for: "Иван") // "#"
    /// ```
    public enum ScriptPolicy: String, Sendable, Hashable, CaseIterable, Codable {
        case auto, none
    }

    /// What an index shows besides the primary locale's labels, and how it places names.
    ///
    /// ```swift
    /// let options = ContactsIndex.Options(additionalLocales: ["ru"], overflowLabel: "…")
    /// let index = try ContactsIndex(locale: "en", options: options)
    /// index.labels        // ["A", …, "Z", "А", …, "Я", "…"]
    /// index.label(for: "Ёлка")   // "Е": Russian files Ё with Е
    /// ```
    public struct Options: Hashable, Sendable {
        /// Locales whose groups follow the primary locale's, in this order.
        public var additionalLocales: [String]
        /// How Han names are placed; nil: as the primary locale's users expect.
        public var han: HanPolicy?
        public var names: NamePolicy
        public var scripts: ScriptPolicy
        /// The text of the last section.
        public var overflowLabel: String

        public init(additionalLocales: [String] = [], han: HanPolicy? = nil, names: NamePolicy = .personal,
                    scripts: ScriptPolicy = .auto, overflowLabel: String = "#") {
            self.additionalLocales = additionalLocales
            self.han = han
            self.names = names
            self.scripts = scripts
            self.overflowLabel = overflowLabel
        }
    }

    /// The primary locale.
    public let locale: LocaleIdentifier
    public let options: Options
    /// The Han policy in force (``Options/han`` or the locale's default).
    public let hanPolicy: HanPolicy
    /// Orders the `#` section: the primary locale's collator, numeric ordering on.
    let primaryCollator: Collator
    /// The primary locale's group and the additional locales' groups, each claiming scripts
    /// no earlier group claims.
    let fixedGroups: [ContactsGroup]
    /// What happens to a key whose first character is Han.
    let hanHandling: HanHandling

    /// Builds the index for a primary locale.
    ///
    /// - Throws: ``IndexError`` for an ill-formed locale or an ICU failure.
    public init(locale text: String, options: Options = Options(), strict: Bool = false) throws(IndexError) {
        let collator: Collator
        do {
            collator = try Collator(locale: text, options: Collator.Options(), strict: strict)
        } catch {
            throw .collation(error)
        }
        locale = collator.locale
        self.options = options
        primaryCollator = collator
        let primary = try ContactsGroup.shared(localeID: collator.locale.icuID)
        let localeHan: HanPolicy?
        do { localeHan = try ContactsIndex.hanCollation(of: primary) } catch { throw .collation(.icu(error)) }
        var additional: [LocaleIdentifier] = []
        for other in options.additionalLocales {
            do { additional.append(try LocaleIdentifier(other)) } catch { throw .collation(error) }
            if strict, additional.last?.hasICUData == false { throw .collation(.unsupportedLocale(other)) }
        }
        // A Chinese additional locale brings its Han placement when the primary has none
        // (ICU's addLabels cannot: Chinese labels come from its collation, not exemplars).
        hanPolicy = options.han ?? ([collator.locale] + additional).lazy
            .map(ContactsIndex.defaultHanPolicy(for:)).first { $0 != .none } ?? .none

        var groups = [primary]
        var claimed = primary.scripts
        for id in additional {
            let group = try ContactsGroup.shared(localeID: id.icuID)
            let new = group.scripts.subtracting(claimed)
            guard !new.isEmpty else { continue }
            groups.append(group.claiming(new))
            claimed.formUnion(new)
        }

        switch hanPolicy {
        case .pinyin where options.names == .personal:
            hanHandling = .romanize(HanRomanizer.shared(personalNames: true))
        case .pinyin where localeHan == .pinyin:
            hanHandling = .claimedBy(localeID: primary.localeID)
        case .pinyin:
            hanHandling = .romanize(HanRomanizer.shared(personalNames: false))
        case .stroke, .zhuyin, .reading:
            if localeHan == hanPolicy {
                hanHandling = .claimedBy(localeID: primary.localeID)
            } else if hanPolicy == .stroke {
                hanHandling = .extraGroup(localeID: "zh_Hant")
            } else if hanPolicy == .zhuyin {
                hanHandling = .extraGroup(localeID: "zh@collation=zhuyin")
            } else {
                hanHandling = .overflow
            }
        case .none:
            hanHandling = .overflow
        }
        if case .claimedBy = hanHandling {
            groups[0] = groups[0].claiming(groups[0].scripts.union([Script.han]))
        }
        fixedGroups = groups
    }

    /// The Han policy a locale's users expect: pinyin for Simplified Chinese, stroke counts
    /// for Traditional, the reading for Japanese and Korean, none elsewhere. A collation type
    /// in the locale (`zh-u-co-zhuyin`) decides for Chinese.
    public static func defaultHanPolicy(for locale: LocaleIdentifier) -> HanPolicy {
        switch locale.language {
        case "zh":
            switch locale.collation {
            case "stroke": return .stroke
            case "zhuyin": return .zhuyin
            case "pinyin": return .pinyin
            default: break
            }
            let maximized = locale.maximized
            if maximized.script == "Hant" || ["TW", "HK", "MO"].contains(locale.region) { return .stroke }
            return .pinyin
        case "ja", "ko":
            return .reading
        default:
            return .none
        }
    }

    /// Which Han placement a group's own collation gives.
    static func hanCollation(of group: ContactsGroup) throws(ICUError) -> HanPolicy? {
        let language = ICU.language(of: group.localeID)
        if language == "ko" { return .reading }
        guard language == "zh" else { return nil }
        let actual = try group.index.collator.handle.actualLocaleID()
        if actual.contains("stroke") { return .stroke }
        if actual.contains("zhuyin") { return .zhuyin }
        if actual.contains("unihan") { return nil }
        return .pinyin
    }
}

/// What a Han-initial key becomes.
enum HanHandling: Sendable {
    /// Romanised to pinyin and placed as Latin.
    case romanize(HanRomanizer)
    /// Claimed by the primary group, whose collation places Han itself.
    case claimedBy(localeID: String)
    /// Placed by a group added for Han (stroke or zhuyin under another primary locale).
    case extraGroup(localeID: String)
    /// Sent to `#`.
    case overflow
}
