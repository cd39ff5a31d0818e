// swift-tools-version: 6.0
// SectionIndex: locale-correct sections, side index, sorting and search for lists of names.
import PackageDescription

let package = Package(
    name: "SectionIndex",
    products: [
        .library(name: "SectionIndex", targets: ["SectionIndex"]),
        .library(name: "Collation", targets: ["Collation"]),
        .executable(name: "section-index", targets: ["section-index"]),
        .executable(name: "section-index-bench", targets: ["section-index-bench"]),
    ],
    dependencies: [],
    targets: [
        // ICU from the system (Debian's libicu-dev), found with pkg-config. It only carries
        // flags: its header declares nothing.
        .systemLibrary(
            name: "ICUSystem",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev", "pkg-config"])]
        ),
        // The only code that includes ICU's headers: prefixed C functions over opaque handles.
        // No unsafeFlags: SwiftPM refuses them in a versioned dependency. `.ci/run` builds it
        // with `-Xcxx -Wall -Xcxx -Werror -Xcxx -fno-exceptions` instead.
        .target(
            name: "CICU",
            dependencies: ["ICUSystem"],
            linkerSettings: [
                .linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata"),
            ]
        ),
        // Collator, options, sort keys, locale ids, typed errors.
        .target(name: "Collation", dependencies: ["CICU"]),
        // Labels, buckets, sections, search, fixtures.
        .target(name: "SectionIndex", dependencies: ["Collation", "CICU"]),
        // The command line: parse arguments, run, map errors to exit codes.
        .target(name: "SectionIndexCLI", dependencies: ["SectionIndex", "Collation"], plugins: ["ToolVersion"]),
        // The tool's version from the VERSION file, the one place a release updates.
        .plugin(name: "ToolVersion", capability: .buildTool()),
        .executableTarget(name: "section-index", dependencies: ["SectionIndexCLI"]),
        // The benchmark, apart from the library so the library stays dependency-free.
        .executableTarget(
            name: "section-index-bench",
            dependencies: ["SectionIndex", "Collation", "CICU"]
        ),
        // The shared corpus and awkward inputs, for the test targets only.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "CollationTests", dependencies: ["Collation", "TestSupport"]),
        .testTarget(name: "SectionIndexTests", dependencies: ["SectionIndex", "Collation", "CICU", "TestSupport"]),
        .testTarget(
            name: "SectionIndexCLITests",
            dependencies: ["SectionIndexCLI", "SectionIndex", "Collation", "TestSupport"]
        ),
        // libFuzzer targets (issue 8). A plain build replays files given as arguments (the
        // seed corpus in Tests/FuzzCorpus); `.ci/robustness` builds them with -sanitize=fuzzer.
        .target(name: "FuzzReplay", path: "Sources/Fuzz/replay"),
        .executableTarget(name: "fuzz-fixture", dependencies: ["SectionIndex", "Collation", "FuzzReplay"], path: "Sources/Fuzz/fixture"),
        .executableTarget(name: "fuzz-grouping", dependencies: ["SectionIndex", "SectionIndexCLI", "FuzzReplay"], path: "Sources/Fuzz/grouping"),
    ],
    cxxLanguageStandard: .cxx17
)
