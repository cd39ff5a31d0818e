#if canImport(Foundation)
import Foundation

extension LocaleIdentifier {
    /// The locale of a Foundation `Locale`, keywords and all (`sv_SE@collation=search`); the
    /// empty identifier, Foundation's root locale, is CLDR's root.
    ///
    /// ```swift
    /// try LocaleIdentifier(Locale(identifier: "sv_SE")).languageTag   // "sv-SE"
    /// try LocaleIdentifier(Locale(identifier: "")).languageTag        // "und"
    /// ```
    ///
    /// - Throws: ``CollationError/illFormedLocale(_:reason:)``, as the initializer from text does.
    public init(_ locale: Locale) throws(CollationError) {
        try self.init(locale.identifierForCollation)
    }
}

extension Collator {
    /// Opens a collator for a Foundation `Locale`.
    ///
    /// ```swift
    /// let collator = try Collator(locale: Locale(identifier: "sv_SE"))
    /// collator.compare("Åsa", "Zoë")   // .descending
    /// ```
    ///
    /// - Throws: ``CollationError``, as the initializer from a locale id does.
    public init(locale: Locale, options: Options = Options(), strict: Bool = false) throws(CollationError) {
        try self.init(locale: LocaleIdentifier(locale), options: options, strict: strict)
    }
}

extension Locale {
    /// The identifier as this package reads it: Foundation's empty identifier is root.
    package var identifierForCollation: String { identifier.isEmpty ? "root" : identifier }
}
#endif
