import Collation

/// The settings of an index, typed: which style, which locales, and how names are placed.
/// The command line (`--han pinyin`) and fixture headers (`han: pinyin`) spell them the same
/// way and read them through one validator, so a header means exactly what the option means.
///
/// ```swift
/// var settings = IndexSettings(locale: "sv")
/// settings.also = ["ru", "el"]
/// let index = try settings.makeIndex()
/// index.label(for: "Åsa", reading: nil)   // "Å"
/// ```
public struct IndexSettings: Hashable, Sendable {
    /// Which index the settings build: ``ContactsIndex`` (`contacts`, the default) or
    /// ``AlphabeticIndex`` (`icu`, exactly ICU's).
    ///
    /// ```swift
    /// IndexSettings(locale: "sv", style: .icu).style   // .icu
    /// ```
    public enum Style: String, Sendable, Hashable, CaseIterable { case contacts, icu }

    public var style: Style
    public var locale: String
    public var also: [String] = []
    /// Labels added to the primary locale's (`--labels "Sch St"`), in both styles; see
    /// ``AlphabeticIndex/Configuration/customLabels(_:)``.
    public var labels: [String] = []
    public var han: ContactsIndex.HanPolicy?
    public var names: ContactsIndex.NamePolicy = .personal
    public var scripts: ContactsIndex.ScriptPolicy = .auto
    public var unreadKanji: ContactsIndex.UnreadKanjiPolicy = .other
    public var overflow: String?
    public var underflow: String?
    public var inflow: String?
    public var maximumLabelCount: Int?
    public var strict = false

    public init(locale: String, style: Style = .contacts) {
        self.locale = locale
        self.style = style
    }

    /// Builds the index these settings describe.
    ///
    /// - Throws: ``IndexError`` for an ill-formed or (with ``strict``) unsupported locale, or
    ///   an ICU failure.
    public func makeIndex() throws(IndexError) -> any NameIndex {
        switch style {
        case .icu:
            if strict {
                do {
                    _ = try Collator(locale: locale, strict: true)
                    for requested in also { try LocaleIdentifier(requested).checkCollation(strict: true) }
                } catch { throw .collation(error) }
            }
            let configuration = AlphabeticIndex.Configuration(
                locale: locale, additionalLocales: also, additionalLabels: AlphabeticIndex.Configuration.customLabels(labels),
                underflowLabel: underflow ?? "…",
                inflowLabel: inflow ?? "…", overflowLabel: overflow ?? "…",
                maximumLabelCount: maximumLabelCount ?? 99)
            return try AlphabeticIndex(configuration)
        case .contacts:
            let options = ContactsIndex.Options(additionalLocales: also, han: han, names: names,
                                                scripts: scripts, overflowLabel: overflow ?? "#", unreadKanji: unreadKanji,
                                                labels: labels)
            return try ContactsIndex(locale: locale, options: options, strict: strict)
        }
    }
}

extension IndexSettings {
    /// Every setting an index takes, in the order help lists them; `locale` first.
    package static var settings: [Setting<IndexSettings>] {
        [
            .value("locale", "ID", help: "BCP 47 tag or ICU id") { $0.locale = $1 },
            .choice("style", Style.self, help: "contacts (default) or icu (exactly ICU's AlphabeticIndex)") { $0.style = $1 },
            .value("also", "L2,L3", help: "more locales whose labels join the index") { settings, value in
                settings.also = value.split(separator: ",").map { String($0).trimmingSpaces }
            },
            .value("labels", "\"A B Sch\"", help: "labels added to the locale's, separated by spaces (a phone book's Sch and St)") {
                (settings: inout IndexSettings, value: String) throws(SettingsError.Problem) in
                let labels = value.split(separator: " ").map(String.init)
                guard !labels.isEmpty else { throw .other("'labels' needs at least one label, separated by spaces") }
                settings.labels = labels
            },
            .choice("han", ContactsIndex.HanPolicy.self, help: "how Han names are placed (default: from the locale)") { $0.han = $1 },
            .choice("names", ContactsIndex.NamePolicy.self,
                    help: "personal: Chinese surnames read as surnames (default in contacts style)") { $0.names = $1 },
            .choice("scripts", ContactsIndex.ScriptPolicy.self,
                    help: "auto: a group for every other script in the data (default)") { $0.scripts = $1 },
            .choice("unread-kanji", ContactsIndex.UnreadKanjiPolicy.self,
                    help: "Japanese kanji names without a reading: other, a 他 section after the kana rows (default), or overflow (#)") {
                $0.unreadKanji = $1
            },
            .value("overflow", "TEXT", help: "text of the last bucket (# in contacts style, … in icu style)") { $0.overflow = $1 },
            .value("underflow", "TEXT", help: "text of the first bucket (icu style, default …)") { $0.underflow = $1 },
            .value("inflow", "TEXT", help: "text of buckets between scripts (icu style, default …)") { $0.inflow = $1 },
            .value("max-labels", "N", help: "most labels an index keeps (icu style, default 99)") {
                (settings: inout IndexSettings, value: String) throws(SettingsError.Problem) in
                guard let count = wholeNumber(value, as: Int.self), count > 0 else { throw .notAPositiveNumber }
                settings.maximumLabelCount = count
            },
            .flag("strict", help: "refuse a locale that ICU would serve from root, or with a collation type ICU lacks for it") { $0.strict = $1 },
        ]
    }

    /// Keys only one style takes.
    static let contactsOnly = ["han", "names", "scripts", "unread-kanji"]
    static let icuOnly = ["underflow", "inflow", "max-labels"]

    /// Refuses keys the chosen style does not take; `given` are the keys as written.
    package func validate(given keys: [String], spelling: SettingSpelling) throws(SettingsError) {
        let refused = style == .icu ? Self.contactsOnly : Self.icuOnly
        guard let key = keys.first(where: refused.contains) else { return }
        let problem: SettingsError.Problem = style == .icu
            ? .styleOnly(only: Style.contacts.rawValue, given: Style.icu.rawValue)
            : .styleOnly(only: Style.icu.rawValue, given: nil)
        throw SettingsError(key: key, value: nil, problem: problem, spelling: spelling)
    }

    /// Settings from `key: value` pairs as a fixture header spells them (`han: pinyin`,
    /// `strict: on`): the same validator as the command line's.
    ///
    /// ```swift
    /// let settings = try IndexSettings(locale: "sv", settings: [("style", "icu"), ("max-labels", "10")])
    /// settings.maximumLabelCount   // 10
    /// ```
    ///
    /// - Throws: ``SettingsError`` naming the key and value that are wrong.
    public init(locale: String, settings pairs: [(key: String, value: String)]) throws(SettingsError) {
        self.init(locale: locale)
        try SettingsParser(Self.settings, context: "an index", spelling: .header).apply(pairs, to: &self)
        try validate(given: pairs.map(\.key), spelling: .header)
    }
}

extension String {
    var trimmingSpaces: String {
        String(unicodeScalars.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed().map(Character.init))
    }
}
