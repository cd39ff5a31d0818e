/// A locale, accepted as a BCP 47 tag (`sv-SE`, `zh-Hant-TW`, `ja-JP-u-co-unihan`,
/// `de-u-co-phonebk`), an ICU id (`zh@collation=stroke`, `sv_SE`) or a POSIX locale value as
/// the environment holds it (`sv_SE.UTF-8`, `de_DE@euro`, `C`), and checked for
/// well-formedness.
///
/// ```swift
/// let stroke = try LocaleIdentifier("zh-u-co-stroke")
/// stroke.icuID          // "zh@collation=stroke"
/// stroke.languageTag    // "zh-u-co-stroke"
/// stroke.collation      // "stroke"
///
/// try LocaleIdentifier("iw").languageTag            // "he": deprecated codes are replaced
/// try LocaleIdentifier("root").languageTag          // "und": CLDR's root locale
/// try LocaleIdentifier("sv_SE.UTF-8").languageTag   // "sv-SE"
/// try LocaleIdentifier("_US")                       // throws: names no language
/// ```
public struct LocaleIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The text as the caller gave it.
    public let requested: String
    /// ICU's canonical id ("zh_Hant_TW", "de@collation=phonebook"; "root" for CLDR's root).
    public let icuID: String
    /// The BCP 47 form ("zh-Hant-TW", "de-u-co-phonebk"; "und" for CLDR's root).
    public let languageTag: String

    /// ICU's longest locale id (ULOC_FULLNAME_CAPACITY - 1).
    private static let maximumLength = 156

    /// Parses and checks a locale.
    ///
    /// Deprecated codes become current ones (`iw` → `he`, `in` → `id`, `mo` → `ro`,
    /// `sh` → `sr-Latn`, `tl` → `fil`), as CLDR's aliases say. `root` and `und` name CLDR's root
    /// locale (no language's extras); an id that names no language at all (`_US`, `@`,
    /// `x-foo`, `@collation=phonebook`) is refused.
    ///
    /// - Throws: ``CollationError/illFormedLocale(_:reason:)`` for text that is neither a
    ///   well-formed BCP 47 tag, nor a well-formed ICU id, nor a POSIX locale value, or that
    ///   names no language.
    public init(_ text: String) throws(CollationError) {
        requested = text
        guard !text.isEmpty else { throw .illFormedLocale(text, reason: "it is empty") }
        guard text.utf8.count <= Self.maximumLength else {
            throw .illFormedLocale(text, reason: "longer than \(Self.maximumLength) bytes")
        }
        let id = Self.localeID(fromPOSIX: text) ?? text
        guard !id.isEmpty else {
            throw .illFormedLocale(text, reason: "it names no language (say 'root' or 'und' for CLDR's root locale)")
        }
        guard id.unicodeScalars.allSatisfy(Self.isAllowed) else {
            throw .illFormedLocale(text, reason: "only ASCII letters, digits, '-', '_', '@', '=' and ';' may appear")
        }
        if let repeated = Self.repeatedKeyword(in: id) {
            // ICU would keep the first value and drop the other without a word.
            throw .illFormedLocale(text, reason: "the keyword '\(repeated)' is given twice; give it once")
        }
        let parsed: String
        if id.contains("_") || id.contains("@") || id.lowercased() == "root" {
            guard id.filter({ $0 == "@" }).count <= 1,
                  let canonical = ICU.canonicalLocaleID(id),
                  ICU.languageTag(fromLocaleID: canonical, strict: true) != nil
            else { throw .illFormedLocale(text, reason: "not a well-formed ICU locale id") }
            parsed = canonical
        } else {
            guard let converted = ICU.localeID(fromLanguageTag: id),
                  ICU.languageTag(fromLocaleID: converted, strict: true) != nil
            else { throw .illFormedLocale(text, reason: "not a well-formed BCP 47 language tag") }
            parsed = converted
        }
        let current = ICU.replacingAliases(parsed) ?? parsed
        let (base, keywords) = Self.split(current)
        if ["", "root", "und"].contains(base.lowercased()) {
            // Root is asked for by name; an id that merely lacks a language ("_US", "x-foo",
            // "@collation=…") would be served from root without saying so.
            let first = id.prefix { $0 != "-" && $0 != "_" && $0 != "@" }.lowercased()
            guard first == "root" || first == "und" else {
                throw .illFormedLocale(text, reason: "it names no language (say 'root' or 'und' for CLDR's root locale)")
            }
            icuID = "root" + keywords
            languageTag = ICU.languageTag(fromLocaleID: keywords, strict: false) ?? "und"
        } else if ["", "root", "und"].contains(ICU.language(of: current)) {
            let first = id.prefix { $0 != "-" && $0 != "_" && $0 != "@" }.lowercased()
            guard first != "und", first != "root" else {
                throw .illFormedLocale(text, reason: "'\(first)' with a script or region still names no language: say '\(first)' alone for CLDR's root locale, or name the language (sv-SE)")
            }
            throw .illFormedLocale(text, reason: "it names no language (say 'root' or 'und' for CLDR's root locale)")
        } else {
            guard let tag = ICU.languageTag(fromLocaleID: current, strict: true) else {
                throw .illFormedLocale(text, reason: "not a well-formed locale")
            }
            icuID = current
            languageTag = tag
        }
    }

    /// A keyword the id gives twice: a key of its BCP 47 `-u-` extension (`sv-u-co-foo-co-bar`)
    /// or of its ICU keywords (`sv@collation=foo;collation=bar`), as written; nil when none is.
    private static func repeatedKeyword(in id: String) -> String? {
        var seen = Set<String>()
        if let at = id.firstIndex(of: "@") {
            for pair in id[id.index(after: at)...].split(separator: ";") {
                let key = String(pair.prefix { $0 != "=" })
                if !seen.insert(key.lowercased()).inserted { return key }
            }
            return nil
        }
        // In a tag, the -u- extension runs to the next singleton; its keys have two characters.
        var inUnicodeExtension = false
        for subtag in id.split(whereSeparator: { $0 == "-" || $0 == "_" }) {
            if subtag.count == 1 {
                inUnicodeExtension = subtag.lowercased() == "u"
                seen = []
            } else if inUnicodeExtension, subtag.count == 2, !seen.insert(subtag.lowercased()).inserted {
                return String(subtag)
            }
        }
        return nil
    }

    /// An ICU id cut into its base ("sv_SE") and its keywords ("@collation=phonebook" or "").
    private static func split(_ id: String) -> (base: String, keywords: String) {
        guard let at = id.firstIndex(of: "@") else { return (id, "") }
        return (String(id[..<at]), String(id[at...]))
    }

    /// The ICU keywords of the locale, in order: `("collation", "stroke")`,
    /// `("colreorder", "latn-cyrl")`.
    package var keywords: [(key: String, value: String)] {
        let list = Self.split(icuID).keywords.dropFirst()
        return list.split(separator: ";").compactMap { pair -> (key: String, value: String)? in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return (String(parts[0]), String(parts[1]))
        }
    }

    /// The locale without its keywords, as an ICU id ("sv_SE" for "sv_SE@collation=search").
    package var baseID: String { Self.split(icuID).base }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", "@", "=", ";": true
        default: false
        }
    }

    /// The language subtag ("zh"); empty for root.
    public var language: String {
        let language = ICU.language(of: icuID)
        return language == "root" || language == "und" ? "" : language
    }

    /// True for CLDR's root locale (`root`, `und`, with or without keywords).
    public var isRoot: Bool { language.isEmpty }
    /// The script subtag ("Hant"), or empty.
    public var script: String { ICU.script(of: icuID) }
    /// The region subtag ("TW"), or empty.
    public var region: String { ICU.region(of: icuID) }
    /// The collation type asked for ("stroke", "pinyin", "phonebook"), or nil.
    public var collation: String? {
        let value = ICU.keyword("collation", of: icuID)
        return value.isEmpty ? nil : value
    }

    /// Whether ICU has locale data for this locale's language; when not, ICU serves it from
    /// root ("xx", "tlh").
    public var hasICUData: Bool {
        language.isEmpty || ICU.availableLanguages.contains(language)
    }

    /// The collation types ICU has for this locale, its root's included, by ICU's names:
    /// `["standard", "search", "traditional", "emoji", "eor"]` for `sv`.
    public var availableCollationTypes: [String] { ICU.collationTypes(of: baseID) }

    /// The collation type asked for when ICU has none of that name for this locale and would
    /// use the standard order instead: "bogus" for `sv-u-co-bogus`, "phonebook" for
    /// `en-u-co-phonebk`; nil when none was asked for or ICU has it.
    ///
    /// ```swift
    /// try LocaleIdentifier("de-u-co-phonebk").missingCollationType   // nil
    /// try LocaleIdentifier("en-u-co-phonebk").missingCollationType   // "phonebook"
    /// ```
    public var missingCollationType: String? {
        guard let collation, !availableCollationTypes.contains(collation) else { return nil }
        return collation
    }

    /// Checks that ICU can give this locale's collation as asked, the way ``Collator`` does
    /// when it opens one, for a locale that is only read for its letters (an index's
    /// additional locales).
    ///
    /// ```swift
    /// try LocaleIdentifier("en-u-kr-bogus").checkCollation(strict: false)   // throws .invalidCollationKeyword
    /// try LocaleIdentifier("sv-u-co-bogus").checkCollation(strict: false)   // passes: ICU uses standard
    /// try LocaleIdentifier("sv-u-co-bogus").checkCollation(strict: true)    // throws .unsupportedCollationType
    /// ```
    ///
    /// - Throws: ``CollationError/invalidCollationKeyword(_:keyword:value:)`` for a keyword ICU
    ///   refuses; with `strict`, ``CollationError/unsupportedLocale(_:)`` for a language ICU has
    ///   no data for and ``CollationError/unsupportedCollationType(_:type:available:)`` for a
    ///   collation type ICU lacks for it.
    public func checkCollation(strict: Bool) throws(CollationError) {
        for (key, value) in keywords where (try? ICU.CollatorHandle(localeID: baseID + "@" + key + "=" + value)) == nil {
            throw .invalidCollationKeyword(requested, keyword: ICU.unicodeKey(of: key), value: value)
        }
        guard strict else { return }
        if !hasICUData { throw .unsupportedLocale(requested) }
        if let missing = missingCollationType {
            throw .unsupportedCollationType(requested, type: missing, available: availableCollationTypes)
        }
    }

    /// The same locale with CLDR's likely subtags added ("zh-TW" → "zh-Hant-TW").
    public var maximized: LocaleIdentifier {
        guard let full = ICU.addLikelySubtags(icuID), let result = try? LocaleIdentifier(full) else {
            return self
        }
        return result
    }

    public var description: String { languageTag }
}
