/// A locale, accepted as a BCP 47 tag (`sv-SE`, `zh-Hant-TW`, `ja-JP-u-co-unihan`,
/// `de-u-co-phonebk`) or an ICU id (`zh@collation=stroke`, `sv_SE`), and checked for
/// well-formedness.
///
/// ```swift
/// let stroke = try LocaleIdentifier("zh-u-co-stroke")
/// stroke.icuID          // "zh@collation=stroke"
/// stroke.languageTag    // "zh-u-co-stroke"
/// stroke.collation      // "stroke"
/// ```
public struct LocaleIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The text as the caller gave it.
    public let requested: String
    /// ICU's canonical id ("zh_Hant_TW", "de@collation=phonebook").
    public let icuID: String
    /// The BCP 47 form ("zh-Hant-TW", "de-u-co-phonebk").
    public let languageTag: String

    /// ICU's longest locale id (ULOC_FULLNAME_CAPACITY - 1).
    private static let maximumLength = 156

    /// Parses and checks a locale.
    ///
    /// - Throws: ``CollationError/illFormedLocale(_:reason:)`` for text that is neither a
    ///   well-formed BCP 47 tag nor a well-formed ICU id.
    public init(_ text: String) throws(CollationError) {
        requested = text
        guard !text.isEmpty else { throw .illFormedLocale(text, reason: "it is empty") }
        guard text.utf8.count <= Self.maximumLength else {
            throw .illFormedLocale(text, reason: "longer than \(Self.maximumLength) bytes")
        }
        guard text.unicodeScalars.allSatisfy(Self.isAllowed) else {
            throw .illFormedLocale(text, reason: "only ASCII letters, digits, '-', '_', '@', '=' and ';' may appear")
        }
        let looksLikeICU = text.contains("_") || text.contains("@") || text == "root"
        if looksLikeICU {
            guard text.filter({ $0 == "@" }).count <= 1,
                  let canonical = ICU.canonicalLocaleID(text),
                  let tag = ICU.languageTag(fromLocaleID: canonical, strict: true)
            else { throw .illFormedLocale(text, reason: "not a well-formed ICU locale id") }
            icuID = canonical
            languageTag = tag
        } else {
            guard let id = ICU.localeID(fromLanguageTag: text),
                  let tag = ICU.languageTag(fromLocaleID: id, strict: true)
            else { throw .illFormedLocale(text, reason: "not a well-formed BCP 47 language tag") }
            icuID = id
            languageTag = tag
        }
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", "@", "=", ";": true
        default: false
        }
    }

    /// The language subtag ("zh"); empty for root.
    public var language: String { ICU.language(of: icuID) }
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
        language.isEmpty || language == "root" || ICU.availableLanguages.contains(language)
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
