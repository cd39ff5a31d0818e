import Foundation
import Testing

/// Issue 14, blocker 2: the package works as a versioned dependency. A throwaway clone of this
/// repository (its committed `HEAD`) is tagged with the VERSION file's version; a new package depends on it with
/// `.package(url: "file://…", from: version)`, calls `Collator`, `ContactsIndex` and
/// `NameMatcher`, and is built and run. SwiftPM refuses a versioned dependency whose library
/// targets use `unsafeFlags`, so this is what fails if one comes back.
///
/// It builds the library a second time from scratch (minutes), so it runs only when
/// `SECTION_INDEX_PACKAGE_TESTS=1` is set, as `.ci/run` does, and only where `git` is.
@Suite("Package consumer", .enabled(if: ConsumerBuild.canRun, ConsumerBuild.skipReason))
struct PackageConsumerTests {
    /// The consumer's code: what a user writes after adding the dependency.
    /// Only `SectionIndex`, product and import: `Collator` comes with it (issue 36).
    static let consumerMain = """
        import SectionIndex

        let swedish = try Collator(locale: "sv")
        print("sorted:", swedish.sorted(["Zoë", "Åsa", "Anna"]).joined(separator: ","))
        let index = try ContactsIndex(locale: "sv")
        let sections = index.sections(of: ["Östen", "Anna", "Åsa"])
        print("sections:", sections.map { $0.label + "=" + $0.items.joined(separator: "+") }.joined(separator: ","))
        let matcher = try NameMatcher(locale: "ja")
        let list = matcher.prepare(names: ["田中", "Smith", "山田"], readings: ["たなか", nil, "やまだ"])
        print("search:", list.search("tana").map { $0.label + "=" + $0.element }.joined(separator: ","))
        let side = index.sideIndex(of: ["Östen", "Anna"], name: { $0 })
        print("side:", side.labels.count, side.section(forTitle: "B") ?? -1)

        """

    @Test("A package depending on a tagged clone by version builds and runs")
    func consumerBuildsAndRuns() throws {
        let git = try #require(ConsumerBuild.git), swift = try #require(ConsumerBuild.swift)
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }

        let dependency = directory.appendingPathComponent("SectionIndex")
        let clone = try ExternalTool.run(git, ["clone", "-q", ExternalTool.packageRoot.path, dependency.path])
        try #require(clone.status == 0, "git clone: \(clone.errors)")
        // Tagged with the VERSION file's version, as a release is, and depended on from it,
        // as the README's example does.
        let version = try String(contentsOf: ExternalTool.packageRoot.appendingPathComponent("VERSION"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let tag = try ExternalTool.run(git, ["-C", dependency.path, "tag", version])
        try #require(tag.status == 0, "git tag: \(tag.errors)")

        let consumer = directory.appendingPathComponent("Consumer")
        let sources = consumer.appendingPathComponent("Sources/Consumer")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Consumer",
                dependencies: [.package(url: "\(dependency.absoluteString)", from: "\(version)")],
                targets: [
                    .executableTarget(name: "Consumer", dependencies: [
                        .product(name: "SectionIndex", package: "SectionIndex"),
                    ]),
                ]
            )

            """
        try Data(manifest.utf8).write(to: consumer.appendingPathComponent("Package.swift"))
        try Data(Self.consumerMain.utf8).write(to: sources.appendingPathComponent("main.swift"))

        let build = try ExternalTool.run(swift, ["build", "--package-path", consumer.path], timeout: 1800)
        try #require(build.status == 0, "swift build of the consumer:\n\(build.text)\n\(build.errors)")
        #expect(!build.text.contains("unsafe"), "no unsafe build flags reported")

        let run = try ExternalTool.run(consumer.appendingPathComponent(".build/debug/Consumer").path, [])
        #expect(run.status == 0, "\(run.errors)")
        // CLDR's Swedish: Å and Ö are letters of their own after Z; ja: 田中 read たなか is
        // found by its romaji and filed under た; the side index is sv's 29 letters and #, and
        // a tap on the empty B goes to Ö, the next section with names.
        #expect(run.text == """
            sorted: Anna,Zoë,Åsa
            sections: A=Anna,Å=Åsa,Ö=Östen
            search: た=田中
            side: 30 1

            """)
    }
}

/// When the consumer build can and should run (apart from the suite: its trait cannot refer to
/// the suite's own members).
enum ConsumerBuild {
    static let git = ExternalTool.path(of: "git")
    static let swift = ExternalTool.path(of: "swift")
    static let requested = ProcessInfo.processInfo.environment["SECTION_INDEX_PACKAGE_TESTS"] == "1"
    static let isRepository = FileManager.default.fileExists(atPath: ExternalTool.packageRoot.appendingPathComponent(".git").path)
    static let canRun = requested && git != nil && swift != nil && isRepository

    static var skipReason: Comment {
        if !requested { return "a full build of a consumer package: set SECTION_INDEX_PACKAGE_TESTS=1 (.ci/run does)" }
        if git == nil || swift == nil { return "needs git and swift on PATH" }
        return "the package is not a git repository: nothing to clone"
    }
}
