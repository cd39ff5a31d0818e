import Collation
import Synchronization

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

    /// Where a Japanese name in kanji without a reading goes: its own section after the kana
    /// rows, labelled 他 ("other") as Android's contacts label it, or `#` with digits and
    /// symbols.
    ///
    /// ```swift
    /// try ContactsIndex(locale: "ja").label(for: "日本")                                      // "他"
    /// try ContactsIndex(locale: "ja", options: .init(unreadKanji: .overflow)).label(for: "日本") // "#"
    /// ```
    public enum UnreadKanjiPolicy: String, Sendable, Hashable, CaseIterable, Codable {
        case other, overflow
    }

    /// The label of the section of kanji names without a reading (``UnreadKanjiPolicy/other``).
    public static let unreadKanjiLabel = "他"

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
        /// Where Japanese kanji names without a reading go (a Japanese group placing Han by
        /// reading only).
        public var unreadKanji: UnreadKanjiPolicy
        /// Labels added to the primary locale's group, as ICU's `addLabels` adds a set; a label
        /// of several characters is kept as written (a German phone book's `Sch`, `St`).
        ///
        /// ```swift
        /// let index = try ContactsIndex(locale: "de", options: .init(labels: ["Sch", "St"]))
        /// index.label(for: "Schulz")   // "Sch"
        /// index.label(for: "Seidel")   // "S"
        /// ```
        public var labels: [String]

        public init(additionalLocales: [String] = [], han: HanPolicy? = nil, names: NamePolicy = .personal,
                    scripts: ScriptPolicy = .auto, overflowLabel: String = "#", unreadKanji: UnreadKanjiPolicy = .other,
                    labels: [String] = []) {
            self.labels = labels
            self.additionalLocales = additionalLocales
            self.han = han
            self.names = names
            self.scripts = scripts
            self.overflowLabel = overflowLabel
            self.unreadKanji = unreadKanji
        }
    }

    /// The primary locale.
    public let locale: LocaleIdentifier
    public let options: Options
    /// The locale whose collation rules apply, as a BCP 47 tag: the most specific part of
    /// ``locale`` that ICU has data for ("sv" for "sv-SE"), "und" for root.
    ///
    /// ```swift
    /// try ContactsIndex(locale: "sv_SE.UTF-8").resolvedLocale   // "sv-SE"
    /// try ContactsIndex(locale: "swedish").resolvedLocale       // "und": no such language
    /// ```
    public var resolvedLocale: String { primaryCollator.resolvedLocale }
    /// True when ICU has no data for the primary locale's language and serves it from root
    /// (`swedish`, `xx`); never for `root` itself. `strict: true` refuses such a locale.
    ///
    /// ```swift
    /// try ContactsIndex(locale: "swedish").usesRootFallback   // true
    /// try ContactsIndex(locale: "sv").usesRootFallback        // false
    /// ```
    public var usesRootFallback: Bool { primaryCollator.usesRootFallback }
    /// The Han policy in force (``Options/han`` or the locale's default).
    public let hanPolicy: HanPolicy
    /// Orders the `#` section: the primary locale's collator, numeric ordering on.
    let primaryCollator: Collator
    /// The primary locale's group and the additional locales' groups, each claiming scripts
    /// no earlier group claims.
    let fixedGroups: [ContactsGroup]
    /// What happens to a key whose first character is Han.
    let hanHandling: HanHandling
    /// Hanja surnames are read by ``KoreanSurnames`` (a Korean group places Han and names are
    /// personal).
    let readsKoreanSurnames: Bool
    /// The group added for Han when the primary's collation does not place it (stroke or
    /// zhuyin under another locale), which also claims its own scripts (Bopomofo); nil else.
    let hanGroup: ContactsGroup?
    /// Keys of Bopomofo-typed names and of surnames read otherwise, under the zhuyin policy
    /// (``ZhuyinSections``); nil under every other policy.
    let zhuyinSections: ZhuyinSections?
    /// The script and letter variants of the group whose language has them (Urdu's Arabic
    /// kaf and yeh, ``LetterVariants``), or nil.
    let letterVariants: (script: Script, letters: [Unicode.Scalar: String])?

    /// Letters a group's collation spells with a leading sign, each with its script: Hausa
    /// `'y` (CLDR ha collation &Y<ƴ<<<Ƴ<<<'y, how ƴ is typed in Nigeria). A key that starts
    /// with one goes to the group of that script, where the collation places it ('Yar'adua
    /// under Ƴ), not to `#` as a key starting with a sign does. Empty for almost every locale.
    let signLetters: [(bytes: [UInt8], script: Script)]

    /// The layouts of single scripts, made once per index (``layout(ofScript:)``).
    let scriptLayouts = ScriptLayouts()

    /// ``layout(scripts:)`` of one script, by script, shared by every copy of the index: each
    /// block of names on each core asks for the layouts of the scripts it meets, and making
    /// one costs hundreds of thousands of instructions.
    final class ScriptLayouts: Sendable {
        let known = Mutex<[Script: Layout]>([:])
    }

    /// Some keys are rewritten (romanised Han, Korean surnames, letter variants, zhuyin): grouping
    /// keeps a slot per entry for the rewritten text.
    var rewritesKeys: Bool { hanHandling.romanizes || readsKoreanSurnames || letterVariants != nil || zhuyinSections != nil }

    /// Builds the index for a primary locale.
    ///
    /// - Throws: ``IndexError`` for an ill-formed locale, an overflow text that cannot serve
    ///   (empty, a tab or line break, or one of the labels), or an ICU failure.
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
        // The list's own languages: their groups have their own letters only (rule 6).
        let primary = try ContactsGroup.shared(localeID: collator.locale.icuID,
                                               addedLabels: AlphabeticIndex.Configuration.customLabels(options.labels),
                                               letters: .own)
        var additional: [LocaleIdentifier] = []
        for other in options.additionalLocales {
            do {
                let id = try LocaleIdentifier(other)
                try id.checkCollation(strict: strict)
                additional.append(id)
            } catch { throw .collation(error) }
        }
        hanPolicy = options.han ?? HanPolicy(defaultFor: [collator.locale] + additional)

        var groups = [primary]
        var claimed = primary.scripts
        for id in additional {
            let group = try ContactsGroup.shared(localeID: id.icuID, letters: .own)
            let new = group.scripts.subtracting(claimed)
            guard !new.isEmpty else { continue }
            groups.append(group.claiming(new))
            claimed.formUnion(new)
        }

        do {
            hanHandling = try hanPolicy.handling(names: options.names, primary: primary)
        } catch {
            throw .collation(.icu(error))
        }
        if case .claimedBy = hanHandling {
            groups[0] = groups[0].claiming(groups[0].scripts.union([Script.han]))
        }
        // Without the group (an ICU without its data) Han goes to `#`, as it did before.
        if case .extraGroup(let localeID) = hanHandling {
            hanGroup = try? ContactsGroup.shared(localeID: localeID)
        } else {
            hanGroup = nil
        }
        // A primary group that claims no script has labels for Han alone (Traditional
        // Chinese's stroke counts), which no name is under when another policy places Han.
        if groups[0].scripts.isEmpty {
            let others = groups.dropFirst().reduce(into: Set<Script>()) { $0.formUnion($1.scripts) }
            if let hanGroup {
                // The group that places Han takes its place, so that a zhuyin index is one
                // index of Bopomofo letters, not the strokes and then the letters (issue 37).
                groups[0] = hanGroup.claiming(hanGroup.scripts.union([Script.han]).subtracting(others))
            } else if !others.contains(Script.latin),
                      let latin = try? ContactsGroup.shared(localeID: HanHandling.latinGroupLocaleID, letters: .own),
                      latin.scripts.contains(Script.latin) {
                // No group places Han (pinyin files Han names under Latin letters; none and
                // reading leave them to `#`): the list's Latin letters, English's A–Z as a
                // Chinese list writes them, take its place, as in a Simplified Chinese list.
                groups[0] = latin.claiming(latin.scripts.subtracting(others))
            }
        }
        if hanPolicy == .zhuyin, let zhuyinGroup = hanGroup ?? (hanHandling.isClaimed(byLanguage: "zh") ? groups[0] : nil) {
            zhuyinSections = ZhuyinSections.shared(for: zhuyinGroup)
        } else {
            zhuyinSections = nil
        }
        readsKoreanSurnames = options.names == .personal && hanHandling.isClaimed(byLanguage: "ko")
        // Kanji that no reading places: a 他 section closing the Japanese group, where ICU's
        // Japanese index has its overflow bucket (Android's ContactLocaleUtils does the same).
        if options.unreadKanji == .other, hanPolicy == .reading, case .overflow = hanHandling,
           let japanese = groups.firstIndex(where: { ICU.language(of: $0.localeID) == "ja" }) {
            groups[japanese] = groups[japanese].closing(with: Self.unreadKanjiLabel).claiming(groups[japanese].scripts.union([Script.han]))
        }
        fixedGroups = groups
        // A group's sign letters of the scripts it claims: another script's are another group's.
        signLetters = groups.flatMap { group in group.signLetters.filter { group.scripts.contains($0.script) } }
        letterVariants = groups.lazy.compactMap { group in
            LetterVariants.letters(forLocaleID: group.localeID).flatMap { variants in
                group.scripts.contains(variants.script) ? variants : nil
            }
        }.first
        try IndexError.checkSpecialLabel(options.overflowLabel, kind: .overflow, labels: groups.lazy.flatMap(\.labels))
    }
}
