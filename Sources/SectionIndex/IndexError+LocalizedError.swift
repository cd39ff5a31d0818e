// Foundation's error protocol, where Foundation is there. The rest of the module stays free of
// Foundation; FoundationEssentials (where it exists) is the small part that declares it.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
/// `localizedDescription` says what failed and with which input, as `description` does.
///
/// ```swift
/// do {
///     _ = try ContactsIndex(locale: "en US")
/// } catch {
///     print(error.localizedDescription)   // ill-formed locale 'en US': …
/// }
/// ```
extension IndexError: LocalizedError {
    public var errorDescription: String? { description }
}

/// `localizedDescription` names the setting, its value and what is wrong with it.
///
/// ```swift
/// do {
///     _ = try IndexSettings(locale: "sv", settings: [("han", "abacus")])
/// } catch {
///     print(error.localizedDescription)   // invalid value 'abacus' for 'han:': use one of pinyin, …
/// }
/// ```
extension SettingsError: LocalizedError {
    public var errorDescription: String? { description }
}
#endif
