#if canImport(Foundation)
import Foundation
import Collation

extension ContactsIndex {
    /// Builds the index for a Foundation `Locale` (`Locale.current`, a user's choice).
    ///
    /// ```swift
    /// let index = try ContactsIndex(locale: Locale(identifier: "sv_SE"))
    /// index.label(for: "Åsa")      // "Å"
    /// index.resolvedLocale         // "sv-SE"
    /// ```
    ///
    /// - Throws: ``IndexError``, as the initializer from a locale id does.
    public init(locale: Locale, options: Options = Options(), strict: Bool = false) throws(IndexError) {
        try self.init(locale: locale.identifierForCollation, options: options, strict: strict)
    }
}

extension AlphabeticIndex {
    /// Builds ICU's index for a Foundation `Locale`.
    ///
    /// ```swift
    /// try AlphabeticIndex(locale: Locale(identifier: "sv_SE")).label(for: "Östen")   // "Ö"
    /// ```
    ///
    /// - Throws: ``IndexError``, as the initializer from a locale id does.
    public init(locale: Locale, additionalLocales: [String] = []) throws(IndexError) {
        try self.init(locale: locale.identifierForCollation, additionalLocales: additionalLocales)
    }
}
#endif
