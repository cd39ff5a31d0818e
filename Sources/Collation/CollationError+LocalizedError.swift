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
///     _ = try Collator(locale: "xx", strict: true)
/// } catch {
///     print(error.localizedDescription)   // unknown locale 'xx': ICU has no data for it …
/// }
/// ```
extension CollationError: LocalizedError {
    public var errorDescription: String? { description }
}

/// `localizedDescription` names the operation, the input and ICU's status.
extension ICUError: LocalizedError {
    public var errorDescription: String? { description }
}
#endif
