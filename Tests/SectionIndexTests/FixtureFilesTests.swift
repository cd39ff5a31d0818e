import Foundation
import Testing
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

    @Test("There are fixtures for at least 40 locales")
    func count() {
        #expect(Self.files.count >= 40, "found \(Self.files.count) in \(Self.directory.path)")
    }

    @Test("Fixture file passes", arguments: Self.files)
    func fixture(file: String) throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
        let report = Fixture(text: text, path: "Fixtures/" + file).check()
        #expect(report.failed == 0, Comment(rawValue: "\n" + report.failures.map(\.description).joined(separator: "\n")))
        #expect(report.passed > 0)
    }
}
