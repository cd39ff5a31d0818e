/// Why a locale or collator could not be had.
///
/// ```swift
/// try Collator(locale: "xx").usesRootFallback      // true: served by root collation
/// try Collator(locale: "xx", strict: true)         // throws .unsupportedLocale("xx")
/// try LocaleIdentifier("en US")                    // throws .illFormedLocale("en US", reason: …)
/// ```
public enum CollationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is neither a well-formed BCP 47 tag nor a well-formed ICU locale id.
    case illFormedLocale(String, reason: String)
    /// The locale is well formed but ICU has no data for its language, so it would be served
    /// by root collation; an error only when strict resolution was asked for.
    case unsupportedLocale(String)
    /// ICU itself failed.
    case icu(ICUError)

    public var description: String {
        switch self {
        case let .illFormedLocale(text, reason):
            "ill-formed locale '\(text)': \(reason)"
        case let .unsupportedLocale(text):
            "unknown locale '\(text)': ICU has no data for it and would use root collation"
        case let .icu(error):
            error.description
        }
    }
}
