import Foundation
import Testing
@testable import Collation
@testable import SectionIndex

/// Runs every fixture in `Fixtures/` through the same code as `section-index check`: one
/// test per file, so a failure names the file.
@Suite("Fixture files")
struct FixtureFilesTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static let files: [String] = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
        .filter { $0.hasSuffix(".fixture") }.sorted() ?? []

    /// Each file's `locale:` header, as an ICU locale id ("sr-Latn" → "sr_Latn").
    static let locales: [String] = files.compactMap { file in
        guard let text = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8),
              let tag = Fixture(text: text, path: file).headers.first(where: { $0.key == "locale" })?.value
        else { return nil }
        return ICU.localeID(fromLanguageTag: tag) ?? tag
    }

    /// The labels `icu::AlphabeticIndex` shows for a locale: the label set a fixture covers.
    static func icuLabels(_ localeID: String) -> [String]? {
        (try? ICU.ReferenceIndex(localeID: localeID).buckets)?.map(\.label)
    }

    /// Issue 16 asks for at least 150 locales.
    @Test("There are fixtures for at least 150 locales")
    func count() {
        #expect(Set(Self.locales).count >= 150, "found \(Set(Self.locales).count) in \(Self.directory.path)")
    }

    /// Issue 16: every distinct label set of the languages ICU 72 has its own index characters
    /// for is some fixture's. A locale that only inherits its parent's characters (en_GB) adds
    /// no label set of its own, so the 213 locales with their own data are the ones to cover.
    @Test("Every label set ICU has its own index characters for has a fixture")
    func everyLabelSet() {
        let covered = Set(Self.locales.compactMap(Self.icuLabels))
        let own = ICU.availableLocaleIDs.filter(ICU.hasOwnIndexCharacters)
        #expect(own.count > 150, "ICU 72 lists 213 locales with their own index characters")
        let missing = own.filter { id in Self.icuLabels(id).map { !covered.contains($0) } ?? true }
        #expect(missing.isEmpty, "no fixture has the labels of: \(missing.joined(separator: " "))")
    }

    /// Issue 34: a locale ICU 72 has no index characters for (nor inherits any: bho, ks, sat,
    /// gsw, ks_Deva, …) gets its index from its exemplar characters; each such label set is
    /// some fixture's too. Regions are left out: they share their language's data.
    @Test("Every locale without index characters has a fixture for its exemplar labels")
    func everyLocaleWithoutIndexCharacters() {
        let covered = Set(Self.locales.compactMap(Self.icuLabels))
        let without = ICU.availableLocaleIDs.filter { id in
            ICU.region(of: id).isEmpty && ICU.exemplars(of: id, kind: .index) == nil
        }
        #expect(without.count >= 18, "ICU 72 has 22 such locales, found \(without.joined(separator: " "))")
        let missing = without.filter { id in Self.icuLabels(id).map { !covered.contains($0) } ?? true }
        #expect(missing.isEmpty, "no fixture has the labels of: \(missing.joined(separator: " "))")
    }

    @Test("Fixture file passes", arguments: Self.files)
    func fixture(file: String) throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
        let report = Fixture(text: text, path: "Fixtures/" + file).check()
        #expect(report.failed == 0, Comment(rawValue: "\n" + report.failures.map(\.description).joined(separator: "\n")))
        #expect(report.passed > 0)
    }
}
