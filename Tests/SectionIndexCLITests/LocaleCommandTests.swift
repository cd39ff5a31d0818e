import Foundation
import Testing
@testable import SectionIndexCLI

/// Issue 17 items 2, 4 and 5 on the command line: root and und work in every subcommand and
/// both styles, ids that name no language and bad collation keywords are usage errors (exit 64)
/// that say what is wrong, and deprecated codes are used without a warning.
@Suite("Locales (command line)")
struct LocaleCommandTests {
    static func run(_ arguments: [String], input: String = "Åsa\nZoë\nAnna\n",
                    environment: [String: String] = [:]) throws -> (status: Int32, output: String, errors: String) {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("section-index-locale-\(UUID().uuidString).txt")
        try Data(input.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let output = OutputBuffer(), errors = OutputBuffer()
        let status = Tool.run(arguments, environment: environment, standardInput: descriptor,
                              standardOutput: output, standardError: errors)
        return (status, output.text, errors.text)
    }

    /// Every subcommand that opens a locale, with both styles where it has them.
    static let commands: [[String]] = [
        ["group"], ["group", "--style", "icu"], ["labels", "-"], ["labels", "--style", "icu", "-"],
        ["keys"], ["keys", "--style", "icu"], ["sort"], ["search", "a"], ["search", "--style", "icu", "a"],
    ]

    @Test("root and und work in every subcommand, strict or not, and as --also", arguments: ["root", "und"])
    func root(locale: String) throws {
        for command in Self.commands {
            for extra in [[], ["--strict"]] {
                let result = try Self.run(command + ["--locale", locale] + extra)
                #expect(result.status == 0, "\(command) \(extra): \(result.errors)")
                #expect(result.errors.isEmpty, "\(command): \(result.errors)")
                #expect(result.output.contains("Anna") || command[0] == "labels", "\(command)")
            }
        }
        // Root: Å is A with a ring, so Åsa is in A.
        let grouped = try Self.run(["group", "--locale", locale, "--format", "tsv"])
        #expect(grouped.output == "A\tAnna\nA\tÅsa\nZ\tZoë\n")
        for style in ["contacts", "icu"] {
            let also = try Self.run(["group", "--style", style, "--locale", "sv", "--also", locale, "--strict", "--format", "tsv"])
            #expect(also.status == 0 && also.errors.isEmpty, "\(style): \(also.errors)")
            #expect(also.output.contains("Å\tÅsa"), "\(style)")
        }
        let environment = try Self.run(["group", "--format", "tsv"], environment: ["LC_ALL": locale])
        #expect(environment.status == 0 && environment.output == grouped.output, "\(environment.errors)")
    }

    @Test("A fixture can say locale: root")
    func rootFixture() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("section-index-root-\(UUID().uuidString).fixture")
        try Data("locale: root\nÅsa -> A\norder: Anna < Åsa < Zoë\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try Self.run(["check", url.path])
        #expect(result.status == 0, "\(result.output) \(result.errors)")
    }

    @Test("An id that names no language is a usage error in every subcommand", arguments: [
        "_", "@", "x-foo", "@collation=foo", "_US",
    ])
    func noLanguage(locale: String) throws {
        for command in Self.commands {
            for extra in [[], ["--strict"]] {
                let result = try Self.run(command + ["--locale", locale] + extra)
                #expect(result.status == ExitCode.usage.rawValue, "\(command) \(locale)")
                #expect(result.errors.contains("'\(locale)'") && result.errors.contains("names no language"), "\(command): \(result.errors)")
                #expect(result.output.isEmpty)
            }
        }
        let also = try Self.run(["group", "--locale", "sv", "--also", locale])
        #expect(also.status == ExitCode.usage.rawValue, "--also \(locale): \(also.errors)")
        let environment = try Self.run(["group"], environment: ["LC_ALL": locale])
        #expect(environment.status == ExitCode.usage.rawValue, "LC_ALL=\(locale)")
    }

    @Test("A bad collation keyword is a usage error naming the keyword", arguments: [
        ("en-u-kr-bogus", "kr"), ("en-u-ks-bogus", "ks"), ("en-u-ka-bogus", "ka"), ("en-u-kc-bogus", "kc"),
        ("en-u-kf-bogus", "kf"), ("en-u-kn-bogus", "kn"), ("en-u-kk-bogus", "kk"), ("en-u-kv-bogus", "kv"),
        ("en-u-kb-bogus", "kb"), ("en-u-kr-latn-latn", "kr"), ("en-u-vt-0061", "vt"),
        ("en@colStrength=bogus", "ks"), ("ja@collation=private-kana", "co"),
    ])
    func badKeyword(locale: String, keyword: String) throws {
        for command in Self.commands {
            let result = try Self.run(command + ["--locale", locale])
            #expect(result.status == ExitCode.usage.rawValue, "\(command) \(locale): \(result.errors)")
            #expect(result.errors.contains("'\(keyword)'") && result.errors.contains(locale), "\(command): \(result.errors)")
            #expect(!result.errors.contains("ICU failed"))
        }
    }

    @Test("A bad collation keyword in --also is a usage error in both styles", arguments: ["contacts", "icu"])
    func badKeywordInAlso(style: String) throws {
        let result = try Self.run(["group", "--locale", "sv", "--style", style, "--also", "en-u-kr-bogus"], input: "Åsa\n")
        #expect(result.status == ExitCode.usage.rawValue, "\(result.errors)")
        #expect(result.errors.contains("'kr'") && result.errors.contains("'en-u-kr-bogus'"), "names the keyword and the text given: \(result.errors)")
    }

    @Test("A collation type ICU lacks for the locale is warned about, and refused with --strict", arguments: [
        ["--locale", "sv-u-co-bogus"], ["--locale", "en-u-co-phonebk"], ["--locale", "sv", "--also", "sv-u-co-bogus"],
        ["--locale", "sv", "--style", "icu", "--also", "en-u-co-phonebk"],
    ])
    func missingCollationType(options: [String]) throws {
        let commands: [[String]] = options.contains("--also") ? [["group"], ["labels"]] : Self.commands
        for command in commands {
            let result = try Self.run(command + options, input: "Åsa\nZed\n")
            #expect(result.status == 0, "\(command) \(options): \(result.errors)")
            #expect(result.errors.contains("warning: ICU has no collation") && result.errors.contains("standard order"),
                    "\(command) \(options): \(result.errors)")
            let strict = try Self.run(command + options + ["--strict"], input: "Åsa\nZed\n")
            #expect(strict.status == ExitCode.usage.rawValue, "\(command) \(options) --strict: \(strict.errors)")
            #expect(strict.errors.contains("unknown collation"), "\(strict.errors)")
        }
        // The order is sv's standard one: Å after Z.
        if options == ["--locale", "sv-u-co-bogus"] {
            #expect(try Self.run(["sort"] + options, input: "Åsa\nZed\n").output == "Zed\nÅsa\n")
        }
    }

    @Test("Deprecated codes are used without a warning, also under --strict", arguments: ["iw", "in", "mo", "sh", "tl"])
    func deprecated(locale: String) throws {
        for command in Self.commands {
            let result = try Self.run(command + ["--locale", locale, "--strict"])
            #expect(result.status == 0, "\(command) \(locale): \(result.errors)")
            #expect(result.errors.isEmpty, "\(command): \(result.errors)")
        }
        // mo is Romanian: Ț is a letter after T (CLDR ro collation).
        if locale == "mo" {
            #expect(try Self.run(["sort", "--locale", "mo"], input: "Ța\nTz\n").output == "Tz\nȚa\n")
        }
        // sh is sr-Latn: Č is a label of its own.
        if locale == "sh" {
            #expect(try Self.run(["labels", "--locale", "sh"]).output == (try Self.run(["labels", "--locale", "sr-Latn"])).output)
        }
    }
}
