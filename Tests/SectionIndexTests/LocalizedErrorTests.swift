import Foundation
import Testing
@testable import Collation
@testable import SectionIndex

/// Issue 14, item 7: where Foundation is available, `localizedDescription` of every public
/// error says what failed and with which input (it used to say "The operation could not be
/// completed. (SectionIndex.IndexError error 0.)").
@Suite("Localized errors")
struct LocalizedErrorTests {
    /// Each error as the library's own API throws it, with the input it must name.
    static let thrown: [(call: String, input: String, error: any Error)] = {
        func failure(_ body: () throws -> Void) -> any Error {
            do { try body() } catch { return error }
            return CancellationError()   // not thrown: fails the test below
        }
        return [
            ("Collator strict", "xx", failure { _ = try Collator(locale: "xx", strict: true) }),
            ("LocaleIdentifier", "en US", failure { _ = try LocaleIdentifier("en US") }),
            ("ContactsIndex", "en US", failure { _ = try ContactsIndex(locale: "en US") }),
            ("ContactsIndex strict", "xx", failure { _ = try ContactsIndex(locale: "xx", strict: true) }),
            ("AlphabeticIndex", "0", failure { _ = try AlphabeticIndex(.init(locale: "sv", maximumLabelCount: 0)) }),
            ("IndexSettings", "abacus", failure { _ = try IndexSettings(locale: "sv", settings: [("han", "abacus")]) }),
            ("IndexSettings", "colour", failure { _ = try IndexSettings(locale: "sv", settings: [("colour", "red")]) }),
        ]
    }()

    @Test("localizedDescription is the error's description and names the input", arguments: thrown.indices)
    func localizedDescription(case number: Int) {
        let (call, input, error) = Self.thrown[number]
        #expect(!(error is CancellationError), "\(call) threw")
        #expect(error is LocalizedError, "\(call): \(type(of: error)) is a LocalizedError")
        #expect(error.localizedDescription == String(describing: error), "\(call)")
        #expect(error.localizedDescription.contains(input), "\(call): names '\(input)': \(error.localizedDescription)")
        #expect(!error.localizedDescription.contains("could not be completed"), "\(call)")
    }

    @Test("An ICU failure names the operation, the input and ICU's status")
    func icuError() {
        let error: any Error = ICUError(operation: "opening a collator", input: "sv", code: 1)
        #expect(error.localizedDescription == "ICU failed opening a collator for 'sv': U_ILLEGAL_ARGUMENT_ERROR")
    }
}
