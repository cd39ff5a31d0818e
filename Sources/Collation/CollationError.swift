/// Why a locale or collator could not be had.
///
/// ```swift
/// try Collator(locale: "xx").usesRootFallback      // true: served by root collation
/// try Collator(locale: "xx", strict: true)         // throws .unsupportedLocale("xx")
/// try LocaleIdentifier("en US")                    // throws .illFormedLocale("en US", reason: …)
/// try Collator(locale: "en-u-kr-bogus")            // throws .invalidCollationKeyword(…, keyword: "kr", value: "bogus")
/// try Collator(locale: "sv-u-co-bogus", strict: true)   // throws .unsupportedCollationType(…, type: "bogus", …)
/// ```
public enum CollationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is neither a well-formed BCP 47 tag nor a well-formed ICU locale id.
    case illFormedLocale(String, reason: String)
    /// The locale is well formed but ICU has no data for its language, so it would be served
    /// by root collation; an error only when strict resolution was asked for.
    case unsupportedLocale(String)
    /// A collation keyword of the locale has a value ICU cannot apply (`en-u-kr-bogus`,
    /// `en@colStrength=bogus`, `ja@collation=private-kana`): the locale, the keyword's BCP 47
    /// key ("kr", "ks", "co") and the value at fault.
    case invalidCollationKeyword(String, keyword: String, value: String)
    /// The locale asks for a collation type ICU lacks for it (`sv-u-co-bogus`,
    /// `en-u-co-phonebk`), so ICU would use the standard order; an error only when strict
    /// resolution was asked for. The locale, the type, and the types ICU has for it.
    case unsupportedCollationType(String, type: String, available: [String])
    /// ICU itself failed.
    case icu(ICUError)

    public var description: String {
        switch self {
        case let .illFormedLocale(text, reason):
            "ill-formed locale \(Self.quoted(text)): \(reason)"
        case let .unsupportedLocale(text):
            "unknown locale \(Self.quoted(text)): ICU has no data for it and would use root collation"
        case let .invalidCollationKeyword(text, keyword, value):
            value == "yes"
                ? "invalid collation keyword in locale \(Self.quoted(text)): '\(keyword)' needs a value"
                : "invalid collation keyword in locale \(Self.quoted(text)): '\(keyword)' cannot be '\(value)'"
        case let .unsupportedCollationType(text, type, available):
            "unknown collation '\(type)' in locale \(Self.quoted(text)): ICU has no such collation for it and would use the standard order (it has: \(available.joined(separator: ", ")))"
        case let .icu(error):
            error.description
        }
    }

    /// A locale text as a message shows it: at most 60 characters, then how long it was, so
    /// a 10 KB argument does not fill the terminal.
    static func quoted(_ text: String) -> String {
        text.count <= 60 ? "'\(text)'" : "'\(text.prefix(60))…' (\(text.utf8.count) bytes)"
    }
}
